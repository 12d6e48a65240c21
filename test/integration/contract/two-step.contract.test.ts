import { expect, it } from "vitest";
import { describeStore } from "../../support/store-adapters";

/** store.twoStep (migration 0029, docs/decisions/0071): D1 on both stores; each "use" is one conditional write. */
describeStore("two-step records", {}, (t) => {
  const NOW = 1_800_000_000;
  let n = 0;
  const memberId = () => `two-step-member-${t.kind}-${++n}`;

  it("begins a set-up, replaces it while unconfirmed, and keeps a confirmed one", async () => {
    const id = memberId();
    expect(await t.store.twoStep.begin(id, "sealed-1", NOW)).toBe(true);
    expect(await t.store.twoStep.begin(id, "sealed-2", NOW + 1)).toBe(true);
    expect(await t.store.twoStep.get(id)).toMatchObject({ secretSealed: "sealed-2", confirmedAt: null, lastUsedStep: null });
    expect(await t.store.twoStep.confirm(id, NOW + 2, 100, ["h1", "h2"])).toBe(true);
    expect(await t.store.twoStep.confirm(id, NOW + 3, 101, ["h3"])).toBe(false);
    expect(await t.store.twoStep.begin(id, "sealed-3", NOW + 4)).toBe(false);
    expect(await t.store.twoStep.get(id)).toMatchObject({ secretSealed: "sealed-2", confirmedAt: NOW + 2, lastUsedStep: 100 });
    expect(await t.store.twoStep.unusedRecoveryCodes(id)).toBe(2);
  });

  it("takes a step only if newer than the last used: of 10 racing with one step, one wins", async () => {
    const id = memberId();
    await t.store.twoStep.begin(id, "sealed", NOW);
    expect(await t.store.twoStep.useStep(id, 5)).toBe(false);
    await t.store.twoStep.confirm(id, NOW, 5, []);
    expect(await t.store.twoStep.useStep(id, 5)).toBe(false);
    expect(await t.store.twoStep.useStep(id, 4)).toBe(false);
    const wins = (await Promise.all(Array.from({ length: 10 }, () => t.store.twoStep.useStep(id, 6)))).filter(Boolean);
    expect(wins).toHaveLength(1);
    expect((await t.store.twoStep.get(id))?.lastUsedStep).toBe(6);
  });

  it("uses a recovery code once, only the member's own; new codes replace the old", async () => {
    const id = memberId();
    const other = memberId();
    await t.store.twoStep.begin(id, "sealed", NOW);
    await t.store.twoStep.confirm(id, NOW, 1, ["a", "b"]);
    expect(await t.store.twoStep.useRecoveryCode(other, "a", NOW)).toBe(false);
    const wins = (await Promise.all(Array.from({ length: 5 }, () => t.store.twoStep.useRecoveryCode(id, "a", NOW)))).filter(Boolean);
    expect(wins).toHaveLength(1);
    expect(await t.store.twoStep.unusedRecoveryCodes(id)).toBe(1);
    await t.store.twoStep.replaceRecoveryCodes(id, ["c", "d", "e"]);
    expect(await t.store.twoStep.useRecoveryCode(id, "b", NOW)).toBe(false);
    expect(await t.store.twoStep.unusedRecoveryCodes(id)).toBe(3);
  });

  it("removes a set-up and its codes; the staff setting is off until set", async () => {
    const id = memberId();
    await t.store.twoStep.begin(id, "sealed", NOW);
    await t.store.twoStep.confirm(id, NOW, 1, ["x"]);
    expect(await t.store.twoStep.remove(id)).toBe(true);
    expect(await t.store.twoStep.get(id)).toBeNull();
    expect(await t.store.twoStep.unusedRecoveryCodes(id)).toBe(0);
    expect(await t.store.twoStep.remove(id)).toBe(false);
    const before = await t.store.twoStep.staffRequired();
    await t.store.twoStep.setStaffRequired(true, NOW, null);
    expect(await t.store.twoStep.staffRequired()).toBe(true);
    await t.store.twoStep.setStaffRequired(false, NOW, id);
    expect(await t.store.twoStep.staffRequired()).toBe(false);
    await t.store.twoStep.setStaffRequired(before, NOW, null);
  });
});
