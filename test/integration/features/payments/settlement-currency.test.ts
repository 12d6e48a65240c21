import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Member } from "~/kernel/store/records";
import { paymentLinkToken } from "~/features/payments/payment-link.server";
import { d1Members } from "~/kernel/store/d1/members.server";
import { d1Transactions } from "~/kernel/store/d1/transactions.server";
import { openServerPlatform } from "../../../support/server-d1";
import { demoPrices, startFakeStripe, type FakeStripe } from "../../../support/fake-stripe";
import { newMember } from "../../../support/fixtures";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { devEnv } from "../../../support/session";

/**
 * docs/requirements.md §4.5: settlement checks the currency as well as the amount. Every price on the
 * fake Stripe is made euros with the same numbers, so only the currency can tell.
 */
let stripe: FakeStripe;
let server: SeededServer;
let applicantId = "";

beforeAll(async () => {
  stripe = await startFakeStripe();
  stripe.prices = Object.fromEntries(Object.entries(demoPrices()).map(([id, price]) => [id, { ...price, currency: "eur" }]));
  server = await startSeededServer({
    vars: stripe.vars,
    prepare: async (db) => {
      const applicant = newMember({ fullName: "Euro Applicant", active: false, registrationPaid: false, lastRenewedYear: null });
      applicantId = (await d1Members(db).register(applicant)).id;
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await stripe?.stop();
});

async function read<T>(use: (db: D1Database) => Promise<T>): Promise<T> {
  const { db, dispose } = await openServerPlatform(server.persistTo);
  try {
    return await use(db);
  } finally {
    await dispose();
  }
}

describe("settlement and the currency", () => {
  it("a paid session of the right amount in euros settles nothing, by the return page or the webhook", async () => {
    const pay = await fetch(`${server.url}/payment-reg-fee/${await paymentLinkToken(devEnv, applicantId)}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(pay.status).toBe(303);
    const sessionId = pay.headers.get("Location")!.split("/").pop()!;
    const session = stripe.sessions.get(sessionId)!;
    const [transaction] = await read((db) => d1Transactions(db).listByUser(applicantId));
    expect(session.currency).toBe("eur");
    expect(session.amount_total).toBe(transaction!.unitAmount * transaction!.qty);

    stripe.complete(sessionId);
    const back = await fetch(`${server.url}/reg-payment-success/${transaction!.id}/${applicantId}?session_id=${sessionId}`, { redirect: "manual" });
    expect(back.headers.get("X-Settlement")).toBe("mismatch");

    const event = stripe.signedEvent("checkout.session.completed", stripe.sessions.get(sessionId)!);
    const hook = await fetch(`${server.url}/webhooks/stripe`, {
      method: "POST",
      headers: { "Stripe-Signature": event.header, "Content-Type": "application/json" },
      body: event.payload,
    });
    expect(await hook.json()).toMatchObject({ result: "mismatch" });

    const after = await read(async (db) => ({
      member: (await d1Members(db).getById(applicantId)) as Member,
      transaction: (await d1Transactions(db).listByUser(applicantId))[0]!,
    }));
    expect(after.member).toMatchObject({ active: false, registrationPaid: false });
    expect(after.transaction.status).toBe("pending");
  });
});
