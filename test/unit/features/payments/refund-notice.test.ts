import { describe, expect, it } from "vitest";
import { refundNotice } from "~/features/payments/refund-notice";
import type { Transaction } from "~/kernel/store/records";
import { newTransaction } from "../../../support/fixtures";

/** What a refund's e-mail tells the member (docs/requirements.md §4.10): what, for what, when, and how it reaches them. */
const paid: Transaction = {
  ...newTransaction("m-1", { title: "Renewal", unitAmount: 1000, qty: 1, year: 2026, memberName: "Cara Cashley" }),
  id: "t-1",
  status: "success",
  checkoutSessionId: null,
  method: "cash",
  paidOn: "2026-09-27",
  createdAt: Date.UTC(2026, 10, 26, 12) / 1000,
  settledAt: Date.UTC(2026, 10, 26, 12) / 1000,
};
const refund = { amount: 400, method: "record" as const, at: Date.UTC(2026, 10, 28, 10) / 1000, reason: " Paid twice ", by: "Deepa Menon", completes: false };

describe("a refund's notice to the member", () => {
  it("a cash refund: the amount, what for, the day paid (received) and refunded, the reason, and that the association gives it back", () => {
    const notice = refundNotice(paid, refund);
    expect(notice.subject).toBe("MMA: refund of £4.00 for Renewal 2026");
    expect(notice.rows).toEqual([
      ["Refunded", "£4.00"],
      ["For", "Renewal 2026"],
      ["You paid", "£10.00 on 27 September 2026"],
      ["Date of refund", "28 November 2026"],
      ["Reason", "Paid twice"],
    ]);
    expect(notice.how).toBe("You paid by cash, so the association gives the money back to you directly: Deepa Menon recorded this refund on 28 November 2026.");
    expect(notice.ticket).toBe("");
  });

  it("a card refund goes back to the card within 5 to 10 working days; no reason row when none was given", () => {
    const notice = refundNotice({ ...paid, method: "card", paidOn: null }, { ...refund, method: "card", reason: "" });
    expect(notice.how).toBe("The money goes back to the card you paid with. Your bank usually shows it within 5 to 10 working days.");
    expect(notice.rows.map(([label]) => label)).toEqual(["Refunded", "For", "You paid", "Date of refund"]);
    expect(notice.rows[2]).toEqual(["You paid", "£10.00 on 26 November 2026"]);
  });

  it("a ticket's says whether the ticket still admits", () => {
    const ticket = { ...paid, ticketId: "k-1", method: "bank" as const };
    expect(refundNotice(ticket, { ...refund, completes: true }).ticket).toBe("Your ticket is cancelled: it no longer admits anyone.");
    expect(refundNotice(ticket, refund).ticket).toBe("Your ticket stays valid.");
    expect(refundNotice(ticket, refund).how).toMatch(/^You paid by bank transfer, so/);
  });
});
