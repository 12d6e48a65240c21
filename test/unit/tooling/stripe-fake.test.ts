import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoSettings } from "../../../seed/demo-content";
import { demoPrices, parseStripeForm, startFakeStripe, type FakeStripe } from "../../support/fake-stripe";

/** The real `stripe` SDK (Node build) against the test suite's fake Stripe. */
let fake: FakeStripe;
let stripe: Stripe;

/** The SDK pointed at the fake (the Node build; the site's gateway uses the worker build). */
function sdk(key: string, maxNetworkRetries = 0): Stripe {
  const url = new URL(fake.url);
  return new Stripe(key, { host: url.hostname, port: url.port, protocol: "http", maxNetworkRetries });
}

beforeAll(async () => {
  fake = await startFakeStripe({ prices: { price_single: { unit_amount: 1000 }, price_kids: { unit_amount: 500, currency: "gbp" } } });
  stripe = sdk(fake.secretKey);
});

afterAll(async () => {
  await fake.stop();
});

const params = (): Stripe.Checkout.SessionCreateParams => ({
  mode: "payment",
  line_items: [
    { price: "price_single", quantity: 1 },
    { price: "price_kids", quantity: 3 },
  ],
  customer_email: "payer+1@example.org",
  client_reference_id: "64a0000000000000000000aa--64b0000000000000000000bb",
  success_url: "https://site.example/payment-success?session_id={CHECKOUT_SESSION_ID}",
  cancel_url: "https://site.example/payment-cancel/64b0000000000000000000bb",
  metadata: { transactionId: "64b0000000000000000000bb", "odd key & = é": "a&b=c [d]" },
});

describe("fake Stripe, through the real SDK", () => {
  it("creates a session, reads it unpaid, then paid once completed", async () => {
    const created = await stripe.checkout.sessions.create(params());
    expect(created).toMatchObject({
      object: "checkout.session",
      mode: "payment",
      payment_status: "unpaid",
      status: "open",
      amount_total: 2500,
      currency: "gbp",
      customer_email: "payer+1@example.org",
      livemode: false,
    });
    expect(created.id).toMatch(/^cs_test_[A-Za-z0-9]+$/);
    expect(created.url).toBe(`${fake.url}/pay/${created.id}`);

    const unpaid = await stripe.checkout.sessions.retrieve(created.id);
    expect(unpaid.payment_status).toBe("unpaid");
    expect(unpaid.status).toBe("open");

    fake.complete(created.id);
    const paid = await stripe.checkout.sessions.retrieve(created.id);
    expect(paid).toMatchObject({ id: created.id, payment_status: "paid", status: "complete", url: null });

    const other = await stripe.checkout.sessions.create(params());
    fake.expire(other.id);
    expect(await stripe.checkout.sessions.retrieve(other.id)).toMatchObject({ status: "expired", payment_status: "unpaid" });
    expect(() => fake.complete(other.id)).toThrow(/expired/);
  });

  it("receives the bracket-encoded params intact", async () => {
    const created = await stripe.checkout.sessions.create(params());
    const request = fake.requests.at(-1)!;
    expect(request).toMatchObject({ method: "POST", path: "/v1/checkout/sessions", authorization: `Bearer ${fake.secretKey}` });
    expect(request.params).toEqual({
      mode: "payment",
      line_items: [
        { price: "price_single", quantity: "1" },
        { price: "price_kids", quantity: "3" },
      ],
      customer_email: "payer+1@example.org",
      client_reference_id: "64a0000000000000000000aa--64b0000000000000000000bb",
      success_url: "https://site.example/payment-success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "https://site.example/payment-cancel/64b0000000000000000000bb",
      metadata: { transactionId: "64b0000000000000000000bb", "odd key & = é": "a&b=c [d]" },
    });
    expect(created.metadata).toEqual(params().metadata);
    expect(created.client_reference_id).toBe("64a0000000000000000000aa--64b0000000000000000000bb");
    expect(created.success_url).toBe("https://site.example/payment-success?session_id={CHECKOUT_SESSION_ID}");
    expect(fake.lineItems(created.id)).toEqual([
      { price: "price_single", quantity: 1, amount_total: 1000 },
      { price: "price_kids", quantity: 3, amount_total: 1500 },
    ]);
  });

  it("answers an unknown session with 404 resource_missing (StripeInvalidRequestError)", async () => {
    const error = await stripe.checkout.sessions.retrieve("cs_test_nope").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 404, code: "resource_missing", param: "session" });
  });

  it("refuses an unknown price and missing params with Stripe's error shape", async () => {
    const unknown = await stripe.checkout.sessions.create({ ...params(), line_items: [{ price: "price_nope", quantity: 1 }] }).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(unknown).toMatchObject({ statusCode: 400, code: "resource_missing", param: "line_items[0][price]", message: "No such price: 'price_nope'" });

    const noMode = await stripe.checkout.sessions.create({ ...params(), mode: undefined }).catch((e: unknown) => e);
    expect(noMode).toMatchObject({ statusCode: 400, type: "StripeInvalidRequestError", param: "mode" });
    const noItems = await stripe.checkout.sessions.create({ ...params(), line_items: [] }).catch((e: unknown) => e);
    expect(noItems).toMatchObject({ statusCode: 400, param: "line_items" });
    const badKey = await stripe.checkout.sessions.create({ ...params(), metadata: { "a[b]": "x" } }).catch((e: unknown) => e);
    expect(badKey).toMatchObject({ statusCode: 400, type: "StripeInvalidRequestError" });
  });

  it("refuses a wrong key with 401 (StripeAuthenticationError), never echoing the whole key", async () => {
    const wrong = sdk("sk_test_wrong_key_0123456789");
    const error = await wrong.checkout.sessions.retrieve("cs_test_x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect((error as Error).message).not.toContain("sk_test_wrong_key_0123456789");
  });

  it("fails on demand, and replays a retried POST with the same idempotency key", async () => {
    fake.failNextWith(500, { type: "api_error", message: "Something went wrong on Stripe's end." });
    const error = await stripe.checkout.sessions.create(params()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(error).toMatchObject({ statusCode: 500 });

    const retrying = sdk(fake.secretKey, 1);
    const before = fake.sessions.size;
    fake.failNextWith(503, { type: "api_error", message: "Try again." });
    const created = await retrying.checkout.sessions.create(params());
    const [failed, retried] = fake.requests.slice(-2);
    expect(failed!.idempotencyKey).toBeTruthy();
    expect(retried!.idempotencyKey).toBe(failed!.idempotencyKey);
    expect(fake.sessions.size).toBe(before + 1);
    expect(fake.sessions.get(created.id)).toBeDefined();
  });

  it("has a hosted page whose Pay button completes the session and returns to success_url", async () => {
    const created = await stripe.checkout.sessions.create(params());
    const page = await fetch(created.url!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("price_kids × 3: 15.00");
    expect(html).toContain("Total: 25.00 GBP");
    const pay = await fetch(created.url!, { method: "POST", redirect: "manual" });
    expect(pay.status).toBe(303);
    expect(pay.headers.get("location")).toBe(`https://site.example/payment-success?session_id=${created.id}`);
    expect((await stripe.checkout.sessions.retrieve(created.id)).payment_status).toBe("paid");
    expect((await fetch(created.url!)).status).toBe(404);
  });

  it("signs webhook events the SDK verifies", async () => {
    const created = await stripe.checkout.sessions.create(params());
    const { payload, header } = fake.signedEvent("checkout.session.completed", fake.complete(created.id));
    const event = stripe.webhooks.constructEvent(payload, header, fake.webhookSecret);
    expect(event.type).toBe("checkout.session.completed");
    expect(event.data.object).toMatchObject({ id: created.id, payment_status: "paid", metadata: { transactionId: "64b0000000000000000000bb" } });
    expect(() => stripe.webhooks.constructEvent(payload, header, "whsec_other")).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });
});

describe("fake Stripe helpers", () => {
  it("parses Stripe's form encoding into objects and arrays", () => {
    expect(parseStripeForm("a=1&b[c]=2&b[d][0]=x&b[d][1]=y&e[]=p&e[]=q&l[10][k]=ten&l[2][k]=two")).toEqual({
      a: "1",
      b: { c: "2", d: ["x", "y"] },
      e: ["p", "q"],
      l: [{ k: "two" }, { k: "ten" }],
    });
    expect(() => parseStripeForm("metadata[a[b]]=1")).toThrow(/Invalid parameter name/);
  });

  it("prices the demo's price ids with the demo's fees", () => {
    const prices = demoPrices(2026);
    const { membership, tickets } = demoSettings(2026);
    expect(prices[membership.singleRegProduct]).toEqual({ unit_amount: membership.singleRegFee + membership.singleRenewFee, currency: "gbp" });
    expect(prices[membership.familyOnlyRegProduct]?.unit_amount).toBe(membership.familyRegFee);
    expect(prices[tickets.christmasKidsPriceId]?.unit_amount).toBe(tickets.christmasKidsPrice);
    expect(Object.keys(prices)).toHaveLength(11);
  });
});
