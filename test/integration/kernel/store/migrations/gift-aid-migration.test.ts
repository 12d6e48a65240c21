import { describe, expect, it } from "vitest";
import { createD1Store } from "~/kernel/store/d1/index.server";
import { useD1Before } from "../../../../support/d1";
import { newMember, newTransaction } from "../../../../support/fixtures";

/**
 * migrations/0031_gift_aid_and_donations.sql (docs/requirements.md §14, ADR 74): the rebuilt
 * transactions table keeps every row and index and takes donations; members' sign-up
 * consents become "sign-up" declarations dated from their registration's UK day.
 */
const MIGRATION = "0031_gift_aid_and_donations.sql";
const t = useD1Before(MIGRATION);

type Row = Record<string, unknown>;

const allTransactions = async () => (await t.db.prepare("SELECT * FROM transactions ORDER BY id").all<Row>()).results;
const indexes = async () =>
  (
    await t.db
      .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'transactions' ORDER BY name")
      .all<{ name: string; sql: string | null }>()
  ).results;

describe("migration 0031 (Gift Aid and donations)", () => {
  it("keeps every transaction and index, takes a donation, and makes sign-up declarations from the consents", async () => {
    const store = createD1Store(t.db);
    // 30 June 2024 23:30 UTC is 1 July in London (summer time); 15 January 2024 23:30 UTC is 15 January.
    const summer = await store.members.register(newMember({ title: "Mrs", fullName: "Ann Summer", address: "2 High St", postcode: "AB1 2CD" }));
    const winter = await store.members.register(newMember({ title: "Other", fullName: "Win Ter" }));
    const noConsent = await store.members.register(
      newMember({ consents: { agreeTerms: true, giftAid: false, resident: true, payment: true, childPhoto: false, childPhotoShare: false } }),
    );
    const rejected = await store.members.register(newMember());
    const deleted = await store.members.register(newMember({ deleted: true }));
    await t.db.prepare("UPDATE members SET created_at = 1719790200 WHERE id = ?").bind(summer.id).run();
    await t.db.prepare("UPDATE members SET created_at = 1705361400 WHERE id = ?").bind(winter.id).run();
    await t.db.prepare(`UPDATE members SET rejected = '{"reason":"No","at":1}' WHERE id = ?`).bind(rejected.id).run();

    // Transactions of every kind and state, paid ones with their received day.
    const paid = await store.transactions.create(newTransaction(summer.id, { paymentType: "renew", year: 2024 }));
    await store.transactions.settle(paid.id, "success", 1719790200);
    const failed = await store.transactions.create(newTransaction(winter.id, { paymentType: "registration" }));
    await store.transactions.settle(failed.id, "failed", 1705361400);
    await store.transactions.create(newTransaction(winter.id, { paymentType: "ticket", qty: 3, method: "cash", reference: "R1", paidOn: "2024-02-01" }));
    const before = await allTransactions();
    const indexesBefore = await indexes();
    expect(before).toHaveLength(3);

    await t.migrate();

    expect(await allTransactions()).toEqual(before);
    const indexesAfter = await indexes();
    for (const index of indexesBefore) expect(indexesAfter).toContainEqual(index);
    expect(indexesAfter.map((i) => i.name)).toContain("transactions_received");
    // The paid renewal is read by its received day through the new index.
    expect((await store.transactions.listReceived({ types: ["renew"], from: "2024-07-01", to: "2024-07-01" })).map((x) => x.id)).toEqual([paid.id]);
    const donation = await store.transactions.create(newTransaction(summer.id, { paymentType: "donation", title: "Donation" }));
    expect((await store.transactions.getById(donation.id))?.paymentType).toBe("donation");

    const ofSummer = await store.giftAidDeclarations.listByPerson(summer.id);
    expect(ofSummer).toEqual([
      expect.objectContaining({
        personKind: "member",
        origin: "sign-up",
        wordingVersion: "sign-up-2019",
        title: "Mrs",
        fullName: "Ann Summer",
        address: "2 High St",
        postcode: "AB1 2CD",
        givenOn: "2024-07-01",
        createdAt: 1719790200,
        createdBy: summer.id,
        withdrawnOn: null,
      }),
    ]);
    expect(await store.giftAidDeclarations.listByPerson(winter.id)).toEqual([expect.objectContaining({ title: "", givenOn: "2024-01-15" })]);
    // A deleted member's consent was given all the same (kept for HMRC's checks); a rejected applicant's never stood.
    expect(await store.giftAidDeclarations.listByPerson(deleted.id)).toHaveLength(1);
    expect(await store.giftAidDeclarations.listByPerson(noConsent.id)).toEqual([]);
    expect(await store.giftAidDeclarations.listByPerson(rejected.id)).toEqual([]);

    // The Cockpit store's backfill after it adds nothing: one sign-up declaration per member.
    expect(await store.giftAidDeclarations.backfillSignUp([{ ...summer, createdAt: 1719790200 }])).toBe(0);
    expect(await store.giftAidSettings.get()).toEqual({ eligibleKinds: ["donation"], charityReference: "", charityName: "", updatedAt: null, updatedBy: null });
  });
});
