import { expect, it } from "vitest";
import { newMember } from "../../support/fixtures";
import { describeStore } from "../../support/store-adapters";

/** members.claimResetKey: a reset key is spent once, only while it is the member's and unexpired. */
describeStore("reset keys", {}, (t) => {
  const NOW = 1_800_000_000;

  async function memberWithKey(key: string, expiresAt = NOW + 3600) {
    const member = await t.store.members.register(newMember());
    await t.store.members.update(member.id, { resetKey: key, resetKeyExpiresAt: expiresAt });
    return member.id;
  }

  it("claims the member's current key once, clearing it", async () => {
    const id = await memberWithKey("K1aaaaaaaa");
    expect(await t.store.members.claimResetKey(id, "K1aaaaaaaa", NOW)).toBe(true);
    expect(await t.store.members.getById(id)).toMatchObject({ resetKey: null, resetKeyExpiresAt: null });
    expect(await t.store.members.claimResetKey(id, "K1aaaaaaaa", NOW)).toBe(false);
  });

  it("refuses another key, an expired key, and an unknown member, changing nothing", async () => {
    const id = await memberWithKey("K2aaaaaaaa");
    expect(await t.store.members.claimResetKey(id, "K2aaaaaaab", NOW)).toBe(false);
    expect(await t.store.members.claimResetKey(id, "K2aaaaaaaa", NOW + 3600)).toBe(false);
    expect((await t.store.members.getById(id))?.resetKey).toBe("K2aaaaaaaa");
    expect(await t.store.members.claimResetKey("000000000000000000000000", "K2aaaaaaaa", NOW)).toBe(false);
  });

  it("gives one of 10 concurrent claims of one key the win on D1 (Cockpit: at least one, ADR 21)", async () => {
    const id = await memberWithKey("K3aaaaaaaa");
    const wins = (await Promise.all(Array.from({ length: 10 }, () => t.store.members.claimResetKey(id, "K3aaaaaaaa", NOW)))).filter(Boolean);
    if (t.kind === "d1") expect(wins).toHaveLength(1);
    else expect(wins.length).toBeGreaterThanOrEqual(1);
  });
});
