import { readFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckoutSession, NewCheckoutSession } from "~/features/payments/checkout/gateway";
import { ROOT } from "../../../../scripts/lib";
import { startFakeStripe, type FakeStripe } from "../../../support/fake-stripe";

/**
 * The Stripe gateway and webhook check inside workerd, as the Worker runs them: the
 * SDK's worker build (vite.config.ts's ssr conditions), fetch and SubtleCrypto, with
 * wrangler.toml's compatibility date and flags, against the fake Stripe.
 */
let fake: FakeStripe;
let mf: Miniflare;
let bundle: string;

beforeAll(async () => {
  fake = await startFakeStripe();
  const result = await build({
    entryPoints: [path.join(ROOT, "test/integration/features/payments/stripe-worker-entry.ts")],
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["browser", "module", "main"],
    write: false,
    logLevel: "silent",
  });
  bundle = result.outputFiles[0]!.text;
  const toml = readFileSync(path.join(ROOT, "wrangler.toml"), "utf8");
  const compatibilityDate = /^compatibility_date\s*=\s*"([^"]+)"/m.exec(toml)![1]!;
  mf = new Miniflare({ modules: true, script: bundle, compatibilityDate, compatibilityFlags: ["nodejs_compat"] });
});

afterAll(async () => {
  await mf?.dispose();
  await fake?.stop();
});

async function call<T>(body: unknown): Promise<{ status: number; json: T }> {
  const response = await mf.dispatchFetch("http://worker/", { method: "POST", body: JSON.stringify(body) });
  return { status: response.status, json: (await response.json()) as T };
}

const env = () => ({ STRIPE_SECRET_KEY: fake.secretKey, STRIPE_API_URL: fake.url });

const newSession: NewCheckoutSession = {
  lineItems: [{ price: "price_demo_single_reg", quantity: 1 }],
  customerEmail: "workerd@example.org",
  clientReferenceId: "64a0000000000000000000aa--64b0000000000000000000bb",
  successUrl: "http://localhost:8787/payment-success?session_id={CHECKOUT_SESSION_ID}",
  cancelUrl: "http://localhost:8787/payment-cancel/64b0000000000000000000bb",
  metadata: { transactionId: "64b0000000000000000000bb" },
  amountTotal: 2000,
  description: "Membership Registration",
};

describe("Stripe gateway in workerd", () => {
  it("bundles the SDK's worker build, with no Node-only module", () => {
    expect(bundle).toContain("WebPlatformFunctions");
    expect(bundle).not.toContain("NodePlatformFunctions");
    expect(bundle).not.toMatch(/from\s*["'](node:)?(http|https|crypto|child_process|events)["']/);
  });

  it("creates a session, reads it unpaid and then paid", async () => {
    const created = await call<{ session: CheckoutSession }>({ do: "create", env: env(), session: newSession });
    expect(created.status).toBe(200);
    expect(created.json.session).toMatchObject({
      paymentStatus: "unpaid",
      status: "open",
      amountTotal: 2000,
      currency: "gbp",
      clientReferenceId: newSession.clientReferenceId,
    });
    const id = created.json.session.id;
    expect(fake.requests.at(-1)?.params).toMatchObject({ success_url: newSession.successUrl, metadata: { transactionId: "64b0000000000000000000bb" } });
    expect(fake.requests.at(-1)?.params).toMatchObject({ line_items: [{ price: "price_demo_single_reg", quantity: "1" }] });

    expect((await call<{ session: CheckoutSession }>({ do: "retrieve", env: env(), id })).json.session.paymentStatus).toBe("unpaid");
    fake.complete(id);
    expect((await call<{ session: CheckoutSession }>({ do: "retrieve", env: env(), id })).json.session).toMatchObject({
      id,
      paymentStatus: "paid",
      status: "complete",
    });
    expect((await call<{ session: CheckoutSession | null }>({ do: "retrieve", env: env(), id: "cs_test_unknown" })).json.session).toBeNull();
  });

  it("turns a Stripe failure into CheckoutUnavailableError", async () => {
    fake.failNextWith(500, { type: "api_error", message: "Something went wrong." }, { times: 2 });
    const failed = await call<{ error: { name: string; message: string } }>({ do: "retrieve", env: env(), id: "cs_test_any" });
    expect(failed.json.error).toEqual({ name: "CheckoutUnavailableError", message: "Stripe could not read the checkout session: StripeAPIError 500" });
  });

  it("verifies webhook signatures with SubtleCrypto", async () => {
    const { id } = (await call<{ session: CheckoutSession }>({ do: "create", env: env(), session: newSession })).json.session;
    const { payload, header } = fake.signedEvent("checkout.session.completed", fake.complete(id));
    const good = await call<{ event: { type: string; data: { object: { id: string } } } | null }>({
      do: "verify",
      secret: fake.webhookSecret,
      payload,
      header,
    });
    expect(good.json.event).toMatchObject({ type: "checkout.session.completed", data: { object: { id } } });
    const bad = await call<{ event: unknown }>({ do: "verify", secret: fake.webhookSecret, payload: payload.replace(id, "cs_test_other"), header });
    expect(bad.json.event).toBeNull();
  });
});
