import AxeBuilder from "@axe-core/playwright";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, PHONE, hydrated, launchBrowser, newContext } from "../support/browser";
import { buildDemo } from "../../seed/demo";
import { demoAccount } from "../support/session";

const demo = await buildDemo();

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** axe-core's WCAG 2.1 A/AA rules over every public page, the member pages and the shell, as a visitor and signed in, on a desktop and a phone. */
describe("accessibility of the public and member pages and the shell (axe-core)", () => {
  const cases = [
    ["home, visitor, desktop, cookie notice showing", "/", DESKTOP, undefined, false],
    ["home, member, phone with the menu open", "/#mobile-menu", PHONE, demoAccount("member").id, true],
    ["404, accountant, desktop", "/no-such-page", DESKTOP, demoAccount("treasurer").id, true],
    ["home, visitor, phone", "/", PHONE, undefined, true],
    ["about us, visitor, desktop", "/about", DESKTOP, undefined, true],
    ["school, visitor, phone", "/school", PHONE, undefined, true],
    ["office bearers, visitor, desktop", "/office-bearers", DESKTOP, undefined, true],
    ["event calendar, visitor, desktop", "/event", DESKTOP, undefined, true],
    ["gallery, visitor, desktop", "/gallery", DESKTOP, undefined, true],
    ["gallery detail, visitor, phone", `/gallery/${demo.galleries[0]!.id}`, PHONE, undefined, true],
    ["news, visitor, desktop", "/blog", DESKTOP, undefined, true],
    ["news detail, member, phone", `/blog-details/${demo.news[0]!.id}`, PHONE, demoAccount("member").id, true],
    ["contact, visitor, desktop", "/contact", DESKTOP, undefined, true],
    ["contact, visitor, phone", "/contact", PHONE, undefined, true],
    ["development outbox, desktop", "/dev/mail", DESKTOP, undefined, true],
    ["login, visitor, phone", "/login", PHONE, undefined, true],
    ["forgot password, visitor, desktop", "/forgot-password", DESKTOP, undefined, true],
    ["an invalid reset link, visitor, desktop", "/reset-account-password/ffffffffffffffffffffffff/AAAAAAAAAA", DESKTOP, undefined, true],
    ["sign up, visitor, desktop", "/signup", DESKTOP, undefined, true],
    ["sign up, visitor, phone", "/signup", PHONE, undefined, true],
    ["confirmation, visitor, desktop", "/confirmation", DESKTOP, undefined, true],
    ["my account, member, desktop", "/mem-account", DESKTOP, demoAccount("member").id, true],
    ["my account, single member, phone", "/mem-account", PHONE, demoAccount("single").id, true],
    ["edit account, member, desktop", "/amend-account", DESKTOP, demoAccount("member").id, true],
    ["edit account, single member, phone", "/amend-account", PHONE, demoAccount("single").id, true],
    ["documents, member, desktop", "/documents", DESKTOP, demoAccount("member").id, true],
    ["members table, accountant, desktop", "/accounts", DESKTOP, demoAccount("treasurer").id, true],
    ["members table, accountant, phone", "/accounts?size=50&sort=name&dir=asc", PHONE, demoAccount("treasurer").id, true],
    ["deleted members, accountant, desktop", "/deleted-members", DESKTOP, demoAccount("treasurer").id, true],
    ["application sheet, accountant, desktop", `/member-details/${demoAccount("member").id}`, DESKTOP, demoAccount("treasurer").id, true],
    ["application sheet, member, phone", `/member-details/${demoAccount("member").id}`, PHONE, demoAccount("member").id, true],
    ["e-mail outbox, accountant, desktop", "/accounts/emails", DESKTOP, demoAccount("treasurer").id, true],
    ["pending payments, accountant, phone", "/accounts/payments", PHONE, demoAccount("treasurer").id, true],
    ["subscriptions, accountant, desktop", "/mem-renewals", DESKTOP, demoAccount("treasurer").id, true],
    ["event payments, accountant, phone", "/mem-events-pay", PHONE, demoAccount("treasurer").id, true],
    ["ticket booking, family member, phone", "/book-ticket", PHONE, demoAccount("member").id, true],
    ["ticket booking, single member, desktop", "/book-ticket", DESKTOP, demoAccount("single").id, true],
    ["door, accountant, phone", "/scan-qr-code", PHONE, demoAccount("treasurer").id, true],
    ["door, unknown code, accountant, phone", "/scan-qr-code?code=ZZZZ-ZZZZ", PHONE, demoAccount("treasurer").id, true],
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

  it("finds no violations: about us with the video modal open", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    // The player itself is YouTube's page, not ours: keep it out (and off the network).
    await page.route("https://www.youtube-nocookie.com/**", (route) => route.fulfill({ contentType: "text/html", body: "<title>player</title>" }));
    await page.goto("/about");
    await hydrated(page);
    await page.locator(".play-button").click();
    await page.locator("dialog.video-modal").waitFor({ state: "visible" });
    const results = await new AxeBuilder({ page }).exclude("dialog.video-modal iframe").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    await context.close();
  });
});
