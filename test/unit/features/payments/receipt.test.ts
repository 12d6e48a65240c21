import { describe, expect, it } from "vitest";
import { canSeeReceipt, cardPayment, paidDay, receiptDate, receiptRows, receiptView, transactionPayment } from "~/features/payments/receipt";
import type { Transaction } from "~/kernel/store/records";
import { associationContact } from "~/kernel/layout/association-contact";
import { newTransaction } from "../../../support/fixtures";

const paid: Transaction = {
  ...newTransaction("m-1", { title: "Christmas tickets", unitAmount: 1250, qty: 2, year: 2026, memberName: "Sara Thomas" }),
  id: "t-1",
  status: "success",
  checkoutSessionId: "cs_test_123",
  createdAt: Date.UTC(2026, 10, 20, 12) / 1000,
  // 23:30 UTC on 31 March 2026 is already 1 April in the UK (BST).
  settledAt: Date.UTC(2026, 2, 31, 23, 30) / 1000,
};

/** How to reach the association as the settings say (ADR 67): the receipt prints what it is given. */
const contact = associationContact({
  postalAddress: "Hall 2\n  5 New Street  \n\nLeeds LS1 1AA",
  primaryContactEmail: "treasurer@example.org",
  primaryContactNumber: "0113 496 0000",
});

describe("receipts (ADR 0053)", () => {
  it("shows what, amount in £, method, UK date, reference, the transaction and the association", () => {
    const view = receiptView(paid, cardPayment("cs_test_123"), { memberNumber: 42 }, contact);
    expect(view.heading).toBe("Receipt for Christmas tickets 2026");
    expect(Object.fromEntries(receiptRows(view))).toEqual({
      "Paid for": "Christmas tickets 2026",
      Quantity: "2",
      "Unit price": "£12.50",
      Amount: "£25.00",
      Method: "Card",
      Date: "1 April 2026",
      Reference: "cs_test_123",
      Transaction: "t-1",
      "Paid by": "Sara Thomas (MMA42)",
    });
    expect(view.association.name).toBe("Manchester Mosaic Association");
    // The settings' address, its lines as typed (blank lines and stray spaces dropped), e-mail and phone.
    expect(view.association).toEqual({
      name: "Manchester Mosaic Association",
      address: ["Hall 2", "5 New Street", "Leeds LS1 1AA"],
      email: "treasurer@example.org",
      phone: "0113 496 0000",
    });
  });

  it("takes the method and reference as given (an offline payment brings its own)", () => {
    const view = receiptView({ ...paid, qty: 1 }, { method: "Cash", reference: null }, null, contact);
    const rows = Object.fromEntries(receiptRows(view));
    expect(rows.Method).toBe("Cash");
    expect(rows.Reference).toBe("None");
    expect(rows["Unit price"]).toBeUndefined();
    expect(rows["Paid by"]).toBe("Sara Thomas");
  });

  it("reads a card settlement's reference from the transaction for the page", () => {
    expect(transactionPayment(paid)).toEqual({ method: "Card", reference: "cs_test_123" });
    // An offline payment (ADR 0054) names its own method and reference.
    expect(transactionPayment({ ...paid, method: "bank", reference: "BACS 1234" })).toEqual({ method: "Bank transfer", reference: "BACS 1234" });
    expect(transactionPayment({ ...paid, method: "cash", reference: null })).toEqual({ method: "Cash", reference: null });
    expect(receiptDate(Date.UTC(2026, 10, 24, 9) / 1000)).toBe("24 November 2026");
    // A cheque recorded on the 24th that arrived on the 20th is dated the 20th.
    const settledAt = Date.UTC(2026, 10, 24, 9) / 1000;
    expect(paidDay({ paidOn: "2026-11-20", settledAt, createdAt: settledAt })).toBe("20 November 2026");
    expect(paidDay({ paidOn: null, settledAt, createdAt: settledAt })).toBe("24 November 2026");
  });

  it("is its member's and the accountants' only", () => {
    expect(canSeeReceipt({ id: "m-1", role: "member" }, paid)).toBe(true);
    expect(canSeeReceipt({ id: "m-2", role: "member" }, paid)).toBe(false);
    expect(canSeeReceipt({ id: "m-2", role: "editor" }, paid)).toBe(false);
    expect(canSeeReceipt({ id: "m-3", role: "accountant" }, paid)).toBe(true);
  });
});
