import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Transaction } from "~/kernel/store/records";
import { REFUNDED_TICKET } from "~/features/payments/refunds";
import { currentYear } from "~/kernel/dates/dates";
import { d1Members } from "~/kernel/store/d1/members.server";
import { ticketToken } from "~/features/tickets/ticket-token.server";
import { client } from "../../../support/book-ticket";
import { DESKTOP, PHONE, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { startFakeStripe, type FakeStripe } from "../../../support/fake-stripe";
import { newMember } from "../../../support/fixtures";
import { sidewaysOverflow } from "../../../support/phone-width";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { withServerStore } from "../../../support/server-store";
import { demoAccount, devEnv } from "../../../support/session";

/**
 * Refunds end to end (docs/requirements.md §4.10), JavaScript on and off, on a private server
 * paying through the fake Stripe: the treasurer refunds a member's card renewal from the
 * subscriptions report (the fake Stripe receives the refund) and a ticket from the events
 * report, whose QR then no longer admits at the door. On either store: records are read
 * through the server's own store (the members are made in D1 before the Cockpit run copies it).
 */
let browser: Browser;
let stripe: FakeStripe;
let server: SeededServer;
const { get, post } = client(() => server.url);
const people = {
  renewerOn: newMember({ fullName: "Rhea Refundjs", membership: "Single", active: true, registrationPaid: true, lastRenewedYear: currentYear() - 1 }),
  renewerOff: newMember({ fullName: "Rory Refundnojs", membership: "Single", active: true, registrationPaid: true, lastRenewedYear: currentYear() - 1 }),
  buyerOn: newMember({ fullName: "Bea Ticketjs", membership: "Family", active: true, registrationPaid: true, lastRenewedYear: currentYear() }),
  buyerOff: newMember({ fullName: "Ben Ticketnojs", membership: "Family", active: true, registrationPaid: true, lastRenewedYear: currentYear() }),
};
const ids = {} as Record<keyof typeof people, string>;

beforeAll(async () => {
  stripe = await startFakeStripe();
  [browser, server] = await Promise.all([
    launchBrowser(),
    startSeededServer({
      vars: stripe.vars,
      prepare: async (db) => {
        for (const key of Object.keys(people) as Array<keyof typeof people>) ids[key] = (await d1Members(db).register(people[key])).id;
      },
    }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await stripe?.stop();
});

/** A member's card payment through the fake Stripe (as the payments tests do), settled by the return page. */
async function paid(start: Response, memberId: string): Promise<{ sessionId: string; transaction: Transaction }> {
  expect(start.status).toBe(303);
  const sessionId = start.headers.get("Location")!.split("/").pop()!;
  const session = stripe.complete(sessionId);
  const back = new URL(session.success_url!.replace("{CHECKOUT_SESSION_ID}", sessionId));
  await get(`${back.pathname}${back.search}`, memberId);
  const transaction = (await withServerStore(server, (store) => store.transactions.getById(session.metadata.transactionId!)))!;
  expect(transaction.status).toBe("success");
  return { sessionId, transaction };
}

const refundsAtStripe = (sessionId: string) => stripe.refunds.filter((r) => r.payment_intent === stripe.sessions.get(sessionId)!.payment_intent);

/** On the refund page: fill it, press Refund, answer "Please confirm", and wait for the page again. */
async function refund(page: Page, javaScriptEnabled: boolean, fields: { reason: string; membership?: string }) {
  await page.locator("h1", { hasText: "Refund:" }).waitFor();
  if (javaScriptEnabled) await hydrated(page);
  await page.getByLabel("Reason").fill(fields.reason);
  if (fields.membership) await page.getByLabel("Does the membership change stand?").selectOption({ label: fields.membership });
  await page.getByRole("button", { name: "Refund", exact: true }).click();
  await page.locator("#refund-confirm-title").waitFor();
  await page.getByRole("button", { name: "Yes, refund" }).click();
  await page.locator(".refund-done").waitFor();
}

describe("refunds in a browser", () => {
  for (const javaScriptEnabled of [true, false]) {
    const on = javaScriptEnabled ? "On" : "Off";
    it(`the treasurer refunds a card renewal and a ticket, whose QR then no longer admits (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async () => {
      const renewer = ids[`renewer${on}`];
      const renewal = await paid(await post("/mem-account", {}, renewer), renewer);
      const buyer = ids[`buyer${on}`];
      const ticketPaid = await paid(
        await post("/book-ticket", { numberOfAdults: "2", adultName1: `Adult One ${on}`, adultName2: `Adult Two ${on}`, numberOfParents: "0" }, buyer),
        buyer,
      );
      const ticket = (await withServerStore(server, (store) => store.tickets.getById(ticketPaid.transaction.ticketId!)))!;

      const context = await newContext(browser, { ...DESKTOP, baseURL: server.url, javaScriptEnabled, signedInAs: demoAccount("treasurer").id });
      const page = await context.newPage();

      // The card renewal, from the subscriptions report's row.
      const name = people[`renewer${on}`].fullName;
      await page.goto(`/mem-renewals?q=${encodeURIComponent(name)}`);
      if (javaScriptEnabled) await hydrated(page);
      await page.locator("#renewed-table tbody tr", { hasText: name }).getByRole("link", { name: "Refund" }).click();
      await page.waitForURL(`**/accounts/transactions/${renewal.transaction.id}/refund`);
      expect(await page.getByLabel("Amount to refund (£)").inputValue()).toBe("10.00");
      await refund(page, javaScriptEnabled, { reason: "Renewed by mistake", membership: "No: this year not renewed" });
      expect(await page.locator(".refund-refunded").innerText()).toBe("£10.00");
      expect(refundsAtStripe(renewal.sessionId)).toMatchObject([{ amount: 1000, metadata: { transactionId: renewal.transaction.id } }]);
      expect((await withServerStore(server, (store) => store.members.getById(renewer)))?.lastRenewedYear).toBe(currentYear() - 1);

      // The ticket, from the events report's row; before the refund its QR admits.
      const token = await ticketToken(devEnv, ticket);
      await page.goto(`/scan-qr-code?code=${encodeURIComponent(token)}`);
      await page.getByText("FIRST SCAN").first().waitFor();
      await page.goto("/mem-events-pay");
      if (javaScriptEnabled) await hydrated(page);
      await page
        .locator("#tickets-table tbody tr", { hasText: people[`buyer${on}`].email })
        .getByRole("link", { name: "Refund" })
        .click();
      await page.waitForURL(`**/accounts/transactions/${ticketPaid.transaction.id}/refund`);
      await refund(page, javaScriptEnabled, { reason: "Cannot come" });
      expect(refundsAtStripe(ticketPaid.sessionId).map((r) => r.amount)).toEqual([ticketPaid.transaction.unitAmount]);

      await page.goto(`/scan-qr-code?code=${encodeURIComponent(token)}`);
      await page.getByText(REFUNDED_TICKET).waitFor();
      expect(await page.getByText("FIRST SCAN").count()).toBe(0);
      await context.close();

      // The refund page with its refunds listed fits a 360 px phone.
      const phone = await newContext(browser, { ...PHONE, baseURL: server.url, javaScriptEnabled, signedInAs: demoAccount("treasurer").id });
      const small = await phone.newPage();
      await small.goto(`/accounts/transactions/${renewal.transaction.id}/refund`);
      await small.locator(".refund-list li").first().waitFor();
      expect((await sidewaysOverflow(small)).offenders).toEqual([]);
      await phone.close();
    });
  }
});
