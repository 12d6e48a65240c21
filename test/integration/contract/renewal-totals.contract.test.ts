import fc from "fast-check";
import { expect, it } from "vitest";
import { receivedDay, totalsMonth } from "~/kernel/store/received-day";
import type { RenewalTotals, Transaction } from "~/kernel/store/records";
import { newMember, newTransaction } from "../../support/fixtures";
import { describeStore, QUICK_CLAIM_PAUSE_MS } from "../../support/store-adapters";

/**
 * The subscriptions report's running totals per year (ADR 64) against a full recount, over
 * each store: after any sequence of payments made, failed and paid (by settle, by settlePaid
 * alone, and by settlePaid with the member's renewal, which refuses a member already renewed),
 * with and without a day received, each year's totals equal the recount of its paid renewals,
 * and both equal what the test itself expects from the payments it saw paid, counted by the
 * month the money was received.
 */

type Op =
  | { kind: "create"; year: 0 | 1; type: "renew" | "registration"; received: Received | null; unit: number; qty: number }
  | { kind: "fail"; tx: number }
  | { kind: "pay"; tx: number; how: "settle" | "settlePaid" | "renewal"; month: number; day: number };

/** A day received an accountant records: in the subscription year, or in the year before it (money that came early). */
interface Received {
  offset: 0 | -1;
  month: number;
  day: number;
}
const paidOnFor = (year: number, { offset, month, day }: Received) => `${year + offset}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant("create" as const),
    year: fc.constantFrom(0 as const, 1 as const),
    type: fc.constantFrom("renew" as const, "renew" as const, "registration" as const),
    received: fc.option(
      fc.record({ offset: fc.constantFrom(0 as const, -1 as const), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 28 }) }),
    ),
    unit: fc.integer({ min: 1, max: 5000 }),
    qty: fc.integer({ min: 1, max: 2 }),
  }),
  fc.record({ kind: fc.constant("fail" as const), tx: fc.nat(20) }),
  fc.record({
    kind: fc.constant("pay" as const),
    tx: fc.nat(20),
    how: fc.constantFrom("settle" as const, "settlePaid" as const, "renewal" as const),
    month: fc.integer({ min: 0, max: 11 }),
    // Hours into the month: late evenings in summer are the next day in London.
    day: fc.integer({ min: 0, max: 27 * 24 + 23 }),
  }),
);

/** What the totals should be, from the payments this test saw paid. */
function expected(year: number, paid: Transaction[]): RenewalTotals {
  const mine = paid.filter((t) => t.year === year && t.paymentType === "renew");
  const perMonth = Array<number>(12).fill(0);
  for (const t of mine) {
    const month = totalsMonth(year, receivedDay(t));
    if (month > 0) perMonth[month - 1]! += 1;
  }
  return { count: mine.length, amount: mine.reduce((sum, t) => sum + t.unitAmount * t.qty, 0), perMonth };
}

describeStore("renewal running totals per year", { verifyDelayMs: QUICK_CLAIM_PAUSE_MS }, (t) => {
  let run = 0;

  it("equal a full recount, and the payments seen paid, after any sequence of payments made, failed and paid", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
        // Each run has years of its own, so runs never add to each other's totals.
        const base = 2100 + ++run * 3;
        const member = await t.store.members.register(newMember({ active: true, registrationPaid: true, lastRenewedYear: base - 1 }));
        const made: Transaction[] = [];
        const paid: Transaction[] = [];
        for (const step of ops) {
          if (step.kind === "create") {
            made.push(
              await t.store.transactions.create({
                ...newTransaction(member.id, { year: base + step.year, paymentType: step.type, unitAmount: step.unit, qty: step.qty }),
                paidOn: step.received ? paidOnFor(base + step.year, step.received) : null,
                method: step.received ? "cash" : "card",
              }),
            );
            continue;
          }
          const tx = made.length > 0 ? made[step.tx % made.length]! : null;
          if (!tx) continue;
          if (step.kind === "fail") {
            await t.store.transactions.settle(tx.id, "failed", Date.UTC(base, 0, 1) / 1000);
            continue;
          }
          const at = Date.UTC(tx.year, step.month, 1) / 1000 + step.day * 3600;
          const done =
            step.how === "settle"
              ? await t.store.transactions.settle(tx.id, "success", at)
              : step.how === "settlePaid"
                ? await t.store.transactions.settlePaid(tx.id, at, null)
                : await t.store.transactions.settlePaid(tx.id, at, { memberId: member.id, settlement: { kind: "renewal", year: tx.year } });
          if (done) paid.push({ ...tx, status: "success", settledAt: at });
        }
        for (const year of [base, base + 1]) {
          const [running, recounted] = await Promise.all([t.store.transactions.renewalTotals(year), t.store.transactions.recountRenewalTotals(year)]);
          expect(running).toEqual(recounted);
          expect(recounted).toEqual(expected(year, paid));
        }
      }),
      { numRuns: 10 },
    );
  });
});
