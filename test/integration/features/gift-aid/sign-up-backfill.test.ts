import type { AppLoadContext } from "@remix-run/cloudflare";
import { expect, it } from "vitest";
import { backfillSignUpDeclarations } from "~/features/gift-aid/index.server";
import { newMember } from "../../../support/fixtures";
import { describeStore, QUICK_CLAIM_PAUSE_MS } from "../../../support/store-adapters";

/**
 * The daily run's sign-up declarations (docs/requirements.md §14, ADR 74): on the Cockpit store
 * each member who consented at sign-up gets one "sign-up" declaration, once; on D1 migration 0031
 * made them, so the run makes none.
 */
const noGiftAid = { agreeTerms: true, giftAid: false, resident: true, payment: true, childPhoto: false, childPhotoShare: false };

describeStore("sign-up Gift Aid declarations in the daily run", { verifyDelayMs: QUICK_CLAIM_PAUSE_MS }, (t) => {
  it("gives each consenting member one sign-up declaration on the Cockpit store, and none on D1", async () => {
    const context = { store: t.store } as unknown as AppLoadContext;
    const consenting = await t.store.members.register(newMember({ title: "Mrs", fullName: "Ada Giver", address: "7 Mill Road", postcode: "LS2 9JT" }));
    const declined = await t.store.members.register(newMember({ consents: noGiftAid }));
    const left = await t.store.members.register(newMember());
    await t.store.members.update(left.id, { deleted: true });
    const rejected = await t.store.members.register(newMember());
    await t.store.members.update(rejected.id, { deleted: true, rejected: { reason: "Not local", at: 1_790_000_000 } });

    const made = await backfillSignUpDeclarations(context);
    const ofConsenting = await t.store.giftAidDeclarations.listByPerson(consenting.id);
    if (t.kind === "d1") {
      expect(made).toBe(0);
      expect(ofConsenting).toEqual([]);
      return;
    }
    expect(made).toBe(2);
    expect(ofConsenting).toEqual([
      expect.objectContaining({
        personKind: "member",
        origin: "sign-up",
        title: "Mrs",
        fullName: "Ada Giver",
        address: "7 Mill Road",
        postcode: "LS2 9JT",
        createdBy: consenting.id,
        withdrawnOn: null,
      }),
    ]);
    expect(ofConsenting[0]!.givenOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await t.store.giftAidDeclarations.listByPerson(left.id)).toHaveLength(1);
    expect(await t.store.giftAidDeclarations.listByPerson(declined.id)).toEqual([]);
    expect(await t.store.giftAidDeclarations.listByPerson(rejected.id)).toEqual([]);
    // The next day's run adds nothing.
    expect(await backfillSignUpDeclarations(context)).toBe(0);
    expect(await t.store.giftAidDeclarations.listByPerson(consenting.id)).toHaveLength(1);
  });
});
