import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, PHONE, fitsScreen, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";
import { TIMEOUTS } from "../../../support/time-budget";

/**
 * The studio's events (docs/requirements.md §7.3) in a browser: the list and the accountant's
 * form fit a phone (360 px) and a desktop, and Cancel asks first then Restore puts the event
 * back, with JavaScript on and off. STUDIO_SCREENSHOTS=<dir> keeps a picture of each page.
 */

const accountant = demoAccount("treasurer");
let browser: Browser;
let server: SeededServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startSeededServer()]);
}, TIMEOUTS.long);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const shots = process.env.STUDIO_SCREENSHOTS;

async function withPage<T>(options: { js: boolean; size: typeof DESKTOP | typeof PHONE }, use: (page: Page) => Promise<T>): Promise<T> {
  const context = await newContext(browser, { baseURL: server.url, javaScriptEnabled: options.js, signedInAs: accountant.id, ...options.size });
  try {
    return await use(await context.newPage());
  } finally {
    await context.close();
  }
}

describe("/studio/events in a browser", () => {
  for (const [name, size] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    it(
      `the list and the form fit the ${name}'s screen`,
      async () => {
        await withPage({ js: true, size }, async (page) => {
          await page.goto("/studio/events");
          await hydrated(page);
          expect(await page.locator("li.studio-event-item").count()).toBeGreaterThan(0);
          expect(await fitsScreen(page)).toBe(true);
          if (shots) await page.screenshot({ path: path.join(shots, `studio-events-${size.viewport.width}.png`), fullPage: true });
          await page
            .locator("li.studio-event-item")
            .first()
            .getByRole("link", { name: /^Edit / })
            .click();
          await page.locator("h1", { hasText: /^Edit event$/ }).waitFor();
          await hydrated(page);
          expect(await page.getByLabel("Capacity (people)").count()).toBe(1);
          expect(await fitsScreen(page)).toBe(true);
          if (shots) await page.screenshot({ path: path.join(shots, `studio-event-form-${size.viewport.width}.png`), fullPage: true });
        });
      },
      TIMEOUTS.long,
    );
  }

  for (const js of [true, false]) {
    it(
      `cancels only once asked, then restores, JavaScript ${js ? "on" : "off"}`,
      async () => {
        await withPage({ js, size: DESKTOP }, async (page) => {
          await page.goto("/studio/events");
          if (js) await hydrated(page);
          const item = page.locator("li.studio-event-item").first();
          const title = await item.locator(".studio-event-title strong").innerText();
          await item.getByRole("button", { name: /^Cancel / }).click();
          const step = page.locator("section.confirm-step");
          await step.waitFor();
          expect(await step.locator("p").innerText()).toMatch(new RegExp(`^Cancel "${title}"\\?`));
          // Nothing is cancelled yet.
          expect(await page.locator("li.studio-event-item .studio-status", { hasText: "Cancelled" }).count()).toBe(0);
          await step.getByRole("button", { name: "Yes" }).click();
          await page.locator(".toast").getByText("Event cancelled.", { exact: false }).waitFor();
          const cancelled = page.locator("li.studio-event-item", { has: page.locator(".studio-status", { hasText: "Cancelled" }) });
          await cancelled
            .first()
            .getByRole("button", { name: /^Restore / })
            .click();
          await page.locator(".toast").getByText("Event restored.").waitFor();
          expect(await page.locator("li.studio-event-item .studio-status", { hasText: "Cancelled" }).count()).toBe(0);
        });
      },
      TIMEOUTS.long,
    );
  }
});
