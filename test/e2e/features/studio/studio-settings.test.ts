import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../../../support/axe";
import { PHONE, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { sidewaysOverflow } from "../../../support/phone-width";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";
import { TIMEOUTS } from "../../../support/time-budget";

/**
 * /studio/settings in a browser, JavaScript on and off, on a private server (it changes the
 * settings): the editor goes from the studio to Site settings, changes the phone number and
 * saves; a visitor then sees the new number in the site's header at once (the visitors'
 * page cache was warm). The accountant, who also has the fees, is shown a wrong fee's
 * message. At 360 px the form fits the screen.
 */

const editor = demoAccount("editor");
/** The fees are the accountant's (app/features/studio/settings-field-access.ts): the editor's page has none. */
const treasurer = demoAccount("treasurer");
let browser: Browser;
let server: SeededServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startSeededServer()]);
}, TIMEOUTS.long);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The phone number in the header's top bar, as a visitor sees it. */
async function visitorHeaderPhone(): Promise<string> {
  const context = await newContext(browser, { baseURL: server.url, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto("/contact");
    return (await page.locator('.top-bar a[href^="tel:"]').innerText()).replace(/^☎\s*/, "").trim();
  } finally {
    await context.close();
  }
}

async function openSettings(page: Page, js: boolean) {
  await page.goto("/studio");
  if (js) await hydrated(page);
  await page.getByRole("link", { name: "Edit", exact: true }).first().click();
  await page.waitForURL(/\/studio\/settings$/);
  // With JavaScript the address changes a moment before the new page is drawn: wait for its heading.
  await page.locator("h1", { hasText: /^Site settings$/ }).waitFor();
}

describe("Site settings in a browser", () => {
  for (const js of [true, false]) {
    it(`the editor changes the phone number and visitors see it in the header at once (JavaScript ${js ? "on" : "off"})`, async () => {
      const phone = js ? "0161 496 0101" : "0161 496 0202";
      // Warm the visitors' page cache with the old number.
      const before = await visitorHeaderPhone();
      expect(await visitorHeaderPhone()).toBe(before);
      expect(before).not.toBe(phone);

      const context = await newContext(browser, { baseURL: server.url, javaScriptEnabled: js, signedInAs: editor.id });
      try {
        const page = await context.newPage();
        await openSettings(page, js);
        const field = page.getByLabel("Phone number");
        expect(await field.inputValue()).toBe(before);
        await field.fill(phone);
        await page.getByRole("button", { name: "Save settings" }).click();
        await page.getByRole("status").getByText("Site settings saved.").waitFor();
        expect(await page.getByLabel("Phone number").inputValue()).toBe(phone);
      } finally {
        await context.close();
      }
      expect(await visitorHeaderPhone()).toBe(phone);
    });
  }

  it("shows the accountant a message at a wrong fee and keeps what was typed (JavaScript on)", async () => {
    const context = await newContext(browser, { baseURL: server.url, signedInAs: treasurer.id });
    try {
      const page = await context.newPage();
      await openSettings(page, true);
      await page.getByLabel("Single: registration fee (£)").fill("25.5p");
      await page.getByRole("button", { name: "Save settings" }).click();
      await page.locator("#settings-singleRegFee-error").waitFor();
      expect(await page.locator("#settings-singleRegFee-error").innerText()).toContain("numbers only");
      expect(await page.getByLabel("Single: registration fee (£)").inputValue()).toBe("25.5p");
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("fits a 360 px screen", async () => {
    const context = await newContext(browser, { ...PHONE, baseURL: server.url, signedInAs: editor.id });
    try {
      const page = await context.newPage();
      await page.goto("/studio/settings");
      await hydrated(page);
      const width = await sidewaysOverflow(page);
      expect(width.offenders).toEqual([]);
      expect(width.pageWidth).toBeLessThanOrEqual(width.viewport);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
