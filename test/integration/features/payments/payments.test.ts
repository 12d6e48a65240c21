import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../../support/client";
import { pageText } from "../../../support/html";
import { registrationCharge, registrationFeeLines } from "~/features/payments/fees";
import type { Member, Transaction } from "~/kernel/store/records";
import { currentYear } from "~/kernel/dates/dates";
import { paymentLinkToken } from "~/features/payments/payment-link.server";
import { d1Members } from "~/kernel/store/d1/members.server";
import { d1Transactions } from "~/kernel/store/d1/transactions.server";
import { demoSettings } from "../../../../seed/demo-content";
import { startFakeStripe, type FakeStripe } from "../../../support/fake-stripe";
import { newMember } from "../../../support/fixtures";
import { withServerD1 } from "../../../support/server-d1";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount, devEnv } from "../../../support/session";

/**
 * Payments through the real `stripe` SDK (inside the worker) against a fake Stripe API,
 * on a private server: registration from the signed link, renewal, the family upgrade,
 * cancel, webhooks, and the forgeries that must change nothing (ADR 16).
 */

let stripe: FakeStripe;
let server: SeededServer;
const people = {
  applicant: newMember({ fullName: "Pay Applicant", postcode: "M3 3PA", active: false, registrationPaid: false, lastRenewedYear: null }),
  other: newMember({ fullName: "Other Applicant", active: false, registrationPaid: false, lastRenewedYear: null }),
  racer: newMember({ fullName: "Race Applicant", active: false, registrationPaid: false, lastRenewedYear: null }),
  paid: newMember({ fullName: "Already Paid", active: true, registrationPaid: true }),
  junkPoster: newMember({ fullName: "Junk Poster", active: false, registrationPaid: false, lastRenewedYear: null }),
  canceller: newMember({ fullName: "Cancel Renewer", active: true, registrationPaid: true, lastRenewedYear: currentYear() - 1 }),
  hooked: newMember({ fullName: "Webhook Renewer", active: true, registrationPaid: true, lastRenewedYear: currentYear() - 1 }),
  repeater: newMember({ fullName: "Stripe Repeater", active: true, registrationPaid: true, lastRenewedYear: currentYear() - 1 }),
};
const ids = {} as Record<keyof typeof people, string>;

beforeAll(async () => {
  stripe = await startFakeStripe();
  server = await startSeededServer({
    vars: stripe.vars,
    prepare: async (db) => {
      const members = d1Members(db);
      for (const key of Object.keys(people) as Array<keyof typeof people>) ids[key] = (await members.register(people[key])).id;
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await stripe?.stop();
});

const text = (html: string) => pageText(html);

const get = (path: string, userId?: string) => client(server).as(userId).get(path);
const post = (path: string, fields: Record<string, string> = {}, userId?: string) => client(server).as(userId).post(path, fields);

const db = <T>(use: (db: D1Database) => Promise<T>): Promise<T> => withServerD1(server.persistTo, use);
const member = (id: string) => db(async (d) => (await d1Members(d).getById(id)) as Member);
const transactionsOf = (id: string) => db((d) => d1Transactions(d).listByUser(id));

/** The checkout session a 303 points at, and its transaction. */
async function checkout(response: Response, memberId: string): Promise<{ sessionId: string; transaction: Transaction; successPath: string }> {
  expect(response.status).toBe(303);
  const location = response.headers.get("Location")!;
  expect(location.startsWith(`${stripe.url}/pay/`)).toBe(true);
  const sessionId = location.split("/").pop()!;
  const session = stripe.sessions.get(sessionId)!;
  // By its session, not "the newest": two checkouts in the same second tie on created_at.
  const mine = (await transactionsOf(memberId)).filter((t) => t.checkoutSessionId === sessionId);
  expect(mine).toHaveLength(1);
  const [transaction] = mine;
  expect(transaction!.status).toBe("pending");
  expect(session.client_reference_id).toBe(`${memberId}--${transaction!.id}`);
  expect(session.metadata).toEqual({ transactionId: transaction!.id });
  expect(session.cancel_url).toBe(`${server.url}/payment-cancel/${transaction!.id}`);
  const successPath = new URL(session.success_url!.replace("{CHECKOUT_SESSION_ID}", sessionId)).pathname + `?session_id=${sessionId}`;
  return { sessionId, transaction: transaction!, successPath };
}

describe("registration from the signed payment link", () => {
  it("shows the fees for a valid link, and Account Not Found for a forged, altered or expired one", async () => {
    const token = await paymentLinkToken(devEnv, ids.applicant);
    const response = await get(`/payment-reg-fee/${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const page = text(await response.text());
    const charge = registrationCharge(registrationFeeLines(demoSettings(currentYear()).membership, "Single", new Date()));
    expect(page).toContain("Pay Your Registration Fee");
    expect(page).toContain("Pay Applicant");
    expect(page).toContain("M3 3PA");
    expect(page).toMatch(new RegExp(`Registration £${(charge.registrationFee / 100).toFixed(2)}`));
    expect(page).toMatch(new RegExp(`1 Year subscription £${(charge.subscriptionFee / 100).toFixed(2)}`));
    expect(page).toMatch(new RegExp(`Total £${(charge.total / 100).toFixed(2)}`));

    const expired = await paymentLinkToken(devEnv, ids.applicant, Date.now() / 1000 - 31 * 24 * 3600);
    for (const bad of [`${token.slice(0, -3)}AAA`, expired, "not-a-token", ids.applicant, "x".repeat(600)]) {
      const answer = await get(`/payment-reg-fee/${bad}`);
      expect(answer.status).toBe(404);
      expect(text(await answer.text())).toContain("Account Not Found");
    }
    const paid = await get(`/payment-reg-fee/${await paymentLinkToken(devEnv, ids.paid)}`);
    expect(text(await paid.text())).toContain("You have already paid the registration fees.");
    expect((await post(`/payment-reg-fee/${await paymentLinkToken(devEnv, ids.paid)}`)).status).toBe(200);
    expect(await transactionsOf(ids.paid)).toEqual([]);
  });

  it("a PAY post that carries more than its button is PAY all the same: one pending transaction and its checkout", async () => {
    const press = await post(`/payment-reg-fee/${await paymentLinkToken(devEnv, ids.junkPoster)}`, { junk: "1" });
    const { transaction } = await checkout(press, ids.junkPoster);
    expect(transaction.status).toBe("pending");
  });

  it("PAY makes a pending transaction and a checkout; a success URL without a paid session changes nothing; paying settles once", async () => {
    const token = await paymentLinkToken(devEnv, ids.applicant);
    const { sessionId, transaction, successPath } = await checkout(await post(`/payment-reg-fee/${token}`), ids.applicant);
    const charge = registrationCharge(registrationFeeLines(demoSettings(currentYear()).membership, "Single", new Date()));
    expect(stripe.lineItems(sessionId).map((item) => item.price)).toEqual([charge.priceRef]);
    expect(transaction).toMatchObject({
      unitAmount: charge.total,
      qty: 1,
      paymentType: "registration",
      priceRef: charge.priceRef,
      memberEmail: people.applicant.email,
    });

    // Before paying: the return page says so and changes nothing.
    const early = await get(successPath);
    expect(early.headers.get("X-Settlement")).toBe("not-paid");
    expect(text(await early.text())).toContain("Payment not confirmed yet");
    expect((await member(ids.applicant)).active).toBe(false);

    stripe.complete(sessionId);
    // Another member id in the URL, or no session at all: nothing.
    expect((await get(`/reg-payment-success/${transaction.id}/${ids.other}?session_id=${sessionId}`)).headers.get("X-Settlement")).toBe("unknown");
    expect((await get(`/reg-payment-success/${transaction.id}/${ids.applicant}?session_id=cs_test_forged`)).headers.get("X-Settlement")).toBe("mismatch");
    expect((await member(ids.applicant)).active).toBe(false);

    const paid = await get(successPath);
    expect(paid.headers.get("X-Settlement")).toBe("settled");
    expect(text(await paid.text())).toContain("Thank you for the payment. Your account is enabled. Use your email and password to login...");
    expect(await member(ids.applicant)).toMatchObject({ active: true, registrationPaid: true, lastRenewedYear: currentYear() });
    expect((await transactionsOf(ids.applicant))[0]!.status).toBe("success");
    // A replay shows success and changes nothing more.
    expect((await get(successPath)).headers.get("X-Settlement")).toBe("already-settled");
    expect(text(await (await get(`/payment-reg-fee/${token}`)).text())).toContain("You have already paid the registration fees.");
  });

  it("another transaction's paid session does not settle this one", async () => {
    const mine = await checkout(await post(`/payment-reg-fee/${await paymentLinkToken(devEnv, ids.other)}`), ids.other);
    const theirs = await checkout(await post(`/payment-reg-fee/${await paymentLinkToken(devEnv, ids.racer)}`), ids.racer);
    stripe.complete(theirs.sessionId);
    const forged = await get(`/reg-payment-success/${mine.transaction.id}/${ids.other}?session_id=${theirs.sessionId}`);
    expect(forged.headers.get("X-Settlement")).toBe("mismatch");
    expect((await member(ids.other)).active).toBe(false);

    // Its own return page settles it (concurrent settlements: test/integration/whole-site/races.test.ts).
    expect((await get(theirs.successPath)).headers.get("X-Settlement")).toBe("settled");
    expect(await member(ids.racer)).toMatchObject({ active: true, registrationPaid: true });
  });
});

describe("renewal, upgrade and cancel", () => {
  it("the Single demo member renews from My Account", async () => {
    const single = demoAccount("single");
    const before = await member(single.id);
    expect(before.lastRenewedYear).toBe(currentYear() - 1);
    const seeded = (await transactionsOf(single.id)).length;
    expect(text(await (await get("/mem-account", single.id)).text())).toContain("Renew Now £10.00");
    const { sessionId, successPath, transaction } = await checkout(await post("/mem-account", {}, single.id), single.id);
    expect(transaction).toMatchObject({ paymentType: "renew", unitAmount: 1000, title: "Membership Renewal", year: currentYear() });
    stripe.complete(sessionId);
    const page = await get(successPath, single.id);
    expect(page.headers.get("X-Settlement")).toBe("settled");
    expect(text(await page.text())).toContain("You can see your payment history in My Account");
    expect((await member(single.id)).lastRenewedYear).toBe(currentYear());
    // Paid this year: the button is disabled, and a post anyway starts nothing.
    expect(text(await (await get("/mem-account", single.id)).text())).toContain("You have already paid!");
    const again = await post("/mem-account", {}, single.id);
    expect(again.status).toBe(302);
    expect(await transactionsOf(single.id)).toHaveLength(seeded + 1);
  });

  it("a paid-this-year Single upgrades to Family through the 'Convert to Family' payment", async () => {
    const treasurer = demoAccount("treasurer");
    const form = {
      title: "Mrs",
      fullName: "Deepa Menon",
      address: "12 Wilmslow Road",
      city: "Manchester",
      county: "",
      postcode: "M14 5TQ",
      mobile: "07700900001",
      membership: "Family",
      spouseTitle: "Mr",
      spouseName: "Ravi Menon",
      spouseEmail: "ravi@example.org",
      spouseMobile: "07700900021",
      childCount: "0",
      intent: "save",
    };
    const { sessionId, successPath, transaction } = await checkout(await post("/amend-account", form, treasurer.id), treasurer.id);
    expect(transaction).toMatchObject({ title: "Convert to Family", paymentType: "registration", membershipType: "Family" });
    expect((await member(treasurer.id)).membership).toBe("Single");
    stripe.complete(sessionId);
    const page = await get(successPath, treasurer.id);
    expect(text(await page.text())).toContain("You have successfully added your family.");
    expect(await member(treasurer.id)).toMatchObject({ membership: "Family", spouse: expect.objectContaining({ name: "Ravi Menon" }) });
  });

  // docs/requirements.md §4.6, on Stripe: the session Stripe still reports open is offered again; an expired one is not.
  it("Renew Now again goes back to the Stripe session still open, and opens a new one once Stripe says it expired", async () => {
    const first = await post("/mem-account", {}, ids.repeater);
    const { sessionId } = await checkout(first, ids.repeater);
    const again = await post("/mem-account", {}, ids.repeater);
    expect(again.status).toBe(303);
    expect(again.headers.get("Location")).toBe(first.headers.get("Location"));
    expect(await transactionsOf(ids.repeater)).toHaveLength(1);
    expect([...stripe.sessions.values()].filter((s) => s.client_reference_id?.startsWith(`${ids.repeater}--`))).toHaveLength(1);

    stripe.expire(sessionId);
    const fresh = await post("/mem-account", {}, ids.repeater);
    expect(fresh.status).toBe(303);
    expect(fresh.headers.get("Location")).not.toBe(first.headers.get("Location"));
    expect(await transactionsOf(ids.repeater)).toHaveLength(2);
  });

  it("cancel marks the pending transaction failed and says so", async () => {
    const { transaction } = await checkout(await post("/mem-account", {}, ids.canceller), ids.canceller);
    const page = await get(`/payment-cancel/${transaction.id}`);
    expect(text(await page.text())).toContain("Your payment is failed or canceled...");
    expect((await transactionsOf(ids.canceller))[0]!.status).toBe("failed");
    expect((await member(ids.canceller)).lastRenewedYear).toBe(currentYear() - 1);
  });

  it("a provider failure keeps the member on the page with a message, and the transaction pending", async () => {
    stripe.failNextWith(500, { type: "api_error", message: "Stripe is down" }, { times: 2 });
    const response = await post("/mem-account", {}, ids.hooked);
    expect(response.status).toBe(302);
    const [transaction] = await transactionsOf(ids.hooked);
    expect(transaction!.status).toBe("pending");
    expect(transaction!.checkoutSessionId).toBeNull();
  });
});

describe("the Stripe webhook", () => {
  it("refuses a forged or missing signature, settles a signed completion once, and fails an expired session", async () => {
    const { sessionId, transaction } = await checkout(await post("/mem-account", {}, ids.hooked), ids.hooked);
    stripe.complete(sessionId);
    const session = stripe.sessions.get(sessionId)!;
    const send = (event: { payload: string; header: string }) =>
      fetch(`${server.url}/webhooks/stripe`, {
        method: "POST",
        headers: { "Stripe-Signature": event.header, "Content-Type": "application/json" },
        body: event.payload,
      });

    const forged = stripe.signedEvent("checkout.session.completed", session, "whsec_not_ours");
    expect((await send(forged)).status).toBe(400);
    expect((await send({ payload: forged.payload, header: "" })).status).toBe(400);
    expect((await member(ids.hooked)).lastRenewedYear).toBe(currentYear() - 1);

    const event = stripe.signedEvent("checkout.session.completed", session);
    expect(await (await send(event)).json()).toMatchObject({ result: "settled" });
    expect(await (await send(event)).json()).toMatchObject({ result: "already-settled" });
    expect((await member(ids.hooked)).lastRenewedYear).toBe(currentYear());
    expect((await transactionsOf(ids.hooked)).find((t) => t.id === transaction.id)!.status).toBe("success");

    const other = await checkout(await post("/mem-account", {}, ids.canceller), ids.canceller);
    const expired = stripe.expire(other.sessionId);
    expect(await (await send(stripe.signedEvent("checkout.session.expired", expired))).json()).toMatchObject({ result: "failed" });
    expect((await transactionsOf(ids.canceller)).find((t) => t.id === other.transaction.id)!.status).toBe("failed");
    expect((await get("/webhooks/stripe")).status).toBe(405);
  });
});

describe("Reconcile (accountants)", () => {
  it("is for accountants only, and settles a paid session whose payer never came back", async () => {
    expect((await get("/accounts/payments")).headers.get("Location")).toMatch(/^\/login/);
    expect((await get("/accounts/payments", demoAccount("member").id)).headers.get("Location")).toBe("/mem-account");
    expect((await post("/accounts/payments", { id: "x" }, demoAccount("member").id)).headers.get("Location")).toBe("/mem-account");

    const renewer = await db((d) =>
      d1Members(d).register(newMember({ fullName: "Tab Closer", active: true, registrationPaid: true, lastRenewedYear: currentYear() - 1 })),
    );
    const treasurer = demoAccount("treasurer").id;
    const { sessionId, transaction } = await checkout(await post("/mem-account", {}, renewer.id), renewer.id);
    const list = await get("/accounts/payments", treasurer);
    expect(text(await list.text())).toContain("Tab Closer");

    // Still open at the provider: nothing changes.
    const open = await post("/accounts/payments", { id: transaction.id }, treasurer);
    expect(open.status).toBe(302);
    expect((await transactionsOf(renewer.id))[0]!.status).toBe("pending");

    stripe.complete(sessionId);
    await post("/accounts/payments", { id: transaction.id }, treasurer);
    expect((await transactionsOf(renewer.id))[0]!.status).toBe("success");
    expect((await member(renewer.id)).lastRenewedYear).toBe(currentYear());
    expect(text(await (await get("/accounts/payments", treasurer)).text())).not.toContain("Tab Closer");

    // A post that names no transaction: 400 with the message on the page; an unknown one: the toast says so.
    const junk = await post("/accounts/payments", { id: "" }, treasurer);
    expect(junk.status).toBe(400);
    expect(text(await junk.text())).toContain("That transaction was not found.");
    expect((await post("/accounts/payments", { id: "000000000000000000000000" }, treasurer)).status).toBe(302);
  });
});
