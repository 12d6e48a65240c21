import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, PHONE, hydrated, launchBrowser, newContext } from "../../support/browser";
import { axeViolations } from "../../support/axe";
import { demoAccount } from "../../support/session";

// D1 run only (ADR 57): axe on interface states is the same code whichever store answers.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * axe-core's WCAG 2.1 A/AA rules over the states the route list cannot express: every
 * page as drawn on arrival is in every-page.test.ts (generated from test/support/route-list.ts).
 * Here: the cookie notice, the phone menu open, the door's card and unknown code, a form
 * showing its errors, the video modal.
 */
describe("accessibility of states beyond a page's first drawing (axe-core)", () => {
  const cases = [
    ["home, visitor, desktop, cookie notice showing", "/", DESKTOP, undefined, false],
    ["home, visitor, phone, cookie notice showing", "/", PHONE, undefined, false],
    ["home, member, phone with the menu open", "/#mobile-menu", PHONE, demoAccount("member").id, true],
    ["door, unknown code, accountant, phone", "/scan-qr-code?code=ZZZZ-ZZZZ", PHONE, demoAccount("treasurer").id, true],
    // Looking a code up changes nothing (admitting is a separate post).
    ["door card of the demo Family's ticket, accountant, phone", "/scan-qr-code?code=XMAS-7K2P", PHONE, demoAccount("treasurer").id, true],
  ] as const;

  for (const [name, path, device, userId, cookieConsent] of cases) {
    it(`finds no violations: ${name}`, async () => {
      const context = await newContext(browser, { ...device, signedInAs: userId, cookieConsent });
      const page = await context.newPage();
      await page.goto(path);
      await hydrated(page);
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    });
  }

  it("finds no violations: sign up sent empty, every message showing, phone", async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await page.goto("/signup");
    await hydrated(page);
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await page.locator(".signup-form .field-error").first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it("finds no violations: about us with the video modal open", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    // The player itself is YouTube's page, not ours: keep it out (and off the network).
    await page.route("https://www.youtube-nocookie.com/**", (route) => route.fulfill({ contentType: "text/html", body: "<title>player</title>" }));
    await page.goto("/about");
    await hydrated(page);
    await page.locator(".play-button").click();
    await page.locator("dialog.video-modal").waitFor({ state: "visible" });
    expect(await axeViolations(page, { exclude: "dialog.video-modal iframe" })).toEqual([]);
    await context.close();
  });
});
