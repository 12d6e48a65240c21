import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "~/kernel/auth/password.server";

describe("password hashing", () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const hash = await hashPassword("correct horse battery staple");
    expect(await verifyPassword("correct horse battery staple", hash)).toBe(true);
    expect(await verifyPassword("correct horse battery stapl", hash)).toBe(false);
  });

  it("never stores the password and salts every hash", async () => {
    const a = await hashPassword("same password");
    const b = await hashPassword("same password");
    expect(a).not.toContain("same password");
    expect(a).not.toBe(b);
    expect(a).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
  });

  it("refuses malformed or foreign hashes instead of throwing", async () => {
    for (const stored of ["", "plain", "pbkdf2-sha256$abc$$", "pbkdf2-sha256$999999999$AAAA$AAAA", "md5$1$x$y", "pbkdf2-sha256$1000$!!!$***"]) {
      expect(await verifyPassword("anything", stored)).toBe(false);
    }
  });
});
