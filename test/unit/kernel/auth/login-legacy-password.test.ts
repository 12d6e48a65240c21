import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkPassword, hashPassword, passwordHashKind, verifyLegacyPassword, verifyPassword } from "~/kernel/auth/password.server";

const KEY = "legacy-cockpit-key";
/** What Cockpit stored: HMAC-SHA256 of the password with the key, in hex (computed independently with Node's crypto). */
const legacy = (password: string, key = KEY) => createHmac("sha256", key).update(password, "utf8").digest("hex");

describe("stored password formats", () => {
  it("tells our PBKDF2 hashes from legacy 64-hex keyed hashes, and knows nothing else", async () => {
    expect(passwordHashKind(await hashPassword("x"))).toBe("pbkdf2");
    expect(passwordHashKind(legacy("x"))).toBe("legacy-hmac");
    expect(passwordHashKind(legacy("x").toUpperCase())).toBe("legacy-hmac");
    for (const stored of ["", "plain", legacy("x").slice(1), `${legacy("x")}0`, "g".repeat(64), "md5$1$x$y"]) {
      expect(passwordHashKind(stored)).toBe("unknown");
    }
  });
});

describe("legacy keyed hashes", () => {
  it("match the right password with the right key only", async () => {
    const stored = legacy("pässword 1");
    expect(await verifyLegacyPassword("pässword 1", stored, KEY)).toBe(true);
    expect(await verifyLegacyPassword("pässword 1", stored.toUpperCase(), KEY)).toBe(true);
    expect(await verifyLegacyPassword("pässword 2", stored, KEY)).toBe(false);
    expect(await verifyLegacyPassword("pässword 1", stored, "another key")).toBe(false);
    expect(await verifyLegacyPassword("pässword 1", stored, "")).toBe(false);
  });

  it("are never accepted as PBKDF2 hashes", async () => {
    expect(await verifyPassword("pässword 1", legacy("pässword 1"))).toBe(false);
  });
});

describe("checkPassword", () => {
  it("checks a PBKDF2 hash and asks for no re-hash", async () => {
    const stored = await hashPassword("secret-123");
    expect(await checkPassword("secret-123", stored, KEY)).toEqual({ ok: true });
    expect(await checkPassword("secret-12", stored, KEY)).toEqual({ ok: false });
  });

  it("accepts a legacy hash once the key is configured, and hands back a PBKDF2 hash of the same password", async () => {
    const result = await checkPassword("secret-123", legacy("secret-123"), KEY);
    expect(result.ok).toBe(true);
    expect(passwordHashKind(result.rehash!)).toBe("pbkdf2");
    expect(await verifyPassword("secret-123", result.rehash!)).toBe(true);
    // The new hash is what is stored from then on; the old one is not needed again.
    expect(await checkPassword("secret-123", result.rehash!, KEY)).toEqual({ ok: true });
  });

  it("refuses a legacy hash without the key, or with the wrong password", async () => {
    expect(await checkPassword("secret-123", legacy("secret-123"), undefined)).toEqual({ ok: false });
    expect(await checkPassword("secret-124", legacy("secret-123"), KEY)).toEqual({ ok: false });
    expect(await checkPassword("secret-123", "garbage", KEY)).toEqual({ ok: false });
  });
});
