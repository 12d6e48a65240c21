import type { AssociationContact } from "../../kernel/layout/association-contact";
import { parts } from "../../kernel/dates/dates";
import { formatMemberNumber } from "../../kernel/store/member-number";
import { formatPence } from "../../kernel/values/money";
import { METHOD_LABELS } from "./offline-payment";
import { titleWithYear } from "../tickets";
import type { Member, Transaction } from "../../kernel/store/records";

/**
 * A receipt for a settled payment (docs/requirements.md §4.11, ADR 0053): what the e-mail and the printable
 * page /account/receipts/:transactionId show. Built from the transaction and how it was paid
 * (`ReceiptPayment`), given apart from the transaction: card payments say "Card" and their
 * checkout session; offline payments (cash, bank transfer, cheque) bring their own method and
 * reference. Pure.
 */

export interface ReceiptPayment {
  method: string;
  reference: string | null;
}

export interface ReceiptView {
  transactionId: string;
  /** "Receipt for Annual subscription 2026". */
  heading: string;
  /** The item: its title with the year once, and how many. */
  item: string;
  qty: number;
  /** "£20.00 × 2" when more than one, the unit price. */
  unitPrice: string;
  /** The total, "£40.00". */
  amount: string;
  method: string;
  reference: string;
  /** The day it was paid, UK: "24 November 2026". */
  date: string;
  /** Who paid, as the transaction names them. */
  paidBy: string;
  memberNumber: string | null;
  /** How to reach the association, from the settings when the receipt is made (ADR 67). */
  association: AssociationContact;
}

/** The receipt's path for a transaction. */
export const receiptPath = (transactionId: string) => `/account/receipts/${encodeURIComponent(transactionId)}`;

/** A day as a UK receipt reads it. */
export function receiptDate(at: number): string {
  const { day, month, year } = parts(at, { day: "numeric", month: "long", year: "numeric" });
  return `${day} ${month} ${year}`;
}

/** The day the money came: for an offline payment the day the accountant recorded it arriving, else when it settled. */
export function paidDay(transaction: Pick<Transaction, "paidOn" | "settledAt" | "createdAt">): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(transaction.paidOn ?? "");
  // Noon UTC is the same day in the UK, summer or winter.
  if (day) return receiptDate(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]), 12) / 1000);
  return receiptDate(transaction.settledAt ?? transaction.createdAt);
}

/** How a card payment through the checkout is named on its receipt: "Card", with its checkout session as the reference. */
export function cardPayment(checkoutReference: string | null): ReceiptPayment {
  return { method: "Card", reference: checkoutReference };
}

/**
 * How a settled transaction was paid, read from it: a card checkout (no method, or "card")
 * names its checkout session; an offline payment (ADR 0054) its method and the reference the
 * accountant recorded.
 */
export function transactionPayment(transaction: Transaction): ReceiptPayment {
  const method = transaction.method ?? "card";
  if (method === "card") return cardPayment(transaction.checkoutSessionId);
  return { method: METHOD_LABELS[method], reference: transaction.reference ?? null };
}

export function receiptView(
  transaction: Transaction,
  payment: ReceiptPayment,
  member: Pick<Member, "memberNumber"> | null,
  association: AssociationContact,
): ReceiptView {
  const item = titleWithYear(transaction.title, transaction.year);
  return {
    transactionId: transaction.id,
    heading: `Receipt for ${item}`,
    item,
    qty: transaction.qty,
    unitPrice: formatPence(transaction.unitAmount),
    amount: formatPence(transaction.unitAmount * transaction.qty),
    method: payment.method,
    reference: payment.reference?.trim() || "None",
    date: paidDay(transaction),
    paidBy: transaction.memberName,
    memberNumber: member ? formatMemberNumber(member.memberNumber) : null,
    association,
  };
}

/** The receipt's rows, in order: the e-mail and the page show the same. */
export function receiptRows(view: ReceiptView): Array<[string, string]> {
  const rows: Array<[string, string]> = [
    ["Paid for", view.item],
    ["Quantity", String(view.qty)],
  ];
  if (view.qty !== 1) rows.push(["Unit price", view.unitPrice]);
  rows.push(["Amount", view.amount], ["Method", view.method], ["Date", view.date], ["Reference", view.reference], ["Transaction", view.transactionId]);
  rows.push(["Paid by", view.memberNumber ? `${view.paidBy} (${view.memberNumber})` : view.paidBy]);
  return rows;
}

/** Who may open a receipt: the member it is for, or an accountant. */
export function canSeeReceipt(viewer: Pick<Member, "id" | "role">, transaction: Pick<Transaction, "userId">): boolean {
  return viewer.role === "accountant" || viewer.id === transaction.userId;
}
