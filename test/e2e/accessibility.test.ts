import AxeBuilder from "@axe-core/playwright";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, PHONE, hydrated, launchBrowser, newContext } from "../support/browser";
import { demoAccount } from "../support/session";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** axe-core's WCAG 2.1 A/AA rules over the shell's pages, as a visitor and signed in, on a desktop and a phone. */
describe("accessibility of the site shell (axe-core)", () => {
  const cases = [
    ["home, visitor, desktop, cookie notice showing", "/", DESKTOP, undefined, false],
    ["home, member, phone with the menu open", "/#mobile-menu", PHONE, demoAccount("member").id, true],
    ["404, accountant, desktop", "/no-such-page", DESKTOP, demoAccount("treasurer").id, true],
    ["contact, visitor, desktop", "/contact", DESKTOP, undefined, true],
    ["contact, visitor, phone", "/contact", PHONE, undefined, true],
    ["development outbox, desktop", "/dev/mail", DESKTOP, undefined, true],
  ] as const;

  for (const [name, path, device, userId, cookieConsent] of cases) {
    it(`finds no violations: ${name}`, async () => {
      const context = await newContext(browser, { ...device, signedInAs: userId, cookieConsent });
      const page = await context.newPage();
      await page.goto(path);
      await hydrated(page);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      await context.close();
    });
  }
});
