import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Attendee } from "~/kernel/store/records";
import { currentYear } from "~/kernel/dates/dates";
import { createD1Store } from "~/kernel/store/d1/index.server";
import { createTicketWithCode } from "~/features/tickets/ticket-lookup.server";
import { ukToday } from "~/features/tickets";
import { PHONE, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { DEMO_EVENT_ID, changeEvent, changeTickets } from "../../../support/book-ticket";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { newMember } from "../../../support/fixtures";

/**
 * The door steward's evening (docs/requirements.md §5.8, ADR 65), in chromium on a 360 px phone,
 * JavaScript on and off: the demo steward signs in and lands on the door, the scanner and the
 * code box on the first screen above the menu; a household of 5 is admitted with one "Admit
 * everyone"; the page comes back at the card; and the dashboard turns the steward back to the door.
 */

const YEAR = currentYear();
const STEWARD = { email: "steward@example.org", password: "demo-steward-2026" };
const person = (band: Attendee["band"], position: number, name: string) => ({ band, position, name, admittedAt: null });
/** JavaScript on: a household of 5 over two tickets; off: one ticket of 5. */
const HOUSEHOLDS = {
  on: {
    name: "Priya Patel",
    tickets: {
      STPPPPP2: [person("adult", 1, "Priya Patel"), person("adult", 2, "Raj Patel")],
      STKKKKK3: [person("above13", 1, "Asha Patel"), person("above5", 1, "Dev Patel"), person("below5", 1, "Mira Patel")],
    },
  },
  off: {
    name: "Tom Byrne",
    tickets: {
      STBBBBB4: [
        person("adult", 1, "Tom Byrne"),
        person("adult", 2, "Niamh Byrne"),
        person("above13", 1, "Cara Byrne"),
        person("above5", 1, "Eoin Byrne"),
        person("below5", 1, "Orla Byrne"),
      ],
    },
  },
};

let server: SeededServer;
let browser: Browser;

beforeAll(async () => {
  server = await startSeededServer({
    prepare: async (db) => {
      const store = createD1Store(db);
      await changeTickets(db, { title: "Steward Party", lastBookingDate: `${YEAR}-12-20` });
      await changeEvent(db, { date: ukToday(Math.floor(Date.now() / 1000)) });
      for (const household of Object.values(HOUSEHOLDS)) {
        const member = await store.members.register(newMember({ active: true, membership: "Family", fullName: household.name }));
        for (const [code, attendees] of Object.entries(household.tickets)) {
          const ticket = await createTicketWithCode(
            store,
            {
              userId: member.id,
              eventId: DEMO_EVENT_ID,
              title: "Steward Party",
              email: member.email,
              membership: "Family",
              year: YEAR,
              price: 2000,
              attendees,
            },
            () => code,
          );
          await store.tickets.markPaid(ticket.id);
        }
      }
    },
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const top = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!.y;

for (const javaScriptEnabled of [true, false]) {
  const household = HOUSEHOLDS[javaScriptEnabled ? "on" : "off"];
  const names = Object.values(household.tickets).flatMap((people) => people.map((p) => p.name));
  const code = Object.keys(household.tickets)[0]!;

  describe(`a door steward on a 360 px phone (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    it("signs in to the door, admits a household of 5 with one 'Admit everyone', stays at the card, and cannot open the dashboard", async () => {
      const context = await newContext(browser, { ...PHONE, javaScriptEnabled, baseURL: server.url });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));

      await page.goto("/login");
      if (javaScriptEnabled) await hydrated(page);
      await page.getByLabel("E-mail").fill(STEWARD.email);
      await page.getByLabel("Password").fill(STEWARD.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      // No page was asked for: the steward's home is the door.
      await page.waitForURL((url) => url.pathname === "/scan-qr-code");

      // The scanner and the code box on the first screen, above the (door-only) menu.
      const nav = await top(page, 'nav[aria-label="Back office"]');
      const codeBox = await top(page, "#door-code");
      expect(await top(page, ".door-scanner")).toBeLessThan(nav);
      expect(codeBox).toBeLessThan(nav);
      expect(codeBox).toBeLessThan(PHONE.viewport.height);
      await expect(page.locator('nav[aria-label="Back office"] a').allInnerTexts()).resolves.toEqual(["Scan tickets"]);

      await page.getByLabel("Ticket code").fill(code);
      await page.getByRole("button", { name: "Find ticket" }).click();
      const everyone = page.getByRole("button", { name: "Admit everyone (5)" });
      await everyone.waitFor();
      await everyone.click();
      await page.getByText("Everyone on this ticket has been admitted.").waitFor();
      const tickets = Object.keys(household.tickets).length;
      await expect.poll(() => page.getByRole("status").innerText()).toContain(`Everyone admitted: 5 people${tickets > 1 ? ` on ${tickets} tickets` : ""}.`);
      await expect(page.getByRole("button", { name: /Admit everyone/ }).count()).resolves.toBe(0);

      // Where the steward was: the same ticket, its card on screen (not the top of the page).
      expect(new URL(page.url()).searchParams.get("code")).toBe(code);
      expect(new URL(page.url()).hash).toBe("#door-card");
      const card = (await page.locator("#door-card").boundingBox())!;
      expect(card.y).toBeLessThan(PHONE.viewport.height);
      expect(card.y + card.height).toBeGreaterThan(0);
      await expect(page.evaluate(() => window.scrollY)).resolves.toBeGreaterThan(0);
      // With JavaScript the redrawn button's focus goes to the card, not back to the top.
      if (javaScriptEnabled) await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("door-card");

      // Everyone in the household is in, the other ticket's people too.
      for (const [other, people] of Object.entries(household.tickets)) {
        await page.goto(`/scan-qr-code?code=${other}`);
        await expect(page.locator("label.door-person-admitted .door-person-name").allInnerTexts()).resolves.toEqual(people.map((p) => p.name));
      }
      expect(names).toHaveLength(5);
      await expect(page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).resolves.toBe(0);

      // The rest of the back office turns the steward back to the door.
      await page.goto("/accounts");
      expect(new URL(page.url()).pathname).toBe("/scan-qr-code");
      expect(errors).toEqual([]);
      await context.close();
    });
  });
}
