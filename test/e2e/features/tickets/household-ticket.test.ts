import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentYear } from "~/kernel/dates/dates";
import { createD1Store } from "~/kernel/store/d1/index.server";
import { createTicketWithCode } from "~/features/tickets/ticket-lookup.server";
import { changeTickets } from "../../../support/book-ticket";
import { PHONE, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { newMember } from "../../../support/fixtures";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { TIMEOUTS } from "../../../support/time-budget";

/**
 * A household's ticket on My Tickets (docs/requirements.md §5.7) in chromium at 360 px,
 * JavaScript on and off: a Family ticket for 6 with 2 already admitted stays on My Tickets
 * with its QR and code, says who is in and when, and its heading names the year once. The
 * ticket and its admissions are written before the worker starts, so the Cockpit run
 * (E2E_STORE=cockpit) gets them too.
 */

const YEAR = currentYear();
const TITLE = `Christmas & New Year Celebration ${YEAR}`;
const CODE = "HHEEEEE7";
let browser: Browser;
let server: SeededServer;
let holder = "";

beforeAll(async () => {
  [browser, server] = await Promise.all([
    launchBrowser(),
    startSeededServer({
      prepare: async (db) => {
        const store = createD1Store(db);
        await changeTickets(db, { title: TITLE, lastBookingDate: `${YEAR}-12-20` });
        holder = (await store.members.register(newMember({ fullName: "Browser Household", membership: "Family", active: true, registrationPaid: true }))).id;
        const ticket = await createTicketWithCode(
          store,
          {
            userId: holder,
            eventId: null,
            title: TITLE,
            email: "household@example.org",
            membership: "Family",
            year: YEAR,
            price: 6000,
            attendees: [
              { band: "adult", position: 1, name: "Eh Adult One" },
              { band: "adult", position: 2, name: "Eh Adult Two" },
              { band: "above13", position: 1, name: "Eh Teen" },
              { band: "above5", position: 1, name: "Eh Kid One" },
              { band: "above5", position: 2, name: "Eh Kid Two" },
              { band: "below5", position: 1, name: "Eh Baby" },
            ],
          },
          () => CODE,
        );
        await store.tickets.markPaid(ticket.id);
        await store.tickets.admit(
          ticket.id,
          [
            { band: "adult", position: 1 },
            { band: "adult", position: 2 },
          ],
          Math.floor(Date.now() / 1000) - 600,
        );
      },
    }),
  ]);
}, TIMEOUTS.long);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

for (const javaScriptEnabled of [true, false]) {
  describe(`a household's ticket after the first are admitted (JavaScript ${javaScriptEnabled ? "on" : "off"}, 360 px)`, () => {
    it("stays on My Tickets with its QR and code, and says who is in and when", async () => {
      const context = await newContext(browser, { ...PHONE, baseURL: server.url, javaScriptEnabled, signedInAs: holder });
      const page = await context.newPage();
      await page.goto("/mem-account");
      if (javaScriptEnabled) await hydrated(page);
      expect(await page.getByText("You have no open tickets!").count()).toBe(0);
      const ticket = page.locator("li.account-ticket");
      expect(await ticket.count()).toBe(1);
      expect(await ticket.locator("h3").innerText()).toBe(TITLE);
      await expect(ticket.getByRole("img", { name: "QR code for ticket HHEE-EEE7" }).isVisible()).resolves.toBe(true);
      expect(await ticket.locator(".ticket-code").innerText()).toBe("Ticket code HHEE-EEE7");
      expect(await ticket.locator(".ticket-admitted-count").innerText()).toContain("2 of 6 already in");
      const inAt = await ticket
        .locator(".ticket-people li")
        .evaluateAll((items) => items.map((li) => li.querySelector(".ticket-person-in")?.textContent?.trim() ?? ""));
      expect(inAt.map((line) => /^In at \d\d:\d\d, \d{1,2} \w{3}$/.test(line))).toEqual([true, true, false, false, false, false]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      await context.close();
    });
  });
}
