import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../../../support/axe";
import { DESKTOP, PHONE, baseURL, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { uniqueEmail } from "../../../support/contact";
import { demoAccount } from "../../../support/session";

let browser: Browser;
let subject: string;

beforeAll(async () => {
  browser = await launchBrowser();
  // One e-mail of our own in the outbox (a contact message from its own address).
  const email = uniqueEmail("outbox-e2e");
  subject = `Outbox in the browser ${email.split("@")[0]}`;
  const response = await fetch(`${baseURL()}/contact`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: baseURL(), "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": "198.18.8.1" },
    body: new URLSearchParams({ name: "Ada", lastname: "Lovelace", email, subject, notes: "Hello" }),
  });
  expect(response.status).toBe(302);
});
afterAll(async () => {
  await browser?.close();
});

// The e-mail itself is in a sandboxed frame: axe's scripts hang in there, so it is left out.
describe("the accountants' outbox in a browser", () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`opens an e-mail from the list (JavaScript ${javaScriptEnabled ? "on, and axe finds nothing" : "off"})`, async () => {
      const context = await newContext(browser, { ...DESKTOP, javaScriptEnabled, signedInAs: demoAccount("treasurer").id });
      const page = await context.newPage();
      await page.goto("/accounts/emails");
      if (javaScriptEnabled) await hydrated(page);
      expect(await page.locator("h1").innerText()).toBe("E-mails");
      if (javaScriptEnabled) expect(await axeViolations(page, { exclude: "iframe.dev-mail-html" })).toEqual([]);
      await page.getByRole("link", { name: `MMA Contact Form: ${subject}` }).click();
      await page.waitForURL(/\/accounts\/emails\/[0-9a-f]{24}$/);
      await page.waitForSelector("iframe.dev-mail-html");
      expect(await page.locator("h1").innerText()).toBe(`MMA Contact Form: ${subject}`);
      expect(await page.locator("pre.dev-mail-text").innerText()).toContain(subject);
      if (javaScriptEnabled) expect(await axeViolations(page, { exclude: "iframe.dev-mail-html" })).toEqual([]);
      await context.close();
    });
  }

  it("at 360 px the table scrolls inside its own region, not the page", async () => {
    const context = await newContext(browser, { ...PHONE, signedInAs: demoAccount("treasurer").id });
    const page = await context.newPage();
    await page.goto("/accounts/emails");
    await hydrated(page);
    const sizes = await page.evaluate(() => {
      const region = document.querySelector<HTMLElement>('[role="region"][aria-label="E-mails"]')!;
      return { page: document.documentElement.scrollWidth, viewport: window.innerWidth, region: region.clientWidth, table: region.scrollWidth };
    });
    expect(sizes.page).toBeLessThanOrEqual(sizes.viewport);
    expect(sizes.table).toBeGreaterThan(sizes.region);
    expect(await axeViolations(page, { exclude: "iframe.dev-mail-html" })).toEqual([]);
    await context.close();
  });
});
