import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityEntry, roleChange } from "~/kernel/activity/activity";
import { d1Activity } from "~/kernel/store/d1/activity.server";
import { axeViolations } from "../../../support/axe";
import { DESKTOP, PHONE, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { sidewaysOverflow, unhintedScrollRegions } from "../../../support/phone-width";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";
import { TIMEOUTS } from "../../../support/time-budget";

/**
 * /accounts/activity in a browser, JavaScript on and off, on a desktop and at 360 px: a
 * private server whose log holds 60 entries (more than a page), the newest a role change
 * with its before → after.
 */

const treasurer = demoAccount("treasurer");
const START = Date.UTC(2026, 5, 1, 9, 0, 0);
let browser: Browser;
let server: SeededServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([
    launchBrowser(),
    startSeededServer({
      prepare: async (db) => {
        const log = d1Activity(db);
        const actor = { id: treasurer.id, fullName: "Deepa Menon" };
        for (let i = 1; i <= 59; i += 1) {
          const member = { id: `m${i}`, fullName: `Logged Member With A Rather Long Name ${i}`, memberNumber: 1000 + i };
          await log.record(activityEntry(actor, { kind: "member-deleted", member }, new Date(START + i * 60_000)));
        }
        const promoted = { id: "m60", fullName: "Newest Person", memberNumber: 2000 };
        await log.record(activityEntry(actor, roleChange(promoted, "member", "accountant"), new Date(START + 60 * 60_000)));
      },
    }),
  ]);
}, TIMEOUTS.long);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(js: boolean, device = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { ...device, baseURL: server.url, javaScriptEnabled: js, signedInAs: treasurer.id });
  const page = await context.newPage();
  return { context, page };
}

const cells = (page: Page, row: number) => page.locator("table.activity-table tbody tr").nth(row).locator("td").allInnerTexts();

describe("the activity log in a browser", () => {
  for (const js of [true, false]) {
    it(`is reached from the back-office menu and pages to older entries (JavaScript ${js ? "on" : "off"})`, async () => {
      const { context, page } = await open(js);
      try {
        await page.goto("/accounts/emails");
        if (js) await hydrated(page);
        await page.getByRole("link", { name: "Activity", exact: true }).click();
        await page.waitForURL(/\/accounts\/activity$/);
        // With JavaScript the address changes a moment before the new page is drawn: wait for its heading.
        await page.locator("h1", { hasText: /^Activity$/ }).waitFor();
        expect(await page.locator("h1").innerText()).toBe("Activity");
        expect(await page.locator("table.activity-table tbody tr").count()).toBe(50);
        expect(await cells(page, 0)).toEqual([
          "1 Jun 2026, 11:00:00",
          "Deepa Menon",
          "Deepa Menon gave member MMA2000 Newest Person the Admin role.",
          "Member → Admin",
        ]);
        if (js) expect(await axeViolations(page)).toEqual([]);
        await page.getByRole("link", { name: "Older" }).click();
        await page.waitForURL(/\/accounts\/activity\?page=2$/);
        await page.getByRole("link", { name: "Newer" }).waitFor();
        expect(await page.locator("table.activity-table tbody tr").count()).toBe(10);
        expect((await cells(page, 9))[2]).toBe("Deepa Menon deleted member MMA1001 Logged Member With A Rather Long Name 1.");
      } finally {
        await context.close();
      }
    });
  }

  it("at 360 px the table scrolls inside its own region with its hint, not the page", async () => {
    const { context, page } = await open(true, PHONE);
    try {
      await page.goto("/accounts/activity");
      await hydrated(page);
      const width = await sidewaysOverflow(page);
      expect(width.offenders).toEqual([]);
      expect(width.pageWidth).toBeLessThanOrEqual(width.viewport);
      expect(await unhintedScrollRegions(page)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
