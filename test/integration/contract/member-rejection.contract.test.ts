import { expect, it } from "vitest";
import { rejectionPatch } from "~/features/office/member-rejection";
import { newMember } from "../../support/fixtures";
import { describeStore } from "../../support/store-adapters";

/**
 * Rejected applications (docs/requirements.md §6.6, ADR 0052): a rejected applicant's
 * record is kept with its reason (D1: a column; Cockpit: two keys outside the userlist
 * schema, which the real v1 stores as sent), left out of both members lists, and its e-mail
 * stays taken. Also the new setting "Send new applications to" on both stores.
 */
describeStore("members: rejected applicants", {}, (t) => {
  it("keeps the reason and time, reads other members without one, and leaves the record out of both lists", async () => {
    const rejected = await t.store.members.register(newMember({ fullName: "Rejected Zebulon", active: false, registrationPaid: false }));
    const kept = await t.store.members.register(newMember({ fullName: "Kept Zebulon", active: false, registrationPaid: false }));
    const gone = await t.store.members.register(newMember({ fullName: "Deleted Zebulon", deleted: true }));
    expect(kept.rejected ?? null).toBeNull();

    const updated = await t.store.members.update(rejected.id, rejectionPatch("Lives outside the area.\nSorry!", 1_800_000_123));
    expect(updated).toMatchObject({ deleted: true, active: false, rejected: { reason: "Lives outside the area.\nSorry!", at: 1_800_000_123 } });
    expect((await t.store.members.getById(rejected.id))?.rejected).toEqual({ reason: "Lives outside the area.\nSorry!", at: 1_800_000_123 });
    expect((await t.store.members.getById(kept.id))?.rejected ?? null).toBeNull();

    const names = async (deleted: boolean) => (await t.store.members.list({ deleted, search: "Zebulon" })).rows.map((m) => m.fullName).sort();
    expect(await names(false)).toEqual(["Kept Zebulon"]);
    expect(await names(true)).toEqual(["Deleted Zebulon"]);
    expect((await t.store.members.list({ deleted: true, search: "Zebulon" })).total).toBe(1);
    expect(gone.deleted).toBe(true);

    // The address stays taken, in any case.
    expect((await t.store.members.findByEmail(rejected.email.toUpperCase()))?.id).toBe(rejected.id);
  });
});

describeStore("content writes: the new-applications address", {}, (t) => {
  it("saves the address and reads it back; empty means every accountant", async () => {
    const saved = await t.store.content.getSiteSettings();
    await t.store.content.saveSiteSettings({ ...saved, newApplicationsEmail: "membership@example.org" });
    expect((await t.store.content.getSiteSettings()).newApplicationsEmail).toBe("membership@example.org");
    await t.store.content.saveSiteSettings({ ...saved, newApplicationsEmail: "" });
    expect((await t.store.content.getSiteSettings()).newApplicationsEmail).toBe("");
  });
});
