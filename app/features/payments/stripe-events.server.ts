import type { AppLoadContext } from "@remix-run/cloudflare";
import type Stripe from "stripe";
import { toCheckoutSession } from "~/features/payments/checkout/stripe-gateway.server";
import { verifyStripeWebhook } from "~/features/payments/checkout/stripe-webhook.server";
import { settleWithSession } from "./settlement.server";
import { nowSeconds } from "~/kernel/store/ids";
import { recordChargeRefunds } from "./refund-webhook.server";

/**
 * POST /webhooks/stripe: Stripe tells us a checkout finished (or expired), so a member
 * who closed the tab is still credited. The signature is verified first; then the same
 * settlement as the return pages, so replays and races change nothing twice.
 */

const MAX_PAYLOAD_BYTES = 512 * 1024;

export async function receiveStripeWebhook(request: Request, context: AppLoadContext): Promise<Response> {
  const secret = context.env.STRIPE_WEBHOOK_SECRET;
  if (!secret) return new Response("Webhooks are not configured.", { status: 503 });
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > MAX_PAYLOAD_BYTES) return new Response("Too large.", { status: 413 });
  const payload = await request.text();
  if (payload.length > MAX_PAYLOAD_BYTES) return new Response("Too large.", { status: 413 });
  const event = await verifyStripeWebhook(secret, payload, request.headers.get("Stripe-Signature"));
  if (!event) return new Response("Invalid signature.", { status: 400 });
  const result = await handleStripeEvent(context, event);
  return Response.json({ received: true, result });
}

/** What the event did, for the logs and the tests: settled, failed, ignored, unknown ... */
export async function handleStripeEvent(context: AppLoadContext, event: Stripe.Event): Promise<string> {
  // Refunds (docs/requirements.md §4.7, §4.10): one made in Stripe's dashboard, or the answer to one of ours.
  if (event.type === "charge.refunded") return recordChargeRefunds(context, event.data.object);
  if (event.type !== "checkout.session.completed" && event.type !== "checkout.session.async_payment_succeeded" && event.type !== "checkout.session.expired") {
    return "ignored";
  }
  const session = toCheckoutSession(event.data.object);
  const transactionId = session.metadata.transactionId;
  const transaction = transactionId ? await context.store.transactions.getById(transactionId) : null;
  if (!transaction) return "unknown";
  if (event.type === "checkout.session.expired") {
    if (session.paymentStatus === "paid") return "ignored";
    const failed = transaction.status === "pending" && (await context.store.transactions.settle(transaction.id, "failed", nowSeconds()));
    return failed ? "failed" : "unchanged";
  }
  const { outcome } = await settleWithSession(context, transaction, session);
  return outcome;
}
