import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCockpitClient } from "~/services/store/cockpit/client.server";
import { cockpitContent } from "~/services/store/cockpit/content.server";
import { PHONE, hydrated, launchBrowser, newContext } from "../support/browser";
import { cockpitMode } from "../support/cockpit-mode";
import { sidewaysOverflow } from "../support/phone-width";
import { startSeededServer, type SeededServer } from "../support/seeded-server";
import { demoAccount } from "../support/session";

/**
 * The studio's About Us and home slides in a browser, JavaScript on and off, at 360 px:
 * the website editor changes the About page's title and moves the second slide up, then
 * sees both on the public site. Each run has its own server, whose public pages are first
 * opened after the change (the page cache's refresh on write is the site-settings part's).
 * In the Cockpit run (E2E_STORE=cockpit) the About page is not written (Cockpit v1 has no
 * singleton write, ADR 46): the screen says so and its form is off; the slides move as on D1.
 */

const editor = demoAccount("editor");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

const toast = (page: Page, text: string) => page.locator(".toast").getByText(text).waitFor();

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
        if (cockpitMode()) {
          // Cockpit v1's API cannot write a singleton (ADR 46): the page says where to edit it, and its form is off.
          await page.getByText("This website keeps its About Us page in Cockpit: edit it in Cockpit’s admin.").waitFor();
          expect(await page.getByLabel("Title", { exact: true }).isDisabled()).toBe(true);
        } else {
          await page.getByLabel("Title", { exact: true }).fill(title);
          await page.getByRole("button", { name: "Save changes" }).click();
          await toast(page, "The About Us page is saved.");
          expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe(title);
        }

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
        if (!cockpitMode()) expect(await page.locator(".info-page-text h2").innerText()).toBe(title);
        if (server.cockpit) {
          // The Cockpit run's server opens / at its start (seeded-server.ts), so its content cache holds the old
          // order until contentChanged (a stub on this branch) refreshes it: check what the store now reads.
          const client = createCockpitClient({ baseUrl: server.cockpit.url, token: server.cockpit.token });
          expect((await cockpitContent(client).listSlides()).map((s) => s.title).slice(0, 2)).toEqual([titles[1], titles[0]]);
        } else {
          await page.goto("/");
          expect(await page.locator(".hero-slider li.slide.selected h2").first().innerText()).toBe(titles[1]);
        }
      } finally {
        await context.close();
        await server.stop();
      }
    }, 180_000);
  }
});
