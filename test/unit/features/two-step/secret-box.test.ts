import { describe, expect, it } from "vitest";
import { openSecret, sealSecret } from "~/features/two-step/secret-box.server";

describe("the two-step secret at rest", () => {
  it("is sealed (no trace of the secret) and opens again with the same key and member", async () => {
    const sealed = await sealSecret("key one", "member-1", "JBSWY3DPEHPK3PXP");
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain("JBSWY3DPEHPK3PXP");
    expect(await openSecret("key one", "member-1", sealed)).toBe("JBSWY3DPEHPK3PXP");
  });

  it("does not open under another key, for another member, or damaged", async () => {
    const sealed = await sealSecret("key one", "member-1", "JBSWY3DPEHPK3PXP");
    expect(await openSecret("key two", "member-1", sealed)).toBeNull();
    expect(await openSecret("key one", "member-2", sealed)).toBeNull();
    expect(await openSecret("key one", "member-1", `${sealed.slice(0, -4)}AAAA`)).toBeNull();
    expect(await openSecret("key one", "member-1", "nonsense")).toBeNull();
  });

  it("differs each time it is sealed (a fresh IV)", async () => {
    expect(await sealSecret("k", "m", "S")).not.toBe(await sealSecret("k", "m", "S"));
  });
});
