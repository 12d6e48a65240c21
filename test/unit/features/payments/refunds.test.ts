import { describe, expect, it } from "vitest";
import { activitySentence } from "~/kernel/activity/activity";
import { UPGRADE_TITLE } from "~/features/payments/fees";
import {
  REFUND_MESSAGES,
  amountPaid,
  isCardPayment,
  recordOnlyNote,
  membershipChangeOf,
  membershipUndoPatch,
  refundAmountError,
  refundIdempotencyKey,
  refundedLabel,
  remainingToRefund,
  totalWithRefunds,
} from "~/features/payments/refunds";

const paid = { unitAmount: 1500, qty: 2, status: "success" as const };
const done = (amount: number) => ({ amount, status: "succeeded" as const });

describe("how much may be refunded (ADR 0055)", () => {
  it("is what was paid less every refund that did not fail", () => {
    expect(amountPaid(paid)).toBe(3000);
    expect(remainingToRefund(paid, [])).toBe(3000);
    expect(remainingToRefund(paid, [done(1000), { amount: 500, status: "pending" }, { amount: 1500, status: "failed" }])).toBe(1500);
  });

  it("refuses more than is left, nothing, an unpaid transaction and one refunded in full", () => {
    expect(refundAmountError(paid, [], 3000)).toBeNull();
    expect(refundAmountError(paid, [], 1)).toBeNull();
    expect(refundAmountError(paid, [], 3001)).toBe(REFUND_MESSAGES.tooMuch(3000));
    expect(refundAmountError(paid, [done(2000)], 1001)).toBe("You can refund at most £10.00.");
    expect(refundAmountError(paid, [], 0)).toBe(REFUND_MESSAGES.zero);
    expect(refundAmountError(paid, [], 1.5)).toBe(REFUND_MESSAGES.zero);
    expect(refundAmountError({ ...paid, status: "pending" }, [], 100)).toBe(REFUND_MESSAGES.notPaid);
    expect(refundAmountError({ ...paid, status: "failed" }, [], 100)).toBe(REFUND_MESSAGES.notPaid);
    expect(refundAmountError(paid, [done(3000)], 1)).toBe(REFUND_MESSAGES.nothingLeft);
  });

  it("a card payment is one paid through a checkout; anything else is refunded by record only", () => {
    expect(isCardPayment({ checkoutSessionId: "cs_test_1" })).toBe(true);
    expect(isCardPayment({ checkoutSessionId: null })).toBe(false);
    expect(isCardPayment({ checkoutSessionId: "" })).toBe(false);
    // Recorded by the accountant (offline payments): never back through the card provider, and the page says how it was paid.
    expect(isCardPayment({ checkoutSessionId: "cs_test_1", method: "card" })).toBe(true);
    expect(isCardPayment({ checkoutSessionId: null, method: "cash" })).toBe(false);
    expect(recordOnlyNote("cash")).toBe("Paid in cash: record only. Give the money back yourself; this records it.");
    expect(recordOnlyNote("bank")).toMatch(/^Paid by bank transfer: record only\./);
  });

  it("derives Stripe's idempotency key from the refund record, so a retry is the same refund", () => {
    expect(refundIdempotencyKey("0123456789abcdef01234567")).toBe("refund-0123456789abcdef01234567");
    expect(refundIdempotencyKey("a")).toBe(refundIdempotencyKey("a"));
    expect(refundIdempotencyKey("a")).not.toBe(refundIdempotencyKey("b"));
  });

  it("My Account says how much was given back (done refunds only)", () => {
    expect(refundedLabel([])).toBeNull();
    expect(refundedLabel([{ amount: 500, status: "pending" }])).toBeNull();
    expect(refundedLabel([done(500), done(250), { amount: 100, status: "failed" }])).toBe("Refunded £7.50");
  });
});

describe("does the membership change stand?", () => {
  const member = { registrationPaid: true, lastRenewedYear: 2026, membership: "Family" as const };
  const registration = { title: "Registration", paymentType: "registration" as const, year: 2026, familyDetails: null };
  const renewal = { title: "Renewal", paymentType: "renew" as const, year: 2026, familyDetails: null };
  const upgrade = { title: UPGRADE_TITLE, paymentType: "registration" as const, year: 2026, familyDetails: null };
  const ticket = { title: "Christmas", paymentType: "ticket" as const, year: 2026, familyDetails: null };

  it("is asked of registrations, renewals and upgrades, never of tickets", () => {
    expect(membershipChangeOf(registration)).toBe("registration");
    expect(membershipChangeOf(renewal)).toBe("renewal");
    expect(membershipChangeOf(upgrade)).toBe("upgrade");
    expect(membershipChangeOf(ticket)).toBeNull();
  });

  it("undoing sets the member back: not paid, the year before, Single without the family", () => {
    expect(membershipUndoPatch(member, registration)).toEqual({ registrationPaid: false, active: false });
    expect(membershipUndoPatch(member, renewal)).toEqual({ lastRenewedYear: 2025 });
    expect(membershipUndoPatch(member, upgrade)).toEqual({ membership: "Single", spouse: null, children: [] });
    expect(membershipUndoPatch(member, ticket)).toBeNull();
  });

  it("undoes nothing the member no longer has (a later year paid, already Single, already unpaid)", () => {
    expect(membershipUndoPatch({ ...member, lastRenewedYear: 2027 }, renewal)).toBeNull();
    expect(membershipUndoPatch({ ...member, membership: "Single" }, upgrade)).toBeNull();
    expect(membershipUndoPatch({ ...member, registrationPaid: false }, registration)).toBeNull();
  });
});

describe("the activity log's refund sentence", () => {
  const transaction = { id: "t1", title: "Renewal 2026", memberName: "Jane Doe", userId: "m-1" };
  it("says how much of what, and how", () => {
    expect(activitySentence("Tom Treasurer", { kind: "refunded", transaction, amount: 1500, method: "card", undone: false })).toBe(
      'Tom Treasurer refunded £15.00 of "Renewal 2026" paid by Jane Doe (to the card).',
    );
    expect(activitySentence("Tom Treasurer", { kind: "refunded", transaction, amount: 500, method: "record", undone: true })).toBe(
      'Tom Treasurer refunded £5.00 of "Renewal 2026" paid by Jane Doe (recorded only); the membership change was undone.',
    );
  });
});

describe("a report's total with its refunds", () => {
  it("is as before without refunds, and says refunded and net with them", () => {
    expect(totalWithRefunds(3000, 0)).toBe("Total £30.00");
    expect(totalWithRefunds(3000, 1000)).toBe("Total £30.00 (refunded £10.00; net £20.00)");
  });
});
