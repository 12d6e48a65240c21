import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { practiceGateway } from "~/features/payments/checkout/practice-gateway.server";
import { d1PracticeCheckouts } from "~/kernel/store/d1/practice-checkouts.server";
import { practiceSession, readPracticeSessionOf } from "../../../support/practice-checkout";
import { withServerD1 } from "../../../support/server-d1";
import { formMessage, pageText, parseHtml } from "../../../support/html";
import { client } from "../../../support/client";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";

/**
 * /practice-checkout/<id> on a private server: each test pays or cancels sessions of its
 * own, made through the practice gateway before the worker starts (relative return paths)
 * or after it (a URL on the server's own origin, known only then).
 */

let server: SeededServer;

const ids: Record<string, string> = {};
const BEFORE_START = {
  show: practiceSession("show"),
  pay: practiceSession("pay"),
  cancel: practiceSession("cancel"),
  foreignSuccess: practiceSession("foreign-success", { successUrl: "https://evil.example/steal?session_id={CHECKOUT_SESSION_ID}" }),
  foreignCancel: practiceSession("foreign-cancel", { cancelUrl: "//evil.example/cancel" }),
  crossSite: practiceSession("cross-site"),
  junkIntent: practiceSession("junk-intent"),
};

const readSession = (id: string) => readPracticeSessionOf(server.persistTo, id);

beforeAll(async () => {
  server = await startSeededServer({
    prepare: async (db) => {
      const gateway = practiceGateway(d1PracticeCheckouts(db), { isProduction: false });
      for (const [key, session] of Object.entries(BEFORE_START)) ids[key] = (await gateway.createSession(session)).id;
    },
  });
});
afterAll(() => server?.stop());

const text = (html: string) => pageText(html);

const page = (id: string) => client(server).get(`/practice-checkout/${id}`);

function press(id: string, intent: string, origin = server.url) {
  return client(server).post(`/practice-checkout/${id}`, { intent }, { origin });
}

function expectPrivate(response: Response) {
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
}

describe("the practice checkout page", () => {
  it("shows the label, what is paid for, the total and the e-mail, never cached", async () => {
    const response = await page(ids.show!);
    expect(response.status).toBe(200);
    expectPrivate(response);
    const body = text(await response.text());
    expect(body).toContain("Practice checkout — no real payment is taken");
    expect(body).toContain("STRIPE_SECRET_KEY");
    expect(body).toContain("Registration fee and Family membership (show)");
    expect(body).toMatch(/price_reg_fee_2025 1 price_family_2025 1/);
    expect(body).toContain("Total £45.50");
    expect(body).toContain("show@example.com");
    const html = parseHtml(await (await page(ids.show!)).text());
    expect(html.one('form[method="post"]')).not.toBeNull();
    expect(html.text('form[method="post"] button[type="submit"][name="intent"][value="pay"]')).toBe("Pay");
    expect(html.text('form[method="post"] button[type="submit"][name="intent"][value="cancel"]')).toBe("Cancel");
  });

  it("Pay: 303 to the success URL with the session id filled in; the session is paid; the page then says so", async () => {
    const id = ids.pay!;
    const response = await press(id, "pay");
    expect(response.status).toBe(303);
    expectPrivate(response);
    expect(response.headers.get("Location")).toBe(`/practice-landing/pay/success?session_id=${id}`);
    expect(await readSession(id)).toMatchObject({ paymentStatus: "paid", status: "complete" });

    const after = await page(id);
    expect(after.status).toBe(200);
    const html = await after.text();
    expect(text(html)).toContain("This checkout is already paid");
    expect(parseHtml(html).one(`[href="/practice-landing/pay/success?session_id=${id}"]`)).not.toBeNull();
    expect(parseHtml(html).all('[value="pay"]')).toEqual([]);

    // A second Pay (a double click, the back button) changes nothing and lands on the success URL again.
    const again = await press(id, "pay");
    expect(again.status).toBe(303);
    expect(again.headers.get("Location")).toBe(`/practice-landing/pay/success?session_id=${id}`);
    // Cancel after paying does not reach the cancel URL: the page shows the paid session.
    const cancel = await press(id, "cancel");
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get("Location")).toBe(`/practice-checkout/${id}`);
    expect(await readSession(id)).toMatchObject({ paymentStatus: "paid", status: "complete" });
  });

  it("Cancel: 303 to the cancel URL; the session stays unpaid and can no longer be paid", async () => {
    const id = ids.cancel!;
    const response = await press(id, "cancel");
    expect(response.status).toBe(303);
    expectPrivate(response);
    expect(response.headers.get("Location")).toBe("/practice-landing/cancel/cancel");
    expect(await readSession(id)).toMatchObject({ paymentStatus: "unpaid", status: "expired" });
    expect(text(await (await page(id)).text())).toContain("This checkout has expired");

    const pay = await press(id, "pay");
    expect(pay.status).toBe(303);
    expect(pay.headers.get("Location")).toBe(`/practice-checkout/${id}`);
    expect(await readSession(id)).toMatchObject({ paymentStatus: "unpaid", status: "expired" });
  });

  it("accepts a return URL on the site's own origin (as the payment code builds them)", async () => {
    const origin = server.url.replace(/\/$/, "");
    const { id } = await withServerD1(server.persistTo, (db) =>
      practiceGateway(d1PracticeCheckouts(db)).createSession(
        practiceSession("absolute", { successUrl: `${origin}/payment-success/abc?session_id={CHECKOUT_SESSION_ID}` }),
      ),
    );
    const response = await press(id, "pay");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`${origin}/payment-success/abc?session_id=${id}`);
    expect(await readSession(id)).toMatchObject({ paymentStatus: "paid" });
  });

  it("refuses a success or cancel URL off this site, and nothing changes", async () => {
    for (const [key, intent] of [
      ["foreignSuccess", "pay"],
      ["foreignCancel", "cancel"],
    ] as const) {
      const id = ids[key]!;
      const response = await press(id, intent);
      expect(response.status).toBe(400);
      expect(response.headers.get("Location")).toBeNull();
      expectPrivate(response);
      expect(text(await response.text())).toContain("This checkout cannot go on: its return address is not on this site. Nothing was paid.");
      expect(await readSession(id)).toMatchObject({ paymentStatus: "unpaid", status: "open" });
    }
  });

  it("refuses a Pay sent from another site (server.ts), and an unknown button", async () => {
    const crossSite = await press(ids.crossSite!, "pay", "https://evil.example");
    expect(crossSite.status).toBe(403);
    expect(await readSession(ids.crossSite!)).toMatchObject({ paymentStatus: "unpaid", status: "open" });

    const junk = await press(ids.junkIntent!, "refund");
    expect(junk.status).toBe(400);
    expect(formMessage(await junk.text())).toBe("Please press Pay or Cancel.");
    expect(await readSession(ids.junkIntent!)).toMatchObject({ paymentStatus: "unpaid", status: "open" });

    const noButton = await client(server).post(`/practice-checkout/${ids.junkIntent!}`, { junk: "1" });
    expect(noButton.status).toBe(400);
    expectPrivate(noButton);
    expect(formMessage(await noButton.text())).toBe("Please press Pay or Cancel.");
    expect(await readSession(ids.junkIntent!)).toMatchObject({ paymentStatus: "unpaid", status: "open" });
  });

  it("answers 404 (never 500) for unknown and junk ids, to a GET and to a POST", async () => {
    for (const id of [
      "cs_practice_000000000000000000000000",
      "cs_test_a1b2c3",
      "nonsense",
      "%27%20OR%201%3D1%20--",
      "cs_practice_%00",
      "x".repeat(3000),
      "%F0%9F%92%B3",
    ]) {
      const response = await page(id);
      expect(response.status, id).toBe(404);
      // The root error boundary draws the 404; it is never marked cacheable (only 200s are).
      expect(response.headers.get("Cache-Control") ?? "").not.toContain("public");
      expect(text(await response.text())).toContain("Page not found");
      const post = await press(id, "pay");
      expect(post.status, id).toBe(404);
    }
  });
});
