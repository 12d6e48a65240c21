import type { AppLoadContext } from "@remix-run/cloudflare";
import { beforeAll, describe, expect, it } from "vitest";
import { buildClaim } from "~/features/gift-aid/index.server";
import type { NewRefund } from "~/features/payments/refunds";
import type { GiftAidDeclaration, NewGiftAidDeclaration, PaymentType, Pence } from "~/kernel/store/records";
import { useTestD1 } from "../../../support/d1";
import { newTransaction } from "../../../support/fixtures";

/**
 * buildClaim on a real D1 (docs/requirements.md §14, ADR 74): the period's paid payments of the
 * eligible kinds, net of refunds, covered by a declaration in force on the day the money came,
 * within HMRC's window and in no earlier claim; claimed payments refunded since are flagged.
 */
const t = useTestD1();
const context = () => ({ store: t.store }) as unknown as AppLoadContext;
const AT = 1_790_000_000;
const TODAY = "2026-11-28";
const YEAR = { from: "2026-04-06", to: "2027-04-05" };

let n = 0;
const hex = () => (++n).toString(16).padStart(24, "0");

async function declare(personId: string, over: Partial<NewGiftAidDeclaration> = {}): Promise<GiftAidDeclaration> {
  return t.store.giftAidDeclarations.create(
    {
      personId,
      personKind: "member",
      origin: "paper",
      wordingVersion: "hmrc-model-2026-11",
      title: "Mr",
      fullName: "John Smith",
      address: "12 High Street\nManchester",
      postcode: "m1 1ae",
      givenOn: "2026-04-01",
      createdBy: "accountant-1",
      ...over,
    },
    AT,
  );
}

/** A paid payment whose money came on `day` (an offline payment carries its day, ADR 64). */
async function paid(userId: string, day: string, amount: Pence, paymentType: PaymentType = "donation"): Promise<string> {
  const created = await t.store.transactions.create(newTransaction(userId, { paymentType, unitAmount: amount, method: "cash", paidOn: day }));
  expect(await t.store.transactions.settle(created.id, "success", AT)).toBe(true);
  return created.id;
}

async function refund(transactionId: string, userId: string, amount: Pence, paidAmount: Pence) {
  const made: NewRefund = {
    id: hex(),
    transactionId,
    userId,
    paymentType: "donation",
    year: 2026,
    amount,
    reason: "Given by mistake",
    by: "Tom Treasurer",
    at: AT,
    method: "record",
    providerRefundId: null,
    status: "succeeded",
    ticketId: null,
    event: null,
    people: 0,
  };
  expect((await t.store.refunds.create(made, paidAmount)).kind).toBe("created");
}

const ids: Record<string, string> = {};

beforeAll(async () => {
  await t.store.giftAidSettings.save(
    { eligibleKinds: ["renew", "donation"], charityReference: "AB12345", charityName: "Test Association" },
    "accountant-1",
    AT,
  );

  // Ann: covered from 1 April; a newer declaration from 1 July with a new address.
  const annFirst = await declare("ann");
  ids.annFirst = annFirst.id;
  ids.annSecond = (await declare("ann", { givenOn: "2026-07-01", address: "Rose Cottage\nMill Lane", postcode: "M1 1AA" })).id;
  ids.annBefore = await paid("ann", "2026-03-20", 1500); // before her declaration
  ids.annRenew = await paid("ann", "2026-05-10", 1000, "renew");
  ids.annTicket = await paid("ann", "2026-05-11", 2000, "ticket");
  ids.annRefunded = await paid("ann", "2026-05-12", 2500);
  await refund(ids.annRefunded, "ann", 2500, 2500);
  ids.annPartly = await paid("ann", "2026-05-13", 3000);
  await refund(ids.annPartly, "ann", 1000, 3000);
  ids.annJuly = await paid("ann", "2026-07-10", 500);
  const pending = await t.store.transactions.create(newTransaction("ann", { paymentType: "donation", unitAmount: 700 }));
  ids.annPending = pending.id;

  // Bob cancels on 1 June: that day is still covered, later payments are not.
  const bob = await declare("bob", { title: "", fullName: "Mrs Betty Smith-Jones", address: "Flat 3, 7 Mill Lane", postcode: "s19 2bd" });
  expect(await t.store.giftAidDeclarations.withdraw(bob.id, "2026-06-01", "bob", AT)).toBe(true);
  ids.bobMay = await paid("bob", "2026-05-20", 1000);
  ids.bobCancelDay = await paid("bob", "2026-06-01", 1100);
  ids.bobAfter = await paid("bob", "2026-06-15", 1200);

  // Cher: a declaration the schedule cannot take as it is.
  ids.cherDeclaration = (await declare("cher", { title: "", fullName: "Cher", address: "Mill Lane", postcode: "12345" })).id;
  ids.cher = await paid("cher", "2026-05-01", 4000);

  // Dan: no declaration at all.
  ids.dan = await paid("dan", "2026-05-02", 5000);

  // Eve: claimed already; one payment refunded after the claim.
  const eve = await declare("eve", { fullName: "Eve Adams" });
  ids.eveClaimed = await paid("eve", "2026-05-03", 2000);
  ids.eveClaimedRefunded = await paid("eve", "2026-05-04", 4000);
  const item = (transactionId: string, amount: Pence) => ({
    transactionId,
    personId: "eve",
    declarationId: eve.id,
    title: "Mr",
    firstName: "Eve",
    lastName: "Adams",
    house: "12",
    postcode: "M1 1AE",
    paidOn: "2026-05-03",
    amount,
  });
  const claim = await t.store.giftAidClaims.create(
    { periodFrom: "2026-05-01", periodTo: "2026-05-05", total: 6000, giftAid: 1500, createdBy: "accountant-1" },
    [item(ids.eveClaimed, 2000), item(ids.eveClaimedRefunded, 4000)],
    AT,
  );
  expect(claim.kind).toBe("created");
  await refund(ids.eveClaimedRefunded, "eve", 1500, 4000);

  // Fay: covered for years; HMRC's window has closed on her oldest payment.
  await declare("fay", { fullName: "Fay Lee", givenOn: "2020-01-01" });
  ids.fayClosed = await paid("fay", "2022-04-05", 900);
  ids.fayOpen = await paid("fay", "2022-04-06", 800);
});

describe("buildClaim on D1", () => {
  it("lists the eligible payments net of refunds, with the schedule's columns from the declaration in force", async () => {
    const claim = await buildClaim(context(), YEAR, TODAY);
    expect(claim.rows.map((r) => [r.transactionId, r.paidOn, r.amount])).toEqual(
      [
        [ids.annRenew, "2026-05-10", 1000],
        [ids.annPartly, "2026-05-13", 2000],
        [ids.bobMay, "2026-05-20", 1000],
        [ids.bobCancelDay, "2026-06-01", 1100],
        [ids.annJuly, "2026-07-10", 500],
      ].sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
    );
    expect(claim.total).toBe(5600);
    expect(claim.giftAid).toBe(1400);
    const renew = claim.rows.find((r) => r.transactionId === ids.annRenew);
    expect(renew).toMatchObject({
      personId: "ann",
      personKind: "member",
      declarationId: ids.annFirst,
      paymentType: "renew",
      title: "Mr",
      firstName: "John",
      lastName: "Smith",
      house: "12",
      postcode: "M1 1AE",
      problems: [],
    });
    expect(claim.rows.find((r) => r.transactionId === ids.annJuly)).toMatchObject({ declarationId: ids.annSecond, house: "Rose Cottage", postcode: "M1 1AA" });
    expect(claim.rows.find((r) => r.transactionId === ids.bobMay)).toMatchObject({
      title: "Mrs",
      firstName: "Betty",
      lastName: "Smith Jones",
      house: "Flat 3, 7",
      postcode: "S19 2BD",
    });
  });

  it("never lists a ticket, a wholly refunded or unpaid payment, one before the declaration or after its cancellation, or a payer without one", async () => {
    const claim = await buildClaim(context(), YEAR, TODAY);
    const listed = new Set([...claim.rows, ...claim.problems].map((r) => r.transactionId));
    for (const left of [ids.annTicket, ids.annRefunded, ids.annPending, ids.bobAfter, ids.dan, ids.eveClaimed, ids.eveClaimedRefunded])
      expect(listed.has(left!), left).toBe(false);
    const spring = await buildClaim(context(), { from: "2026-03-01", to: "2026-04-05" }, TODAY);
    expect(spring.rows.map((r) => r.transactionId)).not.toContain(ids.annBefore);
  });

  it("lists a row with problems apart, with plain-English reasons", async () => {
    const claim = await buildClaim(context(), YEAR, TODAY);
    expect(claim.problems).toHaveLength(1);
    expect(claim.problems[0]).toMatchObject({
      transactionId: ids.cher,
      declarationId: ids.cherDeclaration,
      amount: 4000,
      problems: ["The name needs a first and a last name.", "No house name or number can be found in the address.", "The postcode is not a valid UK postcode."],
    });
  });

  it("flags a claimed payment refunded since, with what to net off; a claimed one not refunded is not flagged", async () => {
    const claim = await buildClaim(context(), YEAR, TODAY);
    expect(claim.refundedAfterClaiming).toEqual([{ item: expect.objectContaining({ transactionId: ids.eveClaimedRefunded, amount: 4000 }), refunded: 1500 }]);
  });

  it("leaves out payments whose HMRC window has closed", async () => {
    const old = await buildClaim(context(), { from: "2022-04-01", to: "2022-04-30" }, TODAY);
    expect(old.rows.map((r) => r.transactionId)).toEqual([ids.fayOpen]);
    const later = await buildClaim(context(), { from: "2022-04-01", to: "2022-04-30" }, "2027-04-06");
    expect(later.rows).toEqual([]);
  });

  it("a period of more payments than D1 binds in one statement is read whole", async () => {
    const many = Array.from({ length: 110 }, (_, i) => `many-${i}`);
    await Promise.all(
      many.map(async (person) => {
        await declare(person, { fullName: `Many Donor${person.slice(5)}`, givenOn: "2025-01-01" });
        await paid(person, "2025-06-01", 100);
      }),
    );
    const claim = await buildClaim(context(), { from: "2025-06-01", to: "2025-06-01" }, TODAY);
    expect(claim.rows).toHaveLength(110);
    expect(new Set(claim.rows.map((r) => r.personId))).toEqual(new Set(many));
    expect(claim.total).toBe(11_000);
  });

  it("leaves out a donation given with the Gift Aid box empty, though a declaration is in force", async () => {
    await declare("gus", { fullName: "Gus Hill", givenOn: "2025-01-01" });
    const without = await paid("gus", "2025-10-01", 1500);
    const withGiftAid = await paid("gus", "2025-10-02", 2500);
    const given = (transactionId: string, giftAid: boolean) =>
      t.store.donations.create(
        { transactionId, personId: "gus", personKind: "member", amount: giftAid ? 2500 : 1500, message: "", giftAid, declarationId: null },
        AT,
      );
    await given(without, false);
    await given(withGiftAid, true);
    const claim = await buildClaim(context(), { from: "2025-10-01", to: "2025-10-02" }, TODAY);
    expect([...claim.rows, ...claim.problems].map((r) => r.transactionId)).toEqual([withGiftAid]);
    expect(claim.total).toBe(2500);
  });

  it("leaves out the payments of a person erased, whose declaration now has the pseudonym", async () => {
    await declare("hal", { fullName: "Hal Jones", givenOn: "2025-01-01" });
    const halPaid = await paid("hal", "2025-11-01", 1200);
    const period = { from: "2025-11-01", to: "2025-11-01" };
    expect((await buildClaim(context(), period, TODAY)).rows.map((r) => r.transactionId)).toEqual([halPaid]);
    expect(await t.store.giftAidDeclarations.pseudonymise("hal", { fullName: "Erased member" }, AT)).toBe(1);
    const claim = await buildClaim(context(), period, TODAY);
    expect([...claim.rows, ...claim.problems]).toEqual([]);
  });

  it("reads only the eligible kinds the settings name", async () => {
    await t.store.giftAidSettings.save({ eligibleKinds: ["donation"], charityReference: "AB12345", charityName: "Test Association" }, "accountant-1", AT + 1);
    const claim = await buildClaim(context(), YEAR, TODAY);
    expect(claim.rows.map((r) => r.paymentType)).not.toContain("renew");
    expect(claim.rows.length).toBe(4);
    await t.store.giftAidSettings.save({ eligibleKinds: [], charityReference: "", charityName: "" }, "accountant-1", AT + 2);
    expect((await buildClaim(context(), YEAR, TODAY)).rows).toEqual([]);
  });

  it("flags a refund after claiming in any period's view, until the next claim is marked", async () => {
    const nextYear = await buildClaim(context(), { from: "2027-04-06", to: "2028-04-05" }, TODAY);
    expect(nextYear.refundedAfterClaiming.map((flag) => [flag.item.transactionId, flag.refunded])).toEqual([[ids.eveClaimedRefunded, 1500]]);
    const next = await t.store.giftAidClaims.create(
      { periodFrom: "2027-04-06", periodTo: "2028-04-05", total: 0, giftAid: 0, createdBy: "accountant-1" },
      [],
      AT + 10,
    );
    expect(next.kind).toBe("created");
    expect((await buildClaim(context(), YEAR, TODAY)).refundedAfterClaiming).toEqual([]);
  });
});
