import type { AppLoadContext } from "@remix-run/cloudflare";
import type Stripe from "stripe";
import type { ActivityActor } from "~/kernel/activity/activity";
import { amountPaid } from "./refunds";
import type { Transaction } from "~/kernel/store/records";
import { recordActivity } from "~/kernel/activity/activity.server";
import { createStripeClient, refundStatus } from "~/features/payments/checkout/stripe-gateway.server";
import { newId } from "~/kernel/store/ids";

/**
 * Stripe's `charge.refunded` (docs/requirements.md §4.7, §4.10, ADR 0055): refunds made in
 * Stripe's dashboard are recorded as ours are, and the answer to one of ours that we missed
 * (a dropped connection) settles it. Stripe's refund id is unique in the table, so a
 * replayed or concurrent delivery records each refund once. The charge's refunds are listed
 * through the API (the event's charge need not carry them), and the charge is matched to
 * its transaction through its checkout session (the session's metadata names the
 * transaction).
 */

/** Who the log names for a refund made in Stripe's dashboard. */
export const STRIPE_ACTOR: ActivityActor = { id: "stripe", fullName: "Stripe" };
export const DASHBOARD_REASON = "Refunded in Stripe's dashboard.";

export async function recordChargeRefunds(context: AppLoadContext, charge: Stripe.Charge): Promise<string> {
  const paymentIntent = typeof charge.payment_intent === "string" ? charge.payment_intent : (charge.payment_intent?.id ?? null);
  if (!paymentIntent) return "unknown";
  const stripe = createStripeClient(context.env);
  const [sessions, refunds] = await Promise.all([
    stripe.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 }),
    stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 }),
  ]);
  const transactionId = sessions.data[0]?.metadata?.transactionId;
  const transaction = transactionId ? await context.store.transactions.getById(transactionId) : null;
  if (!transaction) return "unknown";
  let recorded = 0;
  for (const refund of refunds.data) {
    if (await recordOne(context, transaction, refund)) recorded += 1;
  }
  return recorded > 0 ? `refunds-recorded:${recorded}` : "unchanged";
}

async function recordOne(context: AppLoadContext, transaction: Transaction, refund: Stripe.Refund): Promise<boolean> {
  const status = refundStatus(refund.status);
  if (status === "failed" && !refund.metadata?.refundId) return false;
  const known = await context.store.refunds.findByProviderId(refund.id);
  if (known)
    return status !== "pending" && known.status === "pending" && (await context.store.refunds.settle(known.id, { status, providerRefundId: refund.id }));
  // One of ours whose answer we missed: the metadata names our record.
  const ours = refund.metadata?.refundId ? await context.store.refunds.get(refund.metadata.refundId) : null;
  if (ours && ours.transactionId === transaction.id) {
    return status !== "pending" && (await context.store.refunds.settle(ours.id, { status, providerRefundId: refund.id }));
  }
  const ticket = transaction.ticketId ? await context.store.tickets.getById(transaction.ticketId) : null;
  const created = await context.store.refunds.create(
    {
      id: newId(),
      transactionId: transaction.id,
      userId: transaction.userId,
      paymentType: transaction.paymentType,
      year: transaction.year,
      amount: refund.amount,
      reason: DASHBOARD_REASON,
      by: STRIPE_ACTOR.fullName,
      at: refund.created,
      method: "card",
      providerRefundId: refund.id,
      status,
      ticketId: ticket?.id ?? null,
      event: ticket ? { id: ticket.eventId, title: ticket.title, year: ticket.year } : null,
      people: ticket?.attendees.length ?? 0,
    },
    amountPaid(transaction),
  );
  // "over": another delivery recorded it in the meantime (the provider id is unique), or the
  // records disagree with Stripe's; either way nothing more is written here.
  if (created.kind !== "created") {
    if (!(await context.store.refunds.findByProviderId(refund.id)))
      console.error(`Stripe refund ${refund.id} does not fit transaction ${transaction.id}: not recorded.`);
    return false;
  }
  await recordActivity(context, STRIPE_ACTOR, {
    kind: "refunded",
    transaction: { id: transaction.id, title: transaction.title, memberName: transaction.memberName, userId: transaction.userId },
    amount: refund.amount,
    method: "card",
    undone: false,
  });
  return true;
}
