import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CheckoutUnavailableError, type NewCheckoutSession } from "~/features/payments/checkout/gateway";
import { stripeApiBase, stripeGateway } from "~/features/payments/checkout/stripe-gateway.server";
import { startFakeStripe, type FakeStripe } from "../../../support/fake-stripe";

/** The Stripe gateway (in Node here; test/integration/features/payments runs it in workerd) against the fake Stripe. */
let fake: FakeStripe;

beforeAll(async () => {
  fake = await startFakeStripe();
});

afterAll(async () => {
  await fake.stop();
});

const gateway = () => stripeGateway({ STRIPE_SECRET_KEY: fake.secretKey, STRIPE_API_URL: fake.url });

const newSession = (over: Partial<NewCheckoutSession> = {}): NewCheckoutSession => ({
  lineItems: [{ price: "price_demo_family_reg", quantity: 1 }],
  customerEmail: "family@example.org",
  clientReferenceId: "64a0000000000000000000aa--64b0000000000000000000bb",
  successUrl: "http://localhost:8787/payment-success?session_id={CHECKOUT_SESSION_ID}",
  cancelUrl: "http://localhost:8787/payment-cancel/64b0000000000000000000bb",
  metadata: { transactionId: "64b0000000000000000000bb" },
  amountTotal: 4000,
  description: "Membership Registration",
  ...over,
});

describe("Stripe gateway", () => {
  it("creates a payment session and maps Stripe's answer", async () => {
    const g = gateway();
    expect(g.kind).toBe("stripe");
    const session = await g.createSession(newSession());
    expect(session).toEqual({
      id: expect.stringMatching(/^cs_test_/),
      url: `${fake.url}/pay/${session.id}`,
      paymentStatus: "unpaid",
      status: "open",
      clientReferenceId: "64a0000000000000000000aa--64b0000000000000000000bb",
      metadata: { transactionId: "64b0000000000000000000bb" },
      amountTotal: 4000,
      currency: "gbp",
    });
    const sent = fake.requests.at(-1)!;
    expect(sent.authorization).toBe(`Bearer ${fake.secretKey}`);
    expect(sent.params).toEqual({
      mode: "payment",
      line_items: [{ price: "price_demo_family_reg", quantity: "1" }],
      customer_email: "family@example.org",
      client_reference_id: "64a0000000000000000000aa--64b0000000000000000000bb",
      // Left for Stripe to fill in: the SDK must not encode or replace the braces.
      success_url: "http://localhost:8787/payment-success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost:8787/payment-cancel/64b0000000000000000000bb",
      metadata: { transactionId: "64b0000000000000000000bb" },
    });
    // Neither the practice-only amount nor the description is sent: the prices decide.
    expect(JSON.stringify(sent.params)).not.toContain("Membership Registration");
  });

  it("reads a session back unpaid, then paid", async () => {
    const g = gateway();
    const { id } = await g.createSession(
      newSession({
        lineItems: [
          { price: "price_demo_xmas_adult", quantity: 2 },
          { price: "price_demo_xmas_kids", quantity: 3 },
        ],
      }),
    );
    expect(await g.retrieveSession(id)).toMatchObject({ id, paymentStatus: "unpaid", status: "open", amountTotal: 2 * 1200 + 3 * 500 });
    fake.complete(id);
    expect(await g.retrieveSession(id)).toMatchObject({
      id,
      paymentStatus: "paid",
      status: "complete",
      url: null,
      metadata: { transactionId: "64b0000000000000000000bb" },
    });
  });

  it("answers null for a session Stripe does not know, or an id that is not one", async () => {
    const before = fake.requests.length;
    expect(await gateway().retrieveSession("cs_test_unknown")).toBeNull();
    expect(await gateway().retrieveSession("../v1/customers")).toBeNull();
    expect(await gateway().retrieveSession("")).toBeNull();
    expect(fake.requests.length).toBe(before + 1);
  });

  it("throws CheckoutUnavailableError on a 5xx, after the SDK's one retry", async () => {
    fake.failNextWith(500, { type: "api_error", message: "Something went wrong on Stripe's end." }, { times: 2 });
    const before = fake.requests.length;
    const error = await gateway()
      .retrieveSession("cs_test_any")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CheckoutUnavailableError);
    expect((error as Error).message).toBe("Stripe could not read the checkout session: StripeAPIError 500");
    expect(fake.requests.length).toBe(before + 2);

    fake.failNextWith(503, { type: "api_error", message: "Unavailable" }, { times: 2 });
    await expect(gateway().createSession(newSession())).rejects.toBeInstanceOf(CheckoutUnavailableError);
  });

  it("throws CheckoutUnavailableError for a refused key or an unknown price, without the key", async () => {
    const wrong = stripeGateway({ STRIPE_SECRET_KEY: "sk_test_not_the_right_one_123", STRIPE_API_URL: fake.url });
    const error = await wrong.retrieveSession("cs_test_any").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CheckoutUnavailableError);
    expect((error as Error).message).toBe("Stripe could not read the checkout session: StripeAuthenticationError 401");
    expect((error as Error).message).not.toContain("sk_test");

    const badPrice = await gateway()
      .createSession(newSession({ lineItems: [{ price: "price_gone", quantity: 1 }] }))
      .catch((e: unknown) => e);
    expect(badPrice).toBeInstanceOf(CheckoutUnavailableError);
    expect((badPrice as Error).message).toBe("Stripe could not create a checkout session: StripeInvalidRequestError 400 resource_missing");
  });

  it("throws CheckoutUnavailableError when Stripe cannot be reached", async () => {
    const gone = await startFakeStripe();
    const g = stripeGateway({ STRIPE_SECRET_KEY: gone.secretKey, STRIPE_API_URL: gone.url });
    await gone.stop();
    const error = await g.createSession(newSession()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CheckoutUnavailableError);
    expect((error as Error).message).toBe("Stripe could not create a checkout session: StripeConnectionError");
    await expect(g.retrieveSession("cs_test_any")).rejects.toBeInstanceOf(CheckoutUnavailableError);
  });

  it("refuses to start without a key", () => {
    expect(() => stripeGateway({ STRIPE_SECRET_KEY: undefined, STRIPE_API_URL: undefined })).toThrow(/STRIPE_SECRET_KEY/);
  });
});

describe("STRIPE_API_URL", () => {
  it("becomes the SDK's host, port and protocol", () => {
    expect(stripeApiBase("http://127.0.0.1:12111")).toEqual({ host: "127.0.0.1", port: "12111", protocol: "http" });
    expect(stripeApiBase("http://localhost")).toEqual({ host: "localhost", port: 80, protocol: "http" });
    expect(stripeApiBase("https://stripe-mock.example.org")).toEqual({ host: "stripe-mock.example.org", port: 443, protocol: "https" });
    expect(stripeApiBase("https://[::1]:8443/")).toEqual({ host: "[::1]", port: "8443", protocol: "https" });
  });

  it("is Stripe itself when unset", () => {
    expect(stripeApiBase(undefined)).toEqual({});
  });
});
