import type { AppLoadContext } from "@remix-run/cloudflare";
import { createElement } from "react";
import { createEmailService } from "~/kernel/email/email.server";
import { readAssociationContact } from "~/kernel/layout/association.server";
import { RefundEmail } from "./emails/RefundEmail";
import { refundNotice } from "./refund-notice";
import { formatDateTime } from "~/features/membership";
import type { ActivityActor } from "~/kernel/activity/activity";
import { formatPence } from "../../kernel/values/money";
import { penceToPounds } from "../../kernel/values/pounds";
import { MEMBERSHIP_MESSAGE, type RefundInput } from "./refund-request";
import { paidDay } from "./receipt";
import type { Transaction } from "~/kernel/store/records";
import {
  MEMBERSHIP_CHOICES,
  REFUND_MESSAGES,
  amountPaid,
  isCardPayment,
  recordOnlyNote,
  membershipChangeOf,
  membershipUndoPatch,
  refundAmountError,
  refundIdempotencyKey,
  refundedSoFar,
  remainingToRefund,
  type MembershipChange,
  type MembershipDecision,
  type Refund,
} from "./refunds";
import type { Toast } from "~/kernel/http/toast";
import { recordActivity } from "~/kernel/activity/activity.server";
import { CheckoutUnavailableError, RefundRefusedError } from "~/features/payments/checkout/gateway";
import { createCheckoutGateway } from "~/features/payments/checkout/index.server";
import { newId, nowSeconds } from "~/kernel/store/ids";

/**
 * Refunds (docs/requirements.md §4.10, ADR 0055): /accounts/transactions/:id/refund (the route guards:
 * accountants). A refund is recorded first (one conditional write: never more than was
 * paid), then, for a card payment, asked of the card provider with an idempotency key made
 * from the record's id: a double submit or a retry is one refund at Stripe too.
 */

export interface RefundPage {
  transaction: { id: string; title: string; memberName: string; memberEmail: string; date: string; paid: string };
  refunded: string;
  remaining: string;
  /** The form's amount: what is left, in pounds ("20.00"). */
  remainingPounds: string;
  card: boolean;
  /** Said instead of the card sentence when the refund is by record only (features/payments/refunds.ts recordOnlyNote). */
  recordOnlyNote: string;
  /** A fresh refund id for the form: posting it twice is one refund. */
  refundId: string;
  membershipChange: MembershipChange | null;
  membershipChoices: { kept: string; undone: string } | null;
  /** A ticket's transaction: a full refund cancels it, a partial one keeps it. */
  ticket: boolean;
  refunds: Array<{ id: string; date: string; amount: string; by: string; reason: string; how: string; status: string }>;
}

const STATUS_WORDS: Record<Refund["status"], string> = { pending: "Waiting for the card provider", succeeded: "Done", failed: "Failed" };

function refundRow(refund: Refund) {
  return {
    id: refund.id,
    date: formatDateTime(refund.at),
    amount: formatPence(refund.amount),
    by: refund.by,
    reason: refund.reason,
    how: refund.method === "card" ? "To the card" : "Recorded only",
    status: STATUS_WORDS[refund.status],
  };
}

/**
 * The transaction as a refund sees it. Reconcile's "paid twice" case stays pending (nothing
 * changed for the member), yet the card was charged: when the provider says its checkout is
 * paid, it can be refunded like a settled one.
 */
async function refundable(context: AppLoadContext, transactionId: string): Promise<{ transaction: Transaction; change: MembershipChange | null } | null> {
  const transaction = await context.store.transactions.getById(transactionId);
  if (!transaction) return null;
  if (transaction.status !== "pending" || !isCardPayment(transaction)) return { transaction, change: membershipChangeOf(transaction) };
  try {
    const session = await createCheckoutGateway(context).retrieveSession(transaction.checkoutSessionId!);
    // Paid twice: the member's record never changed for this payment, so there is nothing to ask about it.
    return { transaction: session?.paymentStatus === "paid" ? { ...transaction, status: "success" } : transaction, change: null };
  } catch (error) {
    if (error instanceof CheckoutUnavailableError) return { transaction, change: null };
    throw error;
  }
}

/** The refund page of a transaction; null when there is no such transaction. */
export async function loadRefundPage(context: AppLoadContext, transactionId: string): Promise<RefundPage | null> {
  const found = await refundable(context, transactionId);
  if (!found) return null;
  const { transaction, change } = found;
  const refunds = await context.store.refunds.listByTransaction(transaction.id);
  const remaining = transaction.status === "success" ? remainingToRefund(transaction, refunds) : 0;
  return {
    transaction: {
      id: transaction.id,
      title: transaction.title,
      memberName: transaction.memberName,
      memberEmail: transaction.memberEmail,
      // The day the money came (an offline payment's date received), as its receipt says: never the day it was entered (docs/requirements.md §4.10).
      date: paidDay(transaction),
      paid: formatPence(amountPaid(transaction)),
    },
    refunded: formatPence(refundedSoFar(refunds)),
    remaining: formatPence(remaining),
    remainingPounds: penceToPounds(remaining),
    card: isCardPayment(transaction),
    recordOnlyNote: recordOnlyNote(transaction.method),
    refundId: newId(),
    membershipChange: change,
    membershipChoices: change ? MEMBERSHIP_CHOICES[change] : null,
    ticket: transaction.ticketId !== null,
    refunds: refunds.map(refundRow),
  };
}

export type RefundOutcome =
  | { kind: "not-found" }
  /** The post cannot be done as it is: the message goes under `field` ("" for the form). */
  | { kind: "refused"; field: "amount" | "membership" | ""; message: string }
  /** Ask first (without JavaScript too): the question and the values to post again. */
  | { kind: "confirm"; question: string }
  | { kind: "done"; toast: Toast };

const actorOf = (actor: ActivityActor) => actor.fullName;

/** "Refund £20.00 to Jane Doe's card?" — what the confirmation step asks. */
export function refundQuestion(transaction: Pick<Transaction, "memberName" | "checkoutSessionId">, amount: number): string {
  return isCardPayment(transaction)
    ? `Refund ${formatPence(amount)} to ${transaction.memberName}'s card? The card provider gives the money back; this cannot be undone.`
    : `Record a refund of ${formatPence(amount)} to ${transaction.memberName}? Give the money back yourself (cash or bank transfer); this only records it.`;
}

/** Refunds (part of) a paid transaction, once, and logs it. */
export async function refundTransaction(context: AppLoadContext, actor: ActivityActor, transactionId: string, input: RefundInput): Promise<RefundOutcome> {
  const found = await refundable(context, transactionId);
  if (!found) return { kind: "not-found" };
  const { transaction, change } = found;
  if (change && !input.membership) return { kind: "refused", field: "membership", message: MEMBERSHIP_MESSAGE };

  // The same form posted again (a double click, a retry after an error): carry on with that refund, never a new one.
  const earlier = await context.store.refunds.get(input.refundId);
  if (earlier && earlier.transactionId !== transaction.id)
    return { kind: "refused", field: "", message: "This form is out of date: please open the refund page again." };
  if (!earlier) {
    const error = refundAmountError(transaction, await context.store.refunds.listByTransaction(transaction.id), input.amount);
    if (error) return { kind: "refused", field: error === REFUND_MESSAGES.notPaid || error === REFUND_MESSAGES.nothingLeft ? "" : "amount", message: error };
    if (input.confirmed !== "1") return { kind: "confirm", question: refundQuestion(transaction, input.amount) };
  }
  const refund = earlier ?? (await recordRefund(context, actor, transaction, input));
  if ("message" in refund) return { kind: "refused", field: "amount", message: refund.message };

  const settled =
    refund.method === "card" && refund.status === "pending" ? await askProvider(context, transaction, refund) : { ok: true as const, refund, changed: false };
  if (!settled.ok) return { kind: "refused", field: "", message: settled.message };
  if (settled.refund.status === "failed") return { kind: "refused", field: "", message: PROVIDER_REFUSED };
  // Applied and logged once: by the post that recorded it (recorded only), or that the provider's answer settled.
  const once = refund.method === "record" ? !earlier : settled.changed || (!earlier && settled.refund.status === "pending");
  if (once) {
    await applyDecision(context, actor, transaction, settled.refund, change ? (input.membership ?? null) : null);
    // The member is told once, by this same post (docs/requirements.md §4.10): a card refund when it is asked of
    // the provider, never again when the provider's webhook confirms it.
    await sendRefundNotice(context, transaction, settled.refund);
  }
  return { kind: "done", toast: doneToast(transaction, settled.refund) };
}

async function recordRefund(
  context: AppLoadContext,
  actor: ActivityActor,
  transaction: Transaction,
  input: RefundInput,
): Promise<Refund | { message: string }> {
  const ticket = transaction.ticketId ? await context.store.tickets.getById(transaction.ticketId) : null;
  const card = isCardPayment(transaction);
  const created = await context.store.refunds.create(
    {
      id: input.refundId,
      transactionId: transaction.id,
      userId: transaction.userId,
      paymentType: transaction.paymentType,
      year: transaction.year,
      amount: input.amount,
      reason: input.reason,
      by: actorOf(actor),
      at: nowSeconds(),
      method: card ? "card" : "record",
      providerRefundId: null,
      // A recorded refund is done when it is recorded; a card refund when the provider says so.
      status: card ? "pending" : "succeeded",
      ticketId: ticket?.id ?? null,
      event: ticket ? { id: ticket.eventId, title: ticket.title, year: ticket.year } : null,
      people: ticket?.attendees.length ?? 0,
    },
    amountPaid(transaction),
  );
  if (created.kind === "over") {
    const left = remainingToRefund(transaction, await context.store.refunds.listByTransaction(transaction.id));
    return { message: left === 0 ? REFUND_MESSAGES.nothingLeft : REFUND_MESSAGES.tooMuch(left) };
  }
  return created.refund;
}

const PROVIDER_REFUSED = "The card provider refused this refund, so nothing was refunded. Check the payment in Stripe's dashboard.";
const UNREACHABLE =
  "The card provider could not be reached, so the refund is waiting. Press Refund again to try once more: the member will not be refunded twice.";

async function askProvider(
  context: AppLoadContext,
  transaction: Transaction,
  refund: Refund,
): Promise<{ ok: true; refund: Refund; changed: boolean } | { ok: false; message: string }> {
  let changed = false;
  try {
    const answer = await createCheckoutGateway(context).refund({
      checkoutSessionId: transaction.checkoutSessionId!,
      amount: refund.amount,
      idempotencyKey: refundIdempotencyKey(refund.id),
      metadata: { refundId: refund.id, transactionId: transaction.id },
    });
    if (answer.status !== "pending") changed = await context.store.refunds.settle(refund.id, { status: answer.status, providerRefundId: answer.id });
  } catch (error) {
    if (error instanceof RefundRefusedError) {
      await context.store.refunds.settle(refund.id, { status: "failed", providerRefundId: null });
      console.error(`Refund ${refund.id} refused:`, error.message);
      return { ok: false, message: PROVIDER_REFUSED };
    }
    if (error instanceof CheckoutUnavailableError) {
      console.error(`Refund ${refund.id} is waiting:`, error.message);
      return { ok: false, message: UNREACHABLE };
    }
    throw error;
  }
  return { ok: true, refund: (await context.store.refunds.get(refund.id)) ?? refund, changed };
}

/** The accountant's answer to "Does the membership change stand?", applied once, and the log entry. */
async function applyDecision(context: AppLoadContext, actor: ActivityActor, transaction: Transaction, refund: Refund, decision: MembershipDecision | null) {
  let undone = false;
  if (decision) {
    await context.store.refunds.setMembershipDecision(refund.id, decision);
    const member = decision === "undone" ? await context.store.members.getById(transaction.userId) : null;
    const patch = member ? membershipUndoPatch(member, transaction) : null;
    if (patch) {
      await context.store.members.update(transaction.userId, patch);
      undone = true;
    }
  }
  await recordActivity(context, actor, {
    kind: "refunded",
    transaction: { id: transaction.id, title: transaction.title, memberName: transaction.memberName, userId: transaction.userId },
    amount: refund.amount,
    method: refund.method,
    undone,
  });
}

function doneToast(transaction: Transaction, refund: Refund): Toast {
  const amount = formatPence(refund.amount);
  if (refund.method === "record") return { kind: "success", message: `Recorded a refund of ${amount} to ${transaction.memberName}.` };
  if (refund.status === "pending") return { kind: "info", message: `The refund of ${amount} is on its way: the card provider has not finished it yet.` };
  return { kind: "success", message: `Refunded ${amount} to ${transaction.memberName}'s card.` };
}

/**
 * E-mails the member what was refunded and how it reaches them (their current address, else the one on
 * the transaction), through the outbox with their id. Never throws: the refund stands either way; a
 * failure is logged (and is in the outbox).
 */
async function sendRefundNotice(context: AppLoadContext, transaction: Transaction, refund: Refund): Promise<void> {
  try {
    const member = await context.store.members.getById(transaction.userId);
    const to = member?.email || transaction.memberEmail;
    if (!to) return;
    const notice = refundNotice(transaction, refund);
    const { email: contactEmail } = await readAssociationContact(context);
    await createEmailService(context).send({
      to: [to],
      subject: notice.subject,
      react: createElement(RefundEmail, { notice, fullName: member?.fullName ?? transaction.memberName, contactEmail }),
      purpose: "refund",
      memberId: transaction.userId,
    });
  } catch (error) {
    console.error(`The refund notice of refund ${refund.id} could not be sent:`, error);
  }
}

/** The events report's rows are tickets: the paid transaction that bought one, to refund it. */
export async function transactionOfTicket(context: AppLoadContext, ticketId: string): Promise<string | null> {
  const ticket = await context.store.tickets.getById(ticketId);
  if (!ticket) return null;
  const paid = await context.store.transactions.listByUser(ticket.userId, "success");
  return paid.find((t) => t.ticketId === ticket.id)?.id ?? null;
}
