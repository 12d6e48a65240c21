import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../../../support/axe";
import { PHONE, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { sidewaysOverflow } from "../../../support/phone-width";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { DEMO_EVENT_ID, changeTickets } from "../../../support/book-ticket";
import { demoAccount } from "../../../support/session";
import { recountTotals, writeTotals } from "~/kernel/store/d1/event-totals.server";
import { TIMEOUTS } from "../../../support/time-budget";

/**
 * The event form (/studio/events/:id, docs/requirements.md §7.3) in a browser at 360 px,
 * JavaScript on and off, on a private server (it changes the event): the accountant (the
 * capacity is theirs) goes from the studio to Events and the event, sets the date, the venue
 * and a capacity of 5, saves, and a member sees them on /book-ticket with "5 places left". The
 * seeded tickets are moved off the server's event (and its running totals recounted, ADR 62),
 * so no place is held before.
 */

const accountant = demoAccount("treasurer");
const editor = demoAccount("editor");
let browser: Browser;
let server: SeededServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([
    launchBrowser(),
    startSeededServer({
      prepare: async (db) => {
        await changeTickets(db, { title: "Studio Event Browser Night" });
        await db.prepare("UPDATE tickets SET event_id = NULL WHERE event_id = ?").bind(DEMO_EVENT_ID).run();
        await writeTotals(db, DEMO_EVENT_ID, await recountTotals(db, DEMO_EVENT_ID)).run();
      },
    }),
  ]);
}, TIMEOUTS.long);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the event form in a browser at 360 px", () => {
  for (const js of [true, false]) {
    it(`the accountant sets the date, venue and a capacity of 5, and a member sees them on /book-ticket (JavaScript ${js ? "on" : "off"})`, async () => {
      const [date, venue, when] = js
        ? ["2026-12-28", "St Mary's Hall", "Monday 28 December 2026"]
        : ["2026-12-29", "The Old School Hall", "Tuesday 29 December 2026"];
      const context = await newContext(browser, { ...PHONE, baseURL: server.url, javaScriptEnabled: js, signedInAs: accountant.id });
      const member = await newContext(browser, { ...PHONE, baseURL: server.url, javaScriptEnabled: js, signedInAs: editor.id });
      try {
        const page = await context.newPage();
        const booking = await member.newPage();
        // Warm the booking page with what was saved before.
        await booking.goto("/book-ticket");
        expect(await booking.locator(".booking-event").innerText()).not.toContain(venue);

        await page.goto("/studio");
        if (js) await hydrated(page);
        await page.locator('a[href="/studio/events"]').first().click();
        await page.locator("h1", { hasText: /^Events$/ }).waitFor();
        if (js) await hydrated(page);
        await page
          .locator('ul[aria-labelledby="upcoming-events"] > li')
          .first()
          .getByRole("link", { name: /^Edit / })
          .click();
        await page.locator("h1", { hasText: /^Edit event$/ }).waitFor();
        if (js) await hydrated(page);

        await page.getByLabel("Date", { exact: true }).fill(date);
        await page.getByLabel("Venue").fill(venue);
        await page.getByLabel("Capacity (people)").fill("5");
        const width = await sidewaysOverflow(page);
        expect(width.offenders).toEqual([]);
        expect(width.pageWidth).toBeLessThanOrEqual(width.viewport);
        await page.getByRole("button", { name: "Save the event" }).click();
        await page.getByRole("status").getByText("Event saved.").waitFor();
        expect(await page.getByLabel("Venue").inputValue()).toBe(venue);
        expect(await page.getByLabel("Capacity (people)").inputValue()).toBe("5");

        await booking.goto("/book-ticket");
        const details = await booking.locator(".booking-event").innerText();
        expect(details).toContain(when);
        expect(details).toContain(venue);
        expect(await booking.locator(".booking-places").innerText()).toBe("5 places left");
      } finally {
        await context.close();
        await member.close();
      }
    });
  }

  it("shows a message at a wrong capacity and keeps what was typed, with no accessibility violations (JavaScript on)", async () => {
    const context = await newContext(browser, { ...PHONE, baseURL: server.url, signedInAs: accountant.id });
    try {
      const page = await context.newPage();
      await page.goto(`/studio/events/${DEMO_EVENT_ID}`);
      await hydrated(page);
      await page.getByLabel("Capacity (people)").fill("five");
      await page.getByRole("button", { name: "Save the event" }).click();
      await page.locator("#event-capacity-error").waitFor();
      expect(await page.locator("#event-capacity-error").innerText()).toContain("Enter a number of people, e.g. 300");
      expect(await page.getByLabel("Capacity (people)").inputValue()).toBe("five");
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
