import { currentMonth } from "../../kernel/dates/dates";
import { registrationCharge, registrationFeeLines, renewalCharge, upgradeCharge, type Charge } from "./fees";
import { formatPence } from "../../kernel/values/money";
import type { Member, PaymentMethod, Transaction } from "../../kernel/store/records";
import { canUpgradeToFamily, renewalPaid } from "../membership";
import type { SiteSettings } from "../../kernel/store/site-settings";

/**
 * Offline payments (docs/requirements.md §4.9, ADR 0054): money an accountant received in cash, by
 * bank transfer or by cheque, recorded against what the member may pay now. What they may
 * pay, and how much, are the rules of the member's own checkout (renewal.ts, fees.ts), so
 * the desk and the website can never disagree. Pure; the form's schema is in
 * offline-payment-form.ts.
 */

/** The methods an accountant records (card payments come through checkout). */
export const OFFLINE_METHODS = ["cash", "bank", "cheque"] as const satisfies readonly PaymentMethod[];
export type OfflineMethod = (typeof OFFLINE_METHODS)[number];

/** How reports, exports and the forms name each method. */
export const METHOD_LABELS: Record<PaymentMethod, string> = { card: "Card", cash: "Cash", bank: "Bank transfer", cheque: "Cheque" };

/** A transaction's method as the reports show it: records made before methods existed were card payments. */
export function methodLabel(method: PaymentMethod | null | undefined): string {
  return METHOD_LABELS[method ?? "card"];
}

/**
 * What a payment's "payment product reference" shows in the lists (docs/requirements.md §4.9): a card
 * payment's provider price id; an offline payment has no product at the provider (its price id was only
 * the fee's), so its method and the reference the accountant recorded: "Cash", "Cheque 004512".
 */
export function paymentReference(transaction: Pick<Transaction, "method" | "reference" | "priceRef">): string {
  const method = transaction.method ?? "card";
  if (method === "card") return transaction.priceRef;
  const reference = transaction.reference?.trim();
  return reference ? `${METHOD_LABELS[method]} ${reference}` : METHOD_LABELS[method];
}

/** The methods that need the transfer's or cheque's reference. */
export function needsReference(method: PaymentMethod): boolean {
  return method === "bank" || method === "cheque";
}

/** What a member's payment is for. */
export const MEMBER_PAYMENT_KINDS = ["registration", "renewal", "upgrade"] as const;
export type MemberPaymentKind = (typeof MEMBER_PAYMENT_KINDS)[number];

export const MEMBER_PAYMENT_LABELS: Record<MemberPaymentKind, string> = {
  registration: "Registration",
  renewal: "Renewal",
  upgrade: "Change to Family",
};

type PayingMember = Pick<Member, "registrationPaid" | "lastRenewedYear" | "membership" | "deleted">;

/**
 * What the member may pay now, as their own pages allow it: the registration while it is
 * unpaid (it includes this year's subscription), then this year's renewal while it is not
 * paid, then the change to Family once it is (canUpgradeToFamily). At most one at a time;
 * a deleted member pays nothing.
 */
export function memberPaymentDue(member: PayingMember, year: number): MemberPaymentKind | null {
  if (member.deleted) return null;
  if (!member.registrationPaid) return "registration";
  if (!renewalPaid(member.lastRenewedYear, year)) return "renewal";
  if (canUpgradeToFamily(member, year)) return "upgrade";
  return null;
}

/** The charge of a member payment on `now`: the same one their checkout would make. */
export function memberPaymentCharge(kind: MemberPaymentKind, fees: SiteSettings["membership"], membership: Member["membership"], now: Date): Charge {
  switch (kind) {
    case "registration":
      return registrationCharge(registrationFeeLines(fees, membership, now));
    case "renewal":
      return renewalCharge(fees, membership);
    case "upgrade":
      return upgradeCharge(fees, currentMonth(now));
  }
}

export const NOTHING_DUE_MESSAGE = "This member has nothing to pay at the moment.";
export const NOT_DUE_MESSAGE = "This payment is not due for this member any more. Please check the member and try again.";
export const NO_UNDO_NOTE =
  "An offline payment cannot be deleted or changed once it is recorded. If it was recorded by mistake, it can only be reversed by recording a refund.";
/** After a change to Family is recorded: it collects no spouse or children, so Edit Member opens next to add them. */
export const ADD_FAMILY_NOTE = "Now add their spouse and children.";

/** Where the accountant goes after recording `kind`: the members table, or Edit Member after a change to Family. */
export function afterRecordingPath(kind: MemberPaymentKind, memberId: string): string {
  return kind === "upgrade" ? `/accounts/members/${encodeURIComponent(memberId)}/edit` : "/accounts";
}

/** The toast after a payment for `what` is recorded; after a change to Family it says what to do next. */
export function recordedMessage(kind: MemberPaymentKind, method: OfflineMethod, what: string): string {
  const recorded = `${METHOD_LABELS[method]} payment recorded: ${what}.`;
  return kind === "upgrade" ? `${recorded} ${ADD_FAMILY_NOTE}` : recorded;
}

export const PART_PAYMENT_NOTE = "Part payments are not supported: record the payment once the full amount has been received.";

export const OFFLINE_MESSAGES = {
  method: "Choose how the money was paid.",
  reference: "Enter the reference of the bank transfer or the cheque number.",
  referenceTooLong: "The reference can be at most 100 characters.",
  paidOn: "Enter the date the money was received.",
  paidOnFuture: "The date received cannot be in the future.",
} as const;

/** The amount must be the full fee or price. */
export function amountMismatchMessage(expected: number): string {
  return `The amount must be ${formatPence(expected)}, the full amount due. ${PART_PAYMENT_NOTE}`;
}

/** A day typed as YYYY-MM-DD that exists (2026-02-30 does not). */
export function isIsoDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** The money was received by today (UK): ISO days compare as text. */
export function receivedByToday(paidOn: string, today: string): boolean {
  return paidOn <= today;
}

/** The activity log's words for what was paid: "a cash renewal of £10.00". */
export function offlinePaymentWords(method: OfflineMethod, what: string, amount: number): string {
  return `a ${METHOD_LABELS[method].toLowerCase()} payment for ${what} of ${formatPence(amount)}`;
}
