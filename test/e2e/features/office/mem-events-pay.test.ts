import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../../../support/axe";
import { DESKTOP, PHONE, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { EVENT_IDS, GALA, GALA_TOTALS, Y, prepareEventsReport } from "../../../support/events-report-fixtures";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";
import { TIMEOUTS } from "../../../support/time-budget";

/** The demo accountant on /mem-events-pay, with JavaScript on and off, on a desktop and at 360 px. */

let browser: Browser;
let server: SeededServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startSeededServer({ prepare: prepareEventsReport })]);
}, TIMEOUTS.long);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(js: boolean, path: string, device = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { ...device, baseURL: server.url, javaScriptEnabled: js, signedInAs: demoAccount("treasurer").id });
  const page = await context.newPage();
  await page.goto(path);
  if (js) await hydrated(page);
  return { context, page };
}

const tile = (page: Page, label: string) =>
  page
    .locator(".events-tile", { has: page.locator(`dt:text-is("${label}")`) })
    .locator("dd")
    .innerText();

describe("/mem-events-pay in a browser", () => {
  for (const js of [true, false]) {
    it(`JavaScript ${js ? "on" : "off"}: choosing the year, then the event, shows its tiles and its rows, used rows grey`, async () => {
      const { context, page } = await open(js, `/mem-events-pay?year=${Y - 1}`);
      try {
        expect(await page.getByLabel("Year", { exact: true }).inputValue()).toBe(String(Y - 1));
        await page.getByLabel("Year", { exact: true }).selectOption(String(Y));
        if (!js) await page.getByRole("button", { name: "Show" }).click();
        await page.waitForURL(new RegExp(`year=${Y}`));
        await expect.poll(() => page.getByLabel("Event", { exact: true }).locator("option").allInnerTexts()).toContain(`${GALA} (14-03-${Y})`);
        const event = page.getByLabel("Event", { exact: true });
        // The year's default is the next event not over: the Gala itself early in the year.
        if ((await event.inputValue()) !== EVENT_IDS.gala) {
          await event.selectOption(EVENT_IDS.gala);
          if (!js) await page.getByRole("button", { name: "Show" }).click();
          await page.waitForURL(new RegExp(`event=${EVENT_IDS.gala}`));
        }
        await expect.poll(() => page.getByRole("heading", { level: 2, name: `Tickets (${GALA_TOTALS.tickets})` }).count()).toBe(1);
        expect(await tile(page, "Adults")).toBe(String(GALA_TOTALS.bands.adult));
        expect(await tile(page, "Total Amount")).toBe(`£${(GALA_TOTALS.amount / 100).toLocaleString("en-GB", { minimumFractionDigits: 2 })}`);
        const used = page.locator("#tickets-table tbody tr", { hasText: "gala-used@example.com" });
        expect(await used.getAttribute("class")).toBe("ticket-used");
        expect(await used.locator("td").nth(4).innerText()).toBe("Yes");
        const grey = await used
          .locator("td")
          .first()
          .evaluate((cell) => getComputedStyle(cell).backgroundColor);
        expect(grey).toBe("rgb(228, 228, 228)");
        expect(await page.locator("#tickets-table tbody tr").count()).toBe(15);
        await page
          .getByRole("navigation", { name: /rows per page/ })
          .getByRole("link", { name: "50", exact: true })
          .click();
        await page.waitForURL(/size=50/);
        await expect.poll(() => page.locator("#tickets-table tbody tr").count()).toBe(GALA_TOTALS.tickets);
      } finally {
        await context.close();
      }
    });
  }

  it("at 360 px the page does not scroll sideways (the table scrolls in its region), and axe finds no violations", async () => {
    const { context, page } = await open(true, `/mem-events-pay?event=${EVENT_IDS.gala}`, PHONE);
    try {
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      expect(await page.locator("#tickets-table").isVisible()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
