import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHONE, hydrated, launchBrowser, newContext } from "../support/browser";
import { sidewaysOverflow } from "../support/phone-width";
import { startSeededServer, type SeededServer } from "../support/seeded-server";
import { demoAccount } from "../support/session";

/**
 * The studio's About Us and home slides in a browser, JavaScript on and off, at 360 px:
 * the website editor changes the About page's title and moves the second slide up, then
 * sees both on the public site. Each run has its own server, whose public pages are first
 * opened after the change (the page cache's refresh on write is the site-settings part's).
 */

const editor = demoAccount("editor");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

const toast = (page: Page, text: string) => page.locator(".toast-region", { hasText: text }).waitFor();

describe("the studio's About Us and home slides in a browser", () => {
  for (const js of [true, false]) {
    it(`an editor changes the About page's title and moves a slide up, and the site shows both (JavaScript ${js ? "on" : "off"})`, async () => {
      const server: SeededServer = await startSeededServer();
      const context = await newContext(browser, { ...PHONE, baseURL: server.url, javaScriptEnabled: js, signedInAs: editor.id });
      try {
        const page = await context.newPage();
        const title = `About From The Browser ${js ? "On" : "Off"}`;

        await page.goto("/studio");
        if (js) await hydrated(page);
        await page.locator('a[href="/studio/about"]').click();
        await page.waitForURL(/\/studio\/about$/);
        await page.locator("h1", { hasText: /^About Us$/ }).waitFor();
        expect((await sidewaysOverflow(page)).offenders).toEqual([]);
        await page.getByLabel("Title", { exact: true }).fill(title);
        await page.getByRole("button", { name: "Save changes" }).click();
        await toast(page, "The About Us page is saved.");
        expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe(title);

        await page.goto("/studio/slides");
        if (js) await hydrated(page);
        expect((await sidewaysOverflow(page)).offenders).toEqual([]);
        const titles = await page.locator(".studio-slide h2").allInnerTexts();
        expect(titles.length).toBeGreaterThanOrEqual(2);
        await page.locator(".studio-slide").nth(1).getByRole("button", { name: "Move up" }).click();
        await toast(page, "Slide moved.");
        expect(await page.locator(".studio-slide h2").allInnerTexts()).toEqual([titles[1], titles[0], ...titles.slice(2)]);
        expect(await page.locator(".studio-slide").first().getByRole("button", { name: "Move up" }).isDisabled()).toBe(true);

        await page.goto("/about");
        expect(await page.locator(".info-page-text h2").innerText()).toBe(title);
        await page.goto("/");
        expect(await page.locator(".hero-slider li.slide.selected h2").first().innerText()).toBe(titles[1]);
      } finally {
        await context.close();
        await server.stop();
      }
    }, 180_000);
  }
});
