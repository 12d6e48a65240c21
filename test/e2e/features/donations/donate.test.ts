import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, PHONE, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { DONATION_MESSAGES as M } from "~/features/donations/donation-form";

/**
 * /donate in chromium, JavaScript on and off, on a 360 px phone (docs/requirements.md §14): the
 * form's messages, then a visitor's £25 donation with Gift Aid through the practice checkout,
 * ending on the thank-you page. Screenshots at 360 and 1280 px go to DONATE_SCREENSHOTS when set.
 */

let browser: Browser;
let server: SeededServer;
beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startSeededServer()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

let sequence = 0;
async function donatePage(javaScriptEnabled: boolean, device: typeof DESKTOP | typeof PHONE = PHONE) {
  sequence += 1;
  const context = await newContext(browser, {
    ...device,
    baseURL: server.url,
    javaScriptEnabled,
    extraHTTPHeaders: { "CF-Connecting-IP": `203.0.113.${100 + sequence}` },
  });
  const page = await context.newPage();
  expect((await page.goto("/donate"))?.status()).toBe(200);
  if (javaScriptEnabled) await hydrated(page);
  return { context, page };
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

async function shoot(page: Page, name: string) {
  const dir = process.env.DONATE_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

const donate = (page: Page) => page.getByRole("button", { name: "Donate by card" }).click();

for (const javaScriptEnabled of [true, false]) {
  const js = javaScriptEnabled ? "js" : "nojs";
  describe(`/donate (JavaScript ${javaScriptEnabled ? "on" : "off"}, 360 px)`, () => {
    it("another amount out of range and a bad postcode are told at their fields; the Gift Aid details show once ticked", async () => {
      const { context, page } = await donatePage(javaScriptEnabled);
      await expectNoSidewaysScroll(page);
      // Unticked, the Gift Aid details are out of the way (CSS, no script).
      expect(await page.getByLabel("Postcode").isVisible()).toBe(false);
      await page.getByLabel("Yes, I want to Gift Aid my donation").check();
      expect(await page.getByLabel("Postcode").isVisible()).toBe(true);
      await shoot(page, `donate-360-${js}`);
      await page.getByLabel("Another amount", { exact: true }).check();
      await page.getByLabel("Another amount (£)").fill("2000");
      await page.getByLabel("Full name").fill("Vera Visitor");
      await page.getByLabel("E-mail address").fill(`vera-${js}@example.org`);
      await page.getByLabel("Home address").fill("12 Station Road");
      await page.getByLabel("Postcode").fill("NOPE");
      await donate(page);
      await page.waitForSelector("#donate-otherAmount-error");
      expect(await page.locator("#donate-otherAmount-error").innerText()).toBe(M.otherRange);
      expect(await page.locator("#donate-postcode-error").innerText()).toBe(M.postcodeFormat);
      // What was typed stays.
      expect(await page.getByLabel("Full name").inputValue()).toBe("Vera Visitor");
      await expectNoSidewaysScroll(page);
      await context.close();
    });

    it("a visitor gives £25 with Gift Aid through the practice checkout and is thanked", async () => {
      const { context, page } = await donatePage(javaScriptEnabled);
      await page.getByLabel("£25").check();
      await page.getByLabel("A message with your gift (optional)").fill("For the school");
      await page.getByLabel("Full name").fill("Vera Visitor");
      await page.getByLabel("E-mail address").fill(`vera-paid-${js}@example.org`);
      await page.getByLabel("Yes, I want to Gift Aid my donation").check();
      await page.getByLabel("Title (optional)").selectOption("Ms");
      await page.getByLabel("Home address").fill("12 Station Road\nManchester");
      await page.getByLabel("Postcode").fill("m3 3pa");
      await Promise.all([page.waitForURL((url) => url.pathname.startsWith("/practice-checkout/")), donate(page)]);
      expect(await page.locator("table.practice-items").innerText()).toMatch(/Total\s+£25\.00/);
      await Promise.all([page.waitForURL((url) => url.pathname.startsWith("/donate/thanks/")), page.getByRole("button", { name: "Pay" }).click()]);
      await page.getByRole("heading", { name: "Thank you for your donation" }).waitFor();
      expect(await page.locator(".payment-result").innerText()).toContain("We received your donation of £25.00.");
      expect(await page.locator(".donation-gift-aid").innerText()).toContain("You declared Gift Aid");
      await shoot(page, `donate-thanks-360-${js}`);
      await expectNoSidewaysScroll(page);
      await context.close();
    });
  });
}

describe("/donate with JavaScript (1280 px)", () => {
  it("shows Taking you to the payment... on the button while the post is on its way", async () => {
    const { context, page } = await donatePage(true, DESKTOP);
    await shoot(page, "donate-1280");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/donate*", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await page.getByLabel("£5", { exact: true }).check();
    await page.getByLabel("Full name").fill("Pat Pending");
    await page.getByLabel("E-mail address").fill("pat@example.org");
    await donate(page);
    await page.getByRole("button", { name: "Taking you to the payment..." }).waitFor();
    expect(await page.getByRole("button", { name: "Taking you to the payment..." }).isDisabled()).toBe(true);
    release();
    await page.waitForURL((url) => url.pathname.startsWith("/practice-checkout/"));
    await context.close();
  });
});
