import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORE_UNAVAILABLE_MESSAGE } from "~/kernel/forms/store-errors";
import type { Member } from "~/kernel/store/records";
import { currentYear } from "~/kernel/dates/dates";
import { paymentLinkToken } from "~/features/payments/payment-link.server";
import { PAYMENT_UNAVAILABLE_MESSAGE } from "~/features/payments/payments.server";
import { PAY_RATE_LIMITED_MESSAGE, PAY_RATE_RULES } from "~/features/payments/registration-payment.server";
import { createD1Store } from "~/kernel/store/d1/index.server";
import { buildCockpitDemo } from "../../../seed/cockpit-demo";
import { client, text, withDb } from "../../support/book-ticket";
import { startFakeCockpit, type FakeCockpit } from "../../support/fake-cockpit";
import { startFakeStripe, type FakeStripe } from "../../support/fake-stripe";
import { newMember } from "../../support/fixtures";
import { startSeededServer, type SeededServer } from "../../support/seeded-server";
import { demoAccount, devEnv, sessionCookieFor } from "../../support/session";

/**
 * Faults, each injected into the real worker in workerd with real D1 on a private server:
 * Stripe failing to create a checkout, D1 failing in a loader and in the middle of a
 * settlement, and too many PAYs on one payment link.
 *
 * Covered elsewhere, not repeated here:
 * - the CMS (Cockpit) down, slow or erroring: cached public pages, 503 forms with the
 *   message and the values kept: test/integration/kernel/store/cockpit/faults.test.ts and
 *   test/e2e/whole-site/cockpit-faults.test.ts;
 * - Resend failing (the outbox row says Failed with the provider's message; the accountant
 *   sends it again from /accounts/emails/{id}, and it goes once the provider accepts):
 *   test/integration/features/mail/outbox-resend.test.ts;
 * - Stripe failing on /book-ticket (the form again with the names typed, 503, the ticket
 *   unpaid): test/integration/features/tickets/book-ticket-payments.test.ts;
 * - a database with no site settings (every page's data load fails): test/integration/kernel/layout/error-page.test.ts.
 */

const YEAR = currentYear();
const people = {
  payer: newMember({ fullName: "Fault Payer", active: false, registrationPaid: false, lastRenewedYear: null }),
  eager: newMember({ fullName: "Eager Payer", active: false, registrationPaid: false, lastRenewedYear: null }),
  cutOff: newMember({ fullName: "Cut Off Payer", active: false, registrationPaid: false, lastRenewedYear: null }),
  blocked: newMember({ fullName: "Blocked Renewer", active: true, registrationPaid: true, lastRenewedYear: YEAR - 1 }),
};
const ids = {} as Record<keyof typeof people, string>;
const FAULT = "injected fault: members cannot be written";

let stripe: FakeStripe;
let server: SeededServer;
let logDir: string;
const { get, post } = client(() => server.url);
const accountant = demoAccount("treasurer").id;

beforeAll(async () => {
  stripe = await startFakeStripe();
  logDir = mkdtempSync(path.join(tmpdir(), "mma-faults-log-"));
  // startSeededServer appends the worker's output (console.error included) to this file.
  const previous = process.env.TEST_SERVER_LOG;
  process.env.TEST_SERVER_LOG = path.join(logDir, "worker.log");
  try {
    server = await startSeededServer({
      vars: stripe.vars,
      prepare: async (db) => {
        const store = createD1Store(db);
        for (const key of Object.keys(people) as Array<keyof typeof people>) ids[key] = (await store.members.register(people[key])).id;
        // D1 refuses any change to this one member until the trigger is dropped (see the settlement test).
        await db.exec(`CREATE TRIGGER fault_member_write BEFORE UPDATE ON members WHEN OLD.id = '${ids.blocked}' BEGIN SELECT RAISE(ABORT, '${FAULT}'); END`);
      },
    });
  } finally {
    if (previous === undefined) delete process.env.TEST_SERVER_LOG;
    else process.env.TEST_SERVER_LOG = previous;
  }
});
afterAll(async () => {
  await server?.stop();
  await stripe?.stop();
  if (logDir) rmSync(logDir, { recursive: true, force: true });
});

/** The worker's output reaches the log file a moment after the response: wait for `pattern`. */
async function expectLogged(pattern: string | RegExp) {
  const log = () => readFileSync(path.join(logDir, "worker.log"), "utf8");
  const found = () => (typeof pattern === "string" ? log().includes(pattern) : pattern.test(log()));
  await expect.poll(found, { message: `the worker's log shows ${pattern}` }).toBe(true);
}
const store = <T>(use: (store: ReturnType<typeof createD1Store>) => Promise<T>) => withDb(server, (db) => use(createD1Store(db)));
const member = (id: string) => store((s) => s.members.getById(id)) as Promise<Member>;
const transactionsOf = (id: string) => store((s) => s.transactions.listByUser(id));
const LEAKS = ["D1_ERROR", "SQLITE", "at async", "node_modules", "build/server", "no such table", FAULT];

function expectFriendlyErrorPage(html: string) {
  expect(html).toContain("Something went wrong");
  for (const leak of LEAKS) expect(html, leak).not.toContain(leak);
}

describe("Stripe failing to create a checkout session", () => {
  it("PAY says so (503, nothing charged); the transaction is kept, marked never opened; a retry pays once", async () => {
    const token = await paymentLinkToken(devEnv, ids.payer);
    // The SDK retries a 5xx once: two failures make the call fail.
    stripe.failNextWith(500, { type: "api_error", message: "Fake Stripe is down" }, { times: 2 });
    const failed = await post(`/payment-reg-fee/${token}`, {});
    expect(failed.status).toBe(503);
    const page = text(await failed.text());
    expect(page).toContain(PAYMENT_UNAVAILABLE_MESSAGE);
    // The page is still the payment page, with its PAY button, so the member can retry.
    expect(page).toContain("Fault Payer");
    expect(page).toContain("PAY");
    const [kept] = await transactionsOf(ids.payer);
    expect(kept).toMatchObject({ status: "pending", checkoutSessionId: null, paymentType: "registration" });
    await expectLogged(`Checkout for transaction ${kept!.id} could not start`);

    // The accountant's Reconcile list shows it as a checkout that never opened.
    const list = text(await (await get("/accounts/payments", accountant)).text());
    expect(list).toMatch(/Fault Payer[^|]*\(checkout never opened\)/);

    const retry = await post(`/payment-reg-fee/${token}`, {});
    expect(retry.status).toBe(303);
    const sessionId = retry.headers.get("Location")!.split("/").pop()!;
    const mine = [...stripe.sessions.values()].filter((s) => s.customer_email === people.payer.email);
    expect(mine.map((s) => s.id)).toEqual([sessionId]);
    stripe.complete(sessionId);
    const session = stripe.sessions.get(sessionId)!;
    const paid = await get(new URL(session.success_url!.replace("{CHECKOUT_SESSION_ID}", sessionId)).pathname + `?session_id=${sessionId}`);
    expect(paid.headers.get("X-Settlement")).toBe("settled");

    const after = await transactionsOf(ids.payer);
    expect(after.filter((t) => t.status === "success").map((t) => t.checkoutSessionId)).toEqual([sessionId]);
    expect(after.find((t) => t.id === kept!.id)?.status).toBe("pending");
    expect(await member(ids.payer)).toMatchObject({ active: true, registrationPaid: true });
    // Reconcile closes the one that never opened: failed, and the member is not paid twice.
    const reconcile = await post("/accounts/payments", { id: kept!.id }, accountant);
    expect(reconcile.status).toBe(302);
    expect((await store((s) => s.transactions.getById(kept!.id)))?.status).toBe("failed");
  });
});

describe("Stripe unreachable when creating a checkout session", () => {
  it("a dropped connection (after the SDK's retry) is the same clear 503; the pending transaction waits and a retry opens one session", async () => {
    const token = await paymentLinkToken(devEnv, ids.cutOff);
    const before = stripe.requests.length;
    stripe.dropNext(2);
    const failed = await post(`/payment-reg-fee/${token}`, {});
    expect(failed.status).toBe(503);
    expect(text(await failed.text())).toContain(PAYMENT_UNAVAILABLE_MESSAGE);
    // The SDK tried twice (its one network retry), and both connections were cut.
    expect(stripe.requests.length - before).toBe(2);
    const [kept] = await transactionsOf(ids.cutOff);
    expect(kept).toMatchObject({ status: "pending", checkoutSessionId: null });

    const retry = await post(`/payment-reg-fee/${token}`, {});
    expect(retry.status).toBe(303);
    const mine = [...stripe.sessions.values()].filter((s) => s.customer_email === people.cutOff.email);
    expect(mine).toHaveLength(1);
    expect(await member(ids.cutOff)).toMatchObject({ active: false, registrationPaid: false });
  });
});

describe("too many PAYs on one payment link", () => {
  it(`refuses the ${PAY_RATE_RULES.member.limit + 1}th within the hour with 429 and a message, starting no checkout`, async () => {
    const token = await paymentLinkToken(devEnv, ids.eager);
    for (let i = 0; i < PAY_RATE_RULES.member.limit; i++) expect((await post(`/payment-reg-fee/${token}`, {})).status).toBe(303);
    const sessions = stripe.sessions.size;
    const refused = await post(`/payment-reg-fee/${token}`, {});
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(text(await refused.text())).toContain(PAY_RATE_LIMITED_MESSAGE);
    expect(stripe.sessions.size).toBe(sessions);
    expect(await transactionsOf(ids.eager)).toHaveLength(PAY_RATE_RULES.member.limit);
  });
});

describe("D1 failing", () => {
  it("a loader whose query fails gives the friendly error page (500), no internals, and the error in the log", async () => {
    await withDb(server, (db) => db.exec("ALTER TABLE outbox RENAME TO outbox_gone"));
    try {
      const response = await get("/accounts/emails", accountant);
      expect(response.status).toBe(500);
      expectFriendlyErrorPage(await response.text());
      await expectLogged(/D1_ERROR: no such table: outbox/);
    } finally {
      await withDb(server, (db) => db.exec("ALTER TABLE outbox_gone RENAME TO outbox"));
    }
    expect((await get("/accounts/emails", accountant)).status).toBe(200);
  });

  it("a settlement whose member write fails leaves nothing half-done, and the next return page settles it whole", async () => {
    const started = await post("/mem-account", {}, ids.blocked);
    expect(started.status).toBe(303);
    const sessionId = started.headers.get("Location")!.split("/").pop()!;
    stripe.complete(sessionId);
    const session = stripe.sessions.get(sessionId)!;
    const returnPath = new URL(session.success_url!.replace("{CHECKOUT_SESSION_ID}", sessionId)).pathname + `?session_id=${sessionId}`;

    const failed = await get(returnPath, ids.blocked);
    expect(failed.status).toBe(500);
    expectFriendlyErrorPage(await failed.text());
    await expectLogged(FAULT);
    // The transaction and the member change are one batch: neither stands.
    const [transaction] = await transactionsOf(ids.blocked);
    expect(transaction).toMatchObject({ status: "pending", checkoutSessionId: sessionId });
    expect((await member(ids.blocked)).lastRenewedYear).toBe(YEAR - 1);

    await withDb(server, (db) => db.exec("DROP TRIGGER fault_member_write"));
    const settled = await get(returnPath, ids.blocked);
    expect(settled.headers.get("X-Settlement")).toBe("settled");
    expect((await store((s) => s.transactions.getById(transaction!.id)))?.status).toBe("success");
    expect((await member(ids.blocked)).lastRenewedYear).toBe(YEAR);
  });
});

describe("the store (Cockpit) down under the back office's actions", () => {
  let fake: FakeCockpit;
  let cockpitServer: SeededServer;
  beforeAll(async () => {
    const demo = await buildCockpitDemo();
    fake = await startFakeCockpit({ collections: demo.collections, singletons: demo.singletons });
    cockpitServer = await startSeededServer({ vars: { CMS_API_URL: fake.url, CMS_API_TOKEN: fake.token } });
  });
  afterAll(async () => {
    await cockpitServer?.stop();
    await fake?.stop();
  });

  const postAs = async (path: string, fields: Record<string, string>) =>
    fetch(`${cockpitServer.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: cockpitServer.url, "Content-Type": "application/x-www-form-urlencoded", Cookie: await sessionCookieFor(accountant) },
      body: new URLSearchParams(fields),
    });

  it("a members-table row action and the renewal reminder answer 503 with the message (the page's data request), never a 500", async () => {
    fake.down(true);
    try {
      for (const [path, fields] of [
        ["/accounts.data", { do: `grant:${demoAccount("member").id}` }],
        ["/mem-renewals.data", { intent: "notify" }],
      ] as const) {
        const response = await postAs(path, fields);
        expect(response.status, path).toBe(503);
        expect(await response.text(), path).toContain(STORE_UNAVAILABLE_MESSAGE);
      }
      // Without JavaScript the page itself cannot be drawn either: the friendly 503 page.
      const page = await postAs("/accounts", { do: `grant:${demoAccount("member").id}` });
      expect(page.status).toBe(503);
      expect(await page.text()).not.toMatch(/at async|node_modules|StoreUnavailableError/);
    } finally {
      fake.down(false);
    }
  });
});
