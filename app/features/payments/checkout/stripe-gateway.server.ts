import Stripe from "stripe";
import type { AppEnv } from "../../../kernel/http/env.server";
import { CheckoutUnavailableError, RefundRefusedError, type CardRefund, type CheckoutGateway, type CheckoutSession, type NewCheckoutSession } from "./gateway";

/**
 * Stripe Checkout through the `stripe` SDK. The Worker bundle gets the SDK's
 * "workerd"/"worker" build (vite.config.ts ssr conditions): fetch for HTTP, no Node
 * modules. STRIPE_API_URL points the SDK at another Stripe-compatible API (the test
 * suite's local server, test/support/fake-stripe.ts).
 */

/** A request that takes longer is abandoned (the SDK's default is 80 s). */
const TIMEOUT_MS = 10_000;

type StripeEnv = Pick<AppEnv, "STRIPE_SECRET_KEY" | "STRIPE_API_URL">;

/** host, port and protocol for the SDK from an API base such as http://127.0.0.1:8787. */
export function stripeApiBase(apiUrl: string | undefined): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol };
}

export function createStripeClient(env: StripeEnv): Stripe {
  if (!env.STRIPE_SECRET_KEY) throw new Error("STRIPE_SECRET_KEY is not set");
  return new Stripe(env.STRIPE_SECRET_KEY, {
    httpClient: Stripe.createFetchHttpClient(),
    // One retry (with the SDK's idempotency key on POST) for a dropped connection or a 5xx.
    maxNetworkRetries: 1,
    timeout: TIMEOUT_MS,
    // Telemetry headers carry the previous request's latency: nothing we need to send.
    telemetry: false,
    ...stripeApiBase(env.STRIPE_API_URL),
  });
}

const PAYMENT_STATUSES = ["paid", "unpaid", "no_payment_required"] as const;
const STATUSES = ["open", "complete", "expired"] as const;

/** Stripe may add words: anything we do not know is read as the unsettled one. */
function known<T extends string>(words: readonly T[], value: string | null | undefined, otherwise: T): T {
  return words.find((word) => word === value) ?? otherwise;
}

/** Stripe's session in the site's words (also used for the sessions webhooks carry). */
export function toCheckoutSession(session: Stripe.Checkout.Session): CheckoutSession {
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(session.metadata ?? {})) {
    if (typeof value === "string") metadata[key] = value;
  }
  return {
    id: session.id,
    url: session.url ?? null,
    paymentStatus: known(PAYMENT_STATUSES, session.payment_status, "unpaid"),
    status: known(STATUSES, session.status, "open"),
    clientReferenceId: session.client_reference_id ?? null,
    metadata,
    amountTotal: typeof session.amount_total === "number" ? session.amount_total : null,
    currency: session.currency ?? null,
  };
}

/** A short reason for the logs and the error: the SDK's error type and status, never the key or the request. */
function unavailable(action: string, error: unknown): CheckoutUnavailableError {
  if (error instanceof Stripe.errors.StripeError) {
    const status = error.statusCode ? ` ${error.statusCode}` : "";
    const code = error.code ? ` ${error.code}` : "";
    return new CheckoutUnavailableError(`Stripe could not ${action}: ${error.type}${status}${code}`);
  }
  return new CheckoutUnavailableError(`Stripe could not ${action}: ${error instanceof Error ? error.name : "unknown error"}`);
}

function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404 && error.code === "resource_missing";
}

export function stripeGateway(env: StripeEnv): CheckoutGateway {
  const stripe = createStripeClient(env);
  return {
    kind: "stripe",
    async createSession(input: NewCheckoutSession) {
      let session: Stripe.Checkout.Session;
      try {
        // The currency and amounts come from the prices (or a one-off price's own amount);
        // amountTotal and description are for the practice checkout only.
        session = await stripe.checkout.sessions.create({
          mode: "payment",
          line_items: input.lineItems.map((item) =>
            item.priceData
              ? {
                  // A one-off price (a donation): the amount is ours, so Stripe charges exactly it.
                  price_data: { currency: item.priceData.currency, unit_amount: item.priceData.unitAmount, product_data: { name: item.priceData.productName } },
                  quantity: item.quantity,
                }
              : { price: item.price, quantity: item.quantity },
          ),
          customer_email: input.customerEmail,
          client_reference_id: input.clientReferenceId,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          metadata: { transactionId: input.metadata.transactionId },
        });
      } catch (error) {
        throw unavailable("create a checkout session", error);
      }
      return toCheckoutSession(session);
    },
    async retrieveSession(id: string) {
      // A session id never has a slash or the like: refuse rather than ask for another path.
      if (!/^[A-Za-z0-9_]+$/.test(id)) return null;
      try {
        return toCheckoutSession(await stripe.checkout.sessions.retrieve(id));
      } catch (error) {
        if (isMissing(error)) return null;
        throw unavailable("read the checkout session", error);
      }
    },
    async refund({ checkoutSessionId, amount, idempotencyKey, metadata }) {
      // Stripe refunds a payment intent, not a session: the session names the one it was paid with.
      let paymentIntent: string | null;
      try {
        const session = await stripe.checkout.sessions.retrieve(checkoutSessionId);
        paymentIntent = typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);
      } catch (error) {
        throw unavailable("read the checkout session", error);
      }
      if (!paymentIntent) throw new CheckoutUnavailableError("Stripe has no payment for this checkout session to refund.");
      try {
        const refund = await stripe.refunds.create({ payment_intent: paymentIntent, amount, metadata }, { idempotencyKey });
        return { id: refund.id, status: refundStatus(refund.status) };
      } catch (error) {
        // A 4xx answer (not a retryable one) is Stripe's "no": certain that nothing was refunded.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new RefundRefusedError(unavailable("refund the payment", error).message);
        throw unavailable("refund the payment", error);
      }
    },
  };
}

/** Stripe's refund statuses in the site's words: requires_action and pending are not final yet. */
export function refundStatus(status: string | null | undefined): CardRefund["status"] {
  if (status === "succeeded") return "succeeded";
  if (status === "failed" || status === "canceled") return "failed";
  return "pending";
}
