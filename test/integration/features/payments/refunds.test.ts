import Stripe from "stripe";
import { formatPence } from "~/kernel/values/money";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { heldSince } from "~/features/tickets/event-capacity";
import type { Member, Transaction } from "~/kernel/store/records";
import { REFUNDED_TICKET } from "~/features/payments/refunds";
import { currentYear } from "~/kernel/dates/dates";
import { d1Activity } from "~/kernel/store/d1/activity.server";
import { d1Members } from "~/kernel/store/d1/members.server";
import { d1Refunds } from "~/kernel/store/d1/refunds.server";
import { d1Tickets } from "~/kernel/store/d1/tickets.server";
import { d1Transactions } from "~/kernel/store/d1/transactions.server";
import { nowSeconds } from "~/kernel/store/ids";
import { DEMO_EVENT_ID, changeEvent, client, withDb } from "../../../support/book-ticket";
import { parseCsv } from "../../../support/csv";
import { startFakeStripe, type FakeStripe } from "../../../support/fake-stripe";
import { newMember, newTransaction } from "../../../support/fixtures";
import { DomUtils, formMessage, parseHtml, textOf } from "../../../support/html";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";

/**
 * Refunds (docs/requirements.md §4.10, ADR 0055) on a private server, through the real `stripe` SDK against
 * the fake Stripe: asked first, refunded once with the refund's idempotency key, never more
 * than was paid, a retry after Stripe was unreachable refunds once, Stripe's dashboard
 * refunds arrive by charge.refunded and are recorded once, the membership change undone
 * when the accountant says so, and a refunded ticket frees its places and no longer admits.
 */

let stripe: FakeStripe;
let server: SeededServer;
const { get, post } = client(() => server.url);
const treasurer = demoAccount("treasurer").id;
const renewing = (name: string) =>
  newMember({ fullName: name, membership: "Single", active: true, registrationPaid: true, lastRenewedYear: currentYear() - 1 });
const people = {
  undone: renewing("Una Undone"),
  partial: renewing("Pat Partial"),
  dashboard: renewing("Dee Dashboard"),
  buyer: newMember({ fullName: "Tia Ticket", membership: "Family", active: true, registrationPaid: true, lastRenewedYear: currentYear() }),
};
const ids = {} as Record<keyof typeof people, string>;

beforeAll(async () => {
  stripe = await startFakeStripe();
  server = await startSeededServer({
    vars: stripe.vars,
    prepare: async (db) => {
      for (const key of Object.keys(people) as Array<keyof typeof people>) ids[key] = (await d1Members(db).register(people[key])).id;
      // A capacity of what the demo holds plus 5, so the booking page says how many places are left.
      await changeEvent(db, { capacity: (await d1Tickets(db).countPeopleHoldingPlaces(DEMO_EVENT_ID, heldSince(nowSeconds()))) + 5 });
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await stripe?.stop();
});

const member = (id: string) => withDb(server, async (db) => (await d1Members(db).getById(id)) as Member);
const refundsOf = (transactionId: string) => withDb(server, (db) => d1Refunds(db).listByTransaction(transactionId));
const refundPath = (transaction: Transaction) => `/accounts/transactions/${transaction.id}/refund`;
const stripeRefundsOf = (sessionId: string) => stripe.refunds.filter((r) => r.payment_intent === stripe.sessions.get(sessionId)!.payment_intent);

/** Pays through the fake Stripe and comes back: the checkout's session id and the settled transaction. */
async function pay(start: Response, memberId: string): Promise<{ sessionId: string; transaction: Transaction }> {
  expect(start.status).toBe(303);
  const sessionId = start.headers.get("Location")!.split("/").pop()!;
  stripe.complete(sessionId);
  const session = stripe.sessions.get(sessionId)!;
  const back = new URL(session.success_url!.replace("{CHECKOUT_SESSION_ID}", sessionId));
  await get(`${back.pathname}${back.search}`, memberId);
  const transaction = await withDb(server, (db) => d1Transactions(db).getById(session.metadata.transactionId!));
  expect(transaction?.status).toBe("success");
  return { sessionId, transaction: transaction! };
}

/** The refund page as the treasurer sees it: its fresh refund id, the amount it offers, and the page. */
async function refundPage(transaction: Transaction) {
  const response = await get(refundPath(transaction), treasurer);
  expect(response.status).toBe(200);
  const page = parseHtml(await response.text());
  return { page, refundId: page.one('input[name="refundId"]')?.attribs.value ?? "", amount: page.one('input[name="amount"]')?.attribs.value ?? "" };
}

describe("a card refund", () => {
  let paid: { sessionId: string; transaction: Transaction };
  let form: Record<string, string>;

  it("is for accountants only", async () => {
    paid = await pay(await post("/mem-account", {}, ids.undone), ids.undone);
    expect((await get(refundPath(paid.transaction))).headers.get("Location")).toMatch(/^\/login/);
    expect((await get(refundPath(paid.transaction), ids.undone)).headers.get("Location")).toBe("/mem-account");
    expect((await post(refundPath(paid.transaction), { amount: "1.00" }, ids.undone)).headers.get("Location")).toBe("/mem-account");
    expect(stripe.refunds).toHaveLength(0);
  });

  it("offers what is left, asks the membership question, and asks first (nothing refunded yet)", async () => {
    const { page, refundId, amount } = await refundPage(paid.transaction);
    expect(refundId).toMatch(/^[0-9a-f]{24}$/);
    expect(amount).toBe((paid.transaction.unitAmount / 100).toFixed(2));
    expect(page.text('label[for="refund-membership"]')).toBe("Does the membership change stand?");
    form = { refundId, amount, reason: "Moved away" };
    const unanswered = await post(refundPath(paid.transaction), form, treasurer);
    expect(unanswered.status).toBe(400);
    expect(parseHtml(await unanswered.text()).text("#refund-membership-error")).toBe("Please say whether the membership change stands.");

    form.membership = "undone";
    const asked = await post(refundPath(paid.transaction), form, treasurer);
    expect(asked.status).toBe(200);
    const confirm = parseHtml(await asked.text());
    expect(confirm.text("#refund-confirm-title")).toBe("Please confirm");
    expect(confirm.text(".confirm-step p")).toContain("Refund £10.00 to Una Undone's card?");
    expect(stripe.refunds).toHaveLength(0);
    expect(await refundsOf(paid.transaction.id)).toEqual([]);
  });

  it("refunds through Stripe once, with the refund's idempotency key, however often it is posted", async () => {
    const confirmed = { ...form, confirmed: "1" };
    const answers = await Promise.all([1, 2, 3].map(() => post(refundPath(paid.transaction), confirmed, treasurer)));
    for (const answer of answers) {
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe(refundPath(paid.transaction));
    }
    const refunds = stripeRefundsOf(paid.sessionId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: paid.transaction.unitAmount, metadata: { refundId: form.refundId, transactionId: paid.transaction.id } });
    const asked = stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds");
    expect(asked.length).toBeGreaterThanOrEqual(1);
    expect(new Set(asked.map((r) => r.idempotencyKey))).toEqual(new Set([`refund-${form.refundId}`]));

    const [stored, ...more] = await refundsOf(paid.transaction.id);
    expect(more).toEqual([]);
    expect(stored).toMatchObject({
      amount: 1000,
      status: "succeeded",
      method: "card",
      providerRefundId: refunds[0]!.id,
      completes: true,
      by: (await member(treasurer)).fullName,
    });
    expect(stored?.membershipDecision).toBe("undone");
  });

  it("undid the renewal, logged it once, and My Account shows the refund", async () => {
    expect((await member(ids.undone)).lastRenewedYear).toBe(currentYear() - 1);
    const log = await withDb(server, (db) => d1Activity(db).list());
    const entries = log.rows.filter((e) => e.kind === "refunded" && e.subjectId === paid.transaction.id);
    expect(entries.map((e) => e.summary)).toEqual([
      `${(await member(treasurer)).fullName} refunded £10.00 of "${paid.transaction.title}" paid by Una Undone (to the card); the membership change was undone.`,
    ]);
    const account = parseHtml(await (await get("/mem-account", ids.undone)).text());
    expect(account.text(".transaction-refunded")).toBe("Refunded £10.00");
  });

  it("a payment refunded in full offers nothing more, and a post for more is refused (400) without asking Stripe", async () => {
    const { page } = await refundPage(paid.transaction);
    expect(page.text(".refund-done")).toBe("This payment has been refunded in full.");
    expect(page.one(".refund-form")).toBeNull();
    const before = stripe.requests.length;
    const more = await post(
      refundPath(paid.transaction),
      { refundId: "0123456789abcdef01234567", amount: "0.01", reason: "Again", membership: "kept", confirmed: "1" },
      treasurer,
    );
    expect(more.status).toBe(400);
    expect(formMessage(await more.text())).toBe("This payment has already been refunded in full.");
    expect(stripe.requests.length).toBe(before);
  });
});

describe("a partial refund", () => {
  it("refuses more than was paid (400), refunds part, and a retry after Stripe was unreachable refunds once", async () => {
    const paid = await pay(await post("/mem-account", {}, ids.partial), ids.partial);
    const first = await refundPage(paid.transaction);
    const over = await post(
      refundPath(paid.transaction),
      { refundId: first.refundId, amount: "10.01", reason: "Too much", membership: "kept", confirmed: "1" },
      treasurer,
    );
    expect(over.status).toBe(400);
    expect(parseHtml(await over.text()).text("#refund-amount-error")).toBe("You can refund at most £10.00.");

    const part = { refundId: first.refundId, amount: "4.00", reason: "Half year", membership: "kept", confirmed: "1" };
    expect((await post(refundPath(paid.transaction), part, treasurer)).status).toBe(302);
    expect(stripeRefundsOf(paid.sessionId).map((r) => r.amount)).toEqual([400]);
    expect((await member(ids.partial)).lastRenewedYear).toBe(currentYear());
    expect((await refundPage(paid.transaction)).amount).toBe("6.00");

    // Stripe down (the SDK retries once): the refund waits; the same form again refunds once.
    const second = await refundPage(paid.transaction);
    const rest = { refundId: second.refundId, amount: "6.00", reason: "The rest", membership: "kept", confirmed: "1" };
    stripe.failNextWith(500, { type: "api_error", message: "Down" }, { times: 2 });
    const down = await post(refundPath(paid.transaction), rest, treasurer);
    expect(down.status).toBe(400);
    expect(formMessage(await down.text())).toContain("The card provider could not be reached, so the refund is waiting.");
    expect((await refundsOf(paid.transaction.id)).map((r) => r.status)).toEqual(["succeeded", "pending"]);
    expect((await post(refundPath(paid.transaction), rest, treasurer)).status).toBe(302);
    expect(stripeRefundsOf(paid.sessionId).map((r) => r.amount)).toEqual([400, 600]);
    expect((await refundsOf(paid.transaction.id)).map((r) => r.status)).toEqual(["succeeded", "succeeded"]);
  });
});

describe("charge.refunded (a refund made in Stripe's dashboard)", () => {
  const send = (event: { payload: string; header: string }) =>
    fetch(`${server.url}/webhooks/stripe`, {
      method: "POST",
      headers: { "Stripe-Signature": event.header, "Content-Type": "application/json" },
      body: event.payload,
    });

  it("is recorded once, however often Stripe sends it; our own refunds are not recorded again", async () => {
    const paid = await pay(await post("/mem-account", {}, ids.dashboard), ids.dashboard);
    const charge = stripe.dashboardRefund(paid.sessionId, 300);
    const event = stripe.signedEvent("charge.refunded", charge);
    expect(await (await send(event)).json()).toMatchObject({ result: "refunds-recorded:1" });
    expect(await (await send(event)).json()).toMatchObject({ result: "unchanged" });
    const [stored, ...more] = await refundsOf(paid.transaction.id);
    expect(more).toEqual([]);
    expect(stored).toMatchObject({ amount: 300, by: "Stripe", status: "succeeded", method: "card", providerRefundId: stripeRefundsOf(paid.sessionId)[0]!.id });
    // The refund page counts it: £7.00 left.
    expect((await refundPage(paid.transaction)).amount).toBe("7.00");

    // The event for a refund made from the refund page names our record: nothing new.
    const ours = stripe.sessions.get([...stripe.sessions.values()].find((s) => s.metadata.transactionId && s.customer_email === people.undone.email)!.id)!;
    expect(await (await send(stripe.signedEvent("charge.refunded", stripe.charge(ours.id)))).json()).toMatchObject({ result: "unchanged" });
    const log = await withDb(server, (db) => d1Activity(db).list());
    expect(log.rows.filter((e) => e.kind === "refunded" && e.actorName === "Stripe")).toHaveLength(1);
  });
});

describe("a ticket refunded in full", () => {
  it("frees its places and is no longer admitted at the door", async () => {
    const placesLeft = async () => parseHtml(await (await get("/book-ticket", ids.buyer)).text()).text(".booking-places");
    expect(await placesLeft()).toBe("5 places left");
    const paid = await pay(
      await post("/book-ticket", { numberOfAdults: "2", adultName1: "Tia Ticket", adultName2: "Tom Ticket", numberOfParents: "0" }, ids.buyer),
      ids.buyer,
    );
    const ticket = await withDb(server, (db) => d1Tickets(db).getById(paid.transaction.ticketId!));
    expect(ticket?.paid).toBe(true);
    expect(await placesLeft()).toBe("3 places left");
    const door = async () => parseHtml(await (await get(`/scan-qr-code?code=${ticket!.code}`, treasurer)).text());
    expect((await door()).text("body")).not.toContain(REFUNDED_TICKET);

    // The events report's Total Amount for this event, before the refund: what was paid, nothing under it.
    const reportPath = `/mem-events-pay?${new URLSearchParams({ year: String(ticket!.year), event: ticket!.title })}`;
    const totalAmount = async () => {
      const tile = parseHtml(await (await get(reportPath, treasurer)).text())
        .all(".events-tile")
        .find((node) => textOf(DomUtils.findOne((n) => n.name === "dt", node.children)!) === "Total Amount")!;
      return DomUtils.findAll((n) => n.name === "dd", tile.children).map(textOf);
    };
    const [paidBefore] = await totalAmount();
    const pence = (text: string) => Math.round(Number(text.replace(/[£,]/g, "")) * 100);

    // From the events report's row.
    const fromReport = await get(`/accounts/tickets/${ticket!.id}/refund`, treasurer);
    expect(fromReport.headers.get("Location")).toBe(refundPath(paid.transaction));
    const { page, refundId, amount } = await refundPage(paid.transaction);
    expect(page.one("#refund-membership")).toBeNull();
    expect(page.text(".refund-form")).toContain("A full refund cancels the ticket and frees its places.");
    expect((await post(refundPath(paid.transaction), { refundId, amount, reason: "Cannot come", confirmed: "1" }, treasurer)).status).toBe(302);
    expect(stripeRefundsOf(paid.sessionId).map((r) => r.amount)).toEqual([paid.transaction.unitAmount]);

    expect((await door()).text("body")).toContain(REFUNDED_TICKET);
    const save = await post("/scan-qr-code", { code: ticket!.code, person: "adult-1" }, treasurer);
    expect(formMessage(await save.text())).toBe(REFUNDED_TICKET);
    expect((await withDb(server, (db) => d1Tickets(db).getById(ticket!.id)))?.used).toBe(false);
    expect(await placesLeft()).toBe("5 places left");

    // The report's total is now net of the refund, with what was paid and refunded under it.
    const [net, detail] = await totalAmount();
    expect(pence(net!)).toBe(pence(paidBefore!) - paid.transaction.unitAmount);
    expect(detail).toBe(`${paidBefore} paid, ${formatPence(paid.transaction.unitAmount)} refunded`);
  });
});

describe("the subscriptions report", () => {
  it("shows the year's refunds of renewals in its total (net)", async () => {
    const page = parseHtml(await (await get("/mem-renewals", treasurer)).text());
    // £10.00 (undone) + £4.00 + £6.00 (partial) + £3.00 (Stripe's dashboard), all renewals of this year.
    expect(page.text("#renewed-table tfoot")).toMatch(/^Total £[\d,]+\.\d{2} \(refunded £23\.00; net £[\d,]+\.\d{2}\)$/);
  });

  it("lists what was refunded of each payment in the download, so its amounts add up to what was kept", async () => {
    const [header, ...rows] = parseCsv((await (await get("/mem-renewals/renewed.csv", treasurer)).text()).replace(/^\uFEFF/, ""));
    const refunded = header!.indexOf("Refunded (£)");
    expect(refunded).toBe(header!.length - 1);
    // The same £23.00 as the total says, row by row; every other payment 0.00.
    const total = rows.filter((row) => row.length > 1).reduce((sum, row) => sum + Math.round(Number(row[refunded]) * 100), 0);
    expect(total).toBe(2300);
    expect(rows.filter((row) => row.length > 1).every((row) => /^\d+\.\d{2}$/.test(row[refunded]!))).toBe(true);
  });
});

describe("Reconcile's paid-twice case", () => {
  it("a pending payment whose checkout Stripe says is paid is refunded from Reconcile, without the membership question", async () => {
    // A second renewal paid in another tab: Reconcile leaves it pending (the member already had the year).
    const duplicate = await withDb(server, (db) =>
      d1Transactions(db).create(newTransaction(ids.partial, { year: currentYear(), memberName: "Pat Partial", memberEmail: people.partial.email })),
    );
    const url = new URL(stripe.url);
    const sdk = new Stripe(stripe.secretKey, { host: url.hostname, port: url.port, protocol: "http" });
    const price = Object.entries(stripe.prices).find(([, p]) => p.unit_amount === 1000)![0];
    const session = await sdk.checkout.sessions.create({
      mode: "payment",
      line_items: [{ price, quantity: 1 }],
      success_url: `${server.url}/x?session_id={CHECKOUT_SESSION_ID}`,
      metadata: { transactionId: duplicate.id },
    });
    await withDb(server, (db) => d1Transactions(db).setCheckoutSession(duplicate.id, session.id));
    stripe.complete(session.id);

    const reconcile = parseHtml(await (await get("/accounts/payments", treasurer)).text());
    const link = reconcile.all("a").find((a) => a.attribs.href === `/accounts/transactions/${duplicate.id}/refund`);
    expect(link).toBeDefined();
    const { page, refundId, amount } = await refundPage({ ...duplicate, checkoutSessionId: session.id, status: "pending", settledAt: null });
    expect(amount).toBe("10.00");
    expect(page.one("#refund-membership")).toBeNull();
    const before = (await member(ids.partial)).lastRenewedYear;
    const done = await post(`/accounts/transactions/${duplicate.id}/refund`, { refundId, amount, reason: "Paid twice", confirmed: "1" }, treasurer);
    expect(done.status).toBe(302);
    expect(stripeRefundsOf(session.id).map((r) => r.amount)).toEqual([1000]);
    expect((await member(ids.partial)).lastRenewedYear).toBe(before);
  });
});
