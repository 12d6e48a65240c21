import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoMoreThan } from "../../../support/stays";
import type { Ticket } from "~/kernel/store/records";
import { formatTicketCode } from "~/features/tickets/ticket-code";
import { createD1Store } from "~/kernel/store/d1/index.server";
import { createTicketWithCode } from "~/features/tickets/ticket-lookup.server";
import { client, withDb } from "../../../support/book-ticket";
import { startFakeStripe, type FakeCheckoutSession, type FakeStripe } from "../../../support/fake-stripe";
import { newMember, newTicket, newTransaction } from "../../../support/fixtures";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";

/**
 * A ticket transaction settled (status success) whose ticket is still unpaid: the state a
 * failed second write (markTicketPaid after settle) leaves. Every later settlement path
 * (the return page, a webhook retry, the accountant's Reconcile) must still make the
 * ticket paid, and its e-mail must go once however many of them come.
 */

const CODES = { returnPage: "RCVRETN2", webhook: "RCVRWHK3", reconcile: "RCVRRCN4" } as const;
type Path = keyof typeof CODES;
const stuck = {} as Record<Path, { ticketId: string; transactionId: string }>;
let memberId = "";

let stripe: FakeStripe;
let server: SeededServer;
const { get, post } = client(() => server.url);

beforeAll(async () => {
  stripe = await startFakeStripe();
  server = await startSeededServer({
    vars: stripe.vars,
    prepare: async (db) => {
      const store = createD1Store(db);
      const member = await store.members.register(
        newMember({ fullName: "Rita Recover", email: "rita.recover@example.org", active: true, registrationPaid: true }),
      );
      memberId = member.id;
      for (const path of Object.keys(CODES) as Path[]) {
        const ticket = await createTicketWithCode(store, newTicket(member.id, { email: member.email, price: 2900 }), () => CODES[path]);
        const transaction = await store.transactions.create(
          newTransaction(member.id, { title: "Christmas Party", paymentType: "ticket", ticketId: ticket.id, unitAmount: 2900, memberEmail: member.email }),
        );
        await store.transactions.setCheckoutSession(transaction.id, `cs_test_recover_${path}`);
        expect(await store.transactions.settle(transaction.id, "success", Math.floor(Date.now() / 1000))).toBe(true);
        stuck[path] = { ticketId: ticket.id, transactionId: transaction.id };
      }
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await stripe?.stop();
});

const ticketOf = (id: string) => withDb(server, (db) => createD1Store(db).tickets.getById(id)) as Promise<Ticket>;
const ticketEmails = (code: string) =>
  withDb(server, async (db) => {
    const row = await db
      .prepare("SELECT COUNT(*) AS n FROM outbox WHERE purpose = 'ticket' AND text LIKE ?")
      .bind(`%${formatTicketCode(code)}%`)
      .first<{ n: number }>();
    return row!.n;
  });

/** The e-mail goes after the response (waitUntil): wait for it, then make sure no second one follows. */
async function expectOneEmail(code: string) {
  await expect.poll(() => ticketEmails(code)).toBeGreaterThan(0);
  await expectNoMoreThan(1, () => ticketEmails(code), 500);
}

async function expectStuck(path: Path) {
  expect(await ticketOf(stuck[path].ticketId)).toMatchObject({ paid: false });
  expect(await ticketEmails(CODES[path])).toBe(0);
}

describe("a settled ticket transaction whose ticket stayed unpaid", () => {
  it("the return page makes the ticket paid; coming back again sends no second e-mail", async () => {
    await expectStuck("returnPage");
    const { ticketId, transactionId } = stuck.returnPage;
    const url = `/ticket-payment-success/${ticketId}/${transactionId}/${memberId}?session_id=cs_test_recover_returnPage`;
    const first = await get(url);
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Settlement")).toBe("already-settled");
    expect((await ticketOf(ticketId)).paid).toBe(true);
    expect((await get(url)).headers.get("X-Settlement")).toBe("already-settled");
    await expectOneEmail(CODES.returnPage);
  });

  it("a webhook retry makes the ticket paid; two deliveries at once send one e-mail", async () => {
    await expectStuck("webhook");
    const { ticketId, transactionId } = stuck.webhook;
    const session: FakeCheckoutSession = {
      id: "cs_test_recover_webhook",
      object: "checkout.session",
      url: null,
      mode: "payment",
      payment_status: "paid",
      status: "complete",
      client_reference_id: `${memberId}--${transactionId}`,
      customer_email: "rita.recover@example.org",
      metadata: { transactionId },
      amount_subtotal: 2900,
      amount_total: 2900,
      currency: "gbp",
      success_url: null,
      cancel_url: null,
      created: Math.floor(Date.now() / 1000),
      expires_at: Math.floor(Date.now() / 1000) + 3600,
      livemode: false,
    };
    const event = stripe.signedEvent("checkout.session.completed", session);
    const send = () =>
      fetch(`${server.url}/webhooks/stripe`, {
        method: "POST",
        headers: { "Stripe-Signature": event.header, "Content-Type": "application/json" },
        body: event.payload,
      });
    const responses = await Promise.all([send(), send()]);
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    const results = await Promise.all(responses.map((r) => r.json() as Promise<{ result: string }>));
    expect(results.map((r) => r.result)).toEqual(["already-settled", "already-settled"]);
    expect((await ticketOf(ticketId)).paid).toBe(true);
    await expectOneEmail(CODES.webhook);
  });

  it("the accountant's Reconcile makes the ticket paid, once", async () => {
    await expectStuck("reconcile");
    const { ticketId, transactionId } = stuck.reconcile;
    const treasurer = demoAccount("treasurer").id;
    const first = await post("/accounts/payments", { id: transactionId }, treasurer);
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/accounts/payments");
    expect((await ticketOf(ticketId)).paid).toBe(true);
    await post("/accounts/payments", { id: transactionId }, treasurer);
    await expectOneEmail(CODES.reconcile);
  });
});
