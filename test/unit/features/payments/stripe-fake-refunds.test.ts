import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stripeGateway } from "~/features/payments/checkout/stripe-gateway.server";
import { RefundRefusedError } from "~/features/payments/checkout/gateway";
import { startFakeStripe, type FakeStripe } from "../../../support/fake-stripe";

/**
 * The fake Stripe's refunds (docs/requirements.md §4.10), through the real `stripe` SDK and the site's gateway:
 * POST /v1/refunds against a paid session's payment intent, Stripe's idempotency (the same
 * key → the same refund), never more than the charge, and the lists the webhook reads.
 */
let fake: FakeStripe;
let sdk: Stripe;
beforeAll(async () => {
  fake = await startFakeStripe({ prices: { price_single: { unit_amount: 1000 } } });
  const url = new URL(fake.url);
  sdk = new Stripe(fake.secretKey, { host: url.hostname, port: url.port, protocol: "http" });
});
afterAll(() => fake?.stop());

async function paidSession() {
  const session = await sdk.checkout.sessions.create({
    mode: "payment",
    line_items: [{ price: "price_single", quantity: 1 }],
    success_url: "http://localhost/ok?session_id={CHECKOUT_SESSION_ID}",
    metadata: { transactionId: "t1" },
  });
  fake.complete(session.id);
  return session.id;
}

describe("the fake Stripe's refunds", () => {
  it("refunds a paid session through the gateway; the same idempotency key is the same refund", async () => {
    const sessionId = await paidSession();
    const gateway = stripeGateway({ STRIPE_SECRET_KEY: fake.secretKey, STRIPE_API_URL: fake.url });
    const request = { checkoutSessionId: sessionId, amount: 400, idempotencyKey: "refund-abc", metadata: { refundId: "abc", transactionId: "t1" } };
    const first = await gateway.refund(request);
    const again = await gateway.refund(request);
    expect(first.status).toBe("succeeded");
    expect(again).toEqual(first);
    const paymentIntent = fake.sessions.get(sessionId)!.payment_intent;
    expect(fake.refunds.filter((r) => r.payment_intent === paymentIntent)).toMatchObject([{ id: first.id, amount: 400, metadata: { refundId: "abc" } }]);
    expect(fake.requests.filter((r) => r.path === "/v1/refunds").map((r) => r.idempotencyKey)).toEqual(["refund-abc", "refund-abc"]);
  });

  it("refuses more than is left on the charge (a RefundRefusedError: certain nothing was refunded)", async () => {
    const sessionId = await paidSession();
    const gateway = stripeGateway({ STRIPE_SECRET_KEY: fake.secretKey, STRIPE_API_URL: fake.url });
    await gateway.refund({ checkoutSessionId: sessionId, amount: 700, idempotencyKey: "refund-one", metadata: { refundId: "one", transactionId: "t1" } });
    await expect(
      gateway.refund({ checkoutSessionId: sessionId, amount: 301, idempotencyKey: "refund-two", metadata: { refundId: "two", transactionId: "t1" } }),
    ).rejects.toBeInstanceOf(RefundRefusedError);
  });

  it("lists a payment's refunds and finds its session, as the charge.refunded webhook reads them", async () => {
    const sessionId = await paidSession();
    const charge = fake.dashboardRefund(sessionId, 250);
    expect(charge).toMatchObject({ object: "charge", amount_refunded: 250, refunded: false, payment_intent: fake.sessions.get(sessionId)!.payment_intent });
    const paymentIntent = String(charge.payment_intent);
    const refunds = await sdk.refunds.list({ payment_intent: paymentIntent });
    expect(refunds.data.map((r) => r.amount)).toEqual([250]);
    const sessions = await sdk.checkout.sessions.list({ payment_intent: paymentIntent });
    expect(sessions.data.map((s) => s.id)).toEqual([sessionId]);
  });
});
