import type { AppLoadContext } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { action, loader } from "~/features/payments/routes/practice-checkout";
import { sameOriginReturnUrl } from "~/features/payments/checkout/practice-page.server";

const ID = "cs_practice_0123456789abcdef01234567";
const REQUEST_URL = `http://127.0.0.1:8787/practice-checkout/${ID}`;

describe("the practice checkout's return URLs (never an open redirect)", () => {
  it("fills in {CHECKOUT_SESSION_ID}, as Stripe does, in a path or a URL on the request's origin", () => {
    expect(sameOriginReturnUrl("/payment-success/t1/m1?session_id={CHECKOUT_SESSION_ID}", ID, REQUEST_URL)).toBe(`/payment-success/t1/m1?session_id=${ID}`);
    expect(sameOriginReturnUrl("http://127.0.0.1:8787/payment-cancel/t1", ID, REQUEST_URL)).toBe("http://127.0.0.1:8787/payment-cancel/t1");
    expect(sameOriginReturnUrl("http://127.0.0.1:8787/s/{CHECKOUT_SESSION_ID}", ID, REQUEST_URL)).toBe(`http://127.0.0.1:8787/s/${ID}`);
  });

  it("refuses anything that leaves the site", () => {
    for (const url of [
      "https://evil.example/steal?session_id={CHECKOUT_SESSION_ID}",
      "//evil.example/x",
      "/\\evil.example",
      "http://127.0.0.1:9999/other-port",
      "https://127.0.0.1:8787/other-scheme",
      "http://user:pass@127.0.0.1:8787/x",
      "javascript:alert(1)",
      "data:text/html,hi",
      "payment-success",
      "/ok\n/evil",
      "",
    ]) {
      expect(sameOriginReturnUrl(url, ID, REQUEST_URL), url).toBeNull();
    }
  });
});

/** A production context whose database (D1, reached through the store) must never be reached. */
const production = {
  env: {
    isProduction: true,
    get DB(): never {
      throw new Error("the practice checkout read D1 in production");
    },
  },
  get store(): never {
    throw new Error("the practice checkout read the store in production");
  },
} as unknown as AppLoadContext;

async function statusOf(run: () => Promise<unknown>): Promise<number> {
  try {
    const answer = await run();
    return answer instanceof Response ? answer.status : 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

describe("/practice-checkout/<id> in production", () => {
  it("answers 404 to a GET and to Pay, without touching the database", async () => {
    expect(await statusOf(() => loader({ request: new Request(REQUEST_URL), context: production, params: { id: ID } }))).toBe(404);
    const pay = new Request(REQUEST_URL, { method: "POST", body: new URLSearchParams({ intent: "pay" }) });
    expect(await statusOf(() => action({ request: pay, context: production, params: { id: ID } }))).toBe(404);
  });
});
