import { settlementFor } from "./fees";
import { formatPence } from "../../kernel/values/money";
import type { Id, Member, MemberPatch, PaymentMethod, PaymentType, Pence, Transaction, UnixSeconds } from "../../kernel/store/records";

/**
 * Refunds (docs/requirements.md §4.10, ADR 0055): the rules, pure. A refund gives back part or all of what a
 * paid transaction took; the refunds of a transaction never add up to more than it took.
 * The store keeps them (migration 0018); app/features/payments/refunds.server.ts does the I/O.
 */

export type RefundMethod = "card" | "record";
export type RefundStatus = "pending" | "succeeded" | "failed";
export type MembershipDecision = "kept" | "undone";

export interface Refund {
  id: Id;
  transactionId: Id;
  userId: Id;
  /** The transaction's, for the reports' totals. */
  paymentType: PaymentType;
  year: number;
  amount: Pence;
  reason: string;
  /** Who refunded it: the accountant's name, or "Stripe" for a refund made in Stripe's dashboard. */
  by: string;
  at: UnixSeconds;
  method: RefundMethod;
  providerRefundId: string | null;
  status: RefundStatus;
  /** This refund brings the transaction's refunds up to what was paid. */
  completes: boolean;
  ticketId: Id | null;
  /** A ticket's event and how many people it held: a completing refund frees their places. */
  event: { id: Id | null; title: string; year: number } | null;
  people: number;
  membershipDecision: MembershipDecision | null;
}

export type NewRefund = Omit<Refund, "completes" | "membershipDecision">;

/** What a transaction took: unit price × quantity. */
export function amountPaid(transaction: Pick<Transaction, "unitAmount" | "qty">): Pence {
  return transaction.unitAmount * transaction.qty;
}

/** What counts against the amount paid: every refund but a failed one (a pending card refund may still go through). */
export function refundedSoFar(refunds: ReadonlyArray<Pick<Refund, "amount" | "status">>): Pence {
  return refunds.filter((r) => r.status !== "failed").reduce((sum, r) => sum + r.amount, 0);
}

export function remainingToRefund(transaction: Pick<Transaction, "unitAmount" | "qty">, refunds: ReadonlyArray<Pick<Refund, "amount" | "status">>): Pence {
  return Math.max(0, amountPaid(transaction) - refundedSoFar(refunds));
}

export const REFUND_MESSAGES = {
  notPaid: "Only a paid transaction can be refunded.",
  nothingLeft: "This payment has already been refunded in full.",
  zero: "Enter an amount of at least £0.01.",
  tooMuch: (remaining: Pence) => `You can refund at most ${formatPence(remaining)}.`,
} as const;

/** Why `amount` cannot be refunded now, or null when it can: never more than what is left, never nothing. */
export function refundAmountError(
  transaction: Pick<Transaction, "unitAmount" | "qty" | "status">,
  refunds: ReadonlyArray<Pick<Refund, "amount" | "status">>,
  amount: Pence,
): string | null {
  if (transaction.status !== "success") return REFUND_MESSAGES.notPaid;
  const remaining = remainingToRefund(transaction, refunds);
  if (remaining === 0) return REFUND_MESSAGES.nothingLeft;
  if (!Number.isInteger(amount) || amount < 1) return REFUND_MESSAGES.zero;
  if (amount > remaining) return REFUND_MESSAGES.tooMuch(remaining);
  return null;
}

/**
 * Whether the money goes back through the card provider: a card payment (no method means
 * card: records made before offline payments) paid through a checkout. Cash, bank transfer
 * and cheque, and anything without a checkout, are refunded by record only.
 */
export function isCardPayment(transaction: Pick<Transaction, "checkoutSessionId" | "method">): boolean {
  return (transaction.method ?? "card") === "card" && transaction.checkoutSessionId !== null && transaction.checkoutSessionId !== "";
}

/** What the refund page says of a payment refunded by record only, by how it was paid. */
export function recordOnlyNote(method: PaymentMethod | null | undefined): string {
  const paid = { card: "Paid by card", cash: "Paid in cash", bank: "Paid by bank transfer", cheque: "Paid by cheque" }[method ?? "card"];
  return `${paid}: record only. Give the money back yourself; this records it.`;
}

/** The refund page of a transaction (accountants). */
export const refundPath = (transactionId: Id) => `/accounts/transactions/${encodeURIComponent(transactionId)}/refund`;

/** The key Stripe remembers a refund by: one refund record, one refund at Stripe, however often it is asked. */
export function refundIdempotencyKey(refundId: Id): string {
  return `refund-${refundId}`;
}

/** What a refund of this transaction asks about the membership: null for a ticket. */
export type MembershipChange = "registration" | "renewal" | "upgrade";

export function membershipChangeOf(transaction: Pick<Transaction, "title" | "paymentType" | "year" | "familyDetails">): MembershipChange | null {
  return settlementFor(transaction)?.kind ?? null;
}

export const MEMBERSHIP_QUESTION = "Does the membership change stand?";

/** The choices of the question, as the form shows them. */
export const MEMBERSHIP_CHOICES: Record<MembershipChange, { kept: string; undone: string }> = {
  registration: { kept: "Yes: the member stays registered", undone: "No: registration not paid" },
  renewal: { kept: "Yes: the member stays renewed", undone: "No: this year not renewed" },
  upgrade: { kept: "Yes: the member stays Family", undone: "No: back to Single, the family removed" },
};

/**
 * What undoing a refunded payment's change writes on the member: a registration becomes
 * not paid (and not active); a renewal goes back to the year before; an upgrade back to
 * Single without the family. Null when the member no longer has that change (nothing to undo).
 */
export function membershipUndoPatch(
  member: Pick<Member, "registrationPaid" | "lastRenewedYear" | "membership">,
  transaction: Pick<Transaction, "title" | "paymentType" | "year" | "familyDetails">,
): MemberPatch | null {
  switch (membershipChangeOf(transaction)) {
    case "registration":
      return member.registrationPaid ? { registrationPaid: false, active: false } : null;
    case "renewal":
      return member.lastRenewedYear === transaction.year ? { lastRenewedYear: transaction.year - 1 } : null;
    case "upgrade":
      return member.membership === "Family" ? { membership: "Single", spouse: null, children: [] } : null;
    default:
      return null;
  }
}

/** My Account's line under a payment: "Refunded £5.00" (succeeded refunds only). */
export function refundedLabel(refunds: ReadonlyArray<Pick<Refund, "amount" | "status">>): string | null {
  const total = refunds.filter((r) => r.status === "succeeded").reduce((sum, r) => sum + r.amount, 0);
  return total > 0 ? `Refunded ${formatPence(total)}` : null;
}

/** The door's answer for a ticket refunded in full. */
export const REFUNDED_TICKET = "Refunded: this ticket was refunded. Do not admit.";

/** A report's total with its refunds: "Total £100.00", or "Total £100.00 (refunded £10.00; net £90.00)". */
export function totalWithRefunds(total: Pence, refunded: Pence): string {
  return refunded > 0 ? `Total ${formatPence(total)} (refunded ${formatPence(refunded)}; net ${formatPence(total - refunded)})` : `Total ${formatPence(total)}`;
}
