import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyStripeWebhook } from "~/features/payments/checkout/stripe-webhook.server";
import { startFakeStripe, type FakeCheckoutSession, type FakeStripe } from "../../../support/fake-stripe";

let fake: FakeStripe;
let session: FakeCheckoutSession;

beforeAll(async () => {
  fake = await startFakeStripe();
  const stripe = new Stripe(fake.secretKey, { host: "127.0.0.1", port: new URL(fake.url).port, protocol: "http" });
  const created = await stripe.checkout.sessions.create({
    mode: "payment",
    line_items: [{ price: "price_demo_single_renew", quantity: 1 }],
    success_url: "http://localhost/payment-success?session_id={CHECKOUT_SESSION_ID}",
    metadata: { transactionId: "64b0000000000000000000bb" },
  });
  session = fake.complete(created.id);
});

afterAll(async () => {
  await fake.stop();
});

describe("verifyStripeWebhook", () => {
  it("accepts an event signed with the webhook secret and returns it", async () => {
    const { payload, header } = fake.signedEvent("checkout.session.completed", session);
    const event = await verifyStripeWebhook(fake.webhookSecret, payload, header);
    expect(event?.type).toBe("checkout.session.completed");
    expect(event?.data.object).toMatchObject({
      id: session.id,
      object: "checkout.session",
      payment_status: "paid",
      metadata: { transactionId: "64b0000000000000000000bb" },
    });
  });

  it("accepts a header signed by the SDK itself (generateTestHeaderString)", async () => {
    const payload = JSON.stringify({ id: "evt_test_1", object: "event", type: "checkout.session.expired", data: { object: { id: "cs_test_x" } } });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_local" });
    expect((await verifyStripeWebhook("whsec_local", payload, header))?.type).toBe("checkout.session.expired");
  });

  it("refuses a tampered payload", async () => {
    const { payload, header } = fake.signedEvent("checkout.session.completed", session);
    const tampered = payload.replace('"paid"', '"unpaid"');
    expect(tampered).not.toBe(payload);
    expect(await verifyStripeWebhook(fake.webhookSecret, tampered, header)).toBeNull();
  });

  it("refuses another secret, a missing or malformed header, and an empty secret", async () => {
    const { payload, header } = fake.signedEvent("checkout.session.completed", session);
    expect(await verifyStripeWebhook("whsec_someone_else", payload, header)).toBeNull();
    expect(await verifyStripeWebhook(fake.webhookSecret, payload, null)).toBeNull();
    expect(await verifyStripeWebhook(fake.webhookSecret, payload, "")).toBeNull();
    expect(await verifyStripeWebhook(fake.webhookSecret, payload, "t=abc,v1=def")).toBeNull();
    expect(await verifyStripeWebhook("", payload, header)).toBeNull();
  });

  it("refuses a signature older than the SDK's tolerance (300 s), accepts one just inside it", async () => {
    const now = Math.floor(Date.now() / 1000);
    const old = fake.signedEvent("checkout.session.completed", session, fake.webhookSecret, { timestamp: now - 301 });
    expect(await verifyStripeWebhook(fake.webhookSecret, old.payload, old.header)).toBeNull();
    const recent = fake.signedEvent("checkout.session.completed", session, fake.webhookSecret, { timestamp: now - 240 });
    expect(await verifyStripeWebhook(fake.webhookSecret, recent.payload, recent.header)).not.toBeNull();
  });

  it("refuses a correctly signed body that is not JSON, without throwing", async () => {
    const payload = "not json";
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_local" });
    expect(await verifyStripeWebhook("whsec_local", payload, header)).toBeNull();
  });
});
