import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, PHONE, launchBrowser, newContext } from "../../support/browser";
import { sidewaysOverflow, textLines, unhintedScrollRegions } from "../../support/phone-width";
import { demoAccount } from "../../support/session";

// D1 run only (ADR 57): CSS only, whichever store answers.

/**
 * Layouts that were usable but wrong (docs/requirements.md §1.1, §2.6): My Account's details on a
 * 360 px phone, the sign-in and forgot-password cards on a 1280 px desktop, and the
 * members table's sign that it scrolls sideways on a phone. JavaScript off: CSS only.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(path: string, device: typeof DESKTOP | typeof PHONE, signedInAs?: string) {
  const context = await newContext(browser, { ...device, javaScriptEnabled: false, ...(signedInAs ? { signedInAs } : {}) });
  const page = await context.newPage();
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  return { context, page };
}

describe("My Account's details at 360 px", () => {
  it("gives the e-mail the panel's width: one line, not three in a squeezed column", async () => {
    const member = demoAccount("member");
    const { context, page } = await open("/mem-account", PHONE, member.id);
    try {
      const value = page.locator(".account-details dd", { hasText: member.email });
      expect(await value.count()).toBe(1);
      const row = (await value.locator("xpath=..").boundingBox())!;
      const box = (await value.boundingBox())!;
      // The value has (nearly) the row's whole width, under its label.
      expect(box.width).toBeGreaterThan(row.width * 0.9);
      expect(await textLines(page, `.account-details dd:has-text("${member.email}")`)).toBeLessThanOrEqual(1);
      for (const label of ["Member ID", "Name", "Next renewal"]) expect(await page.locator(".account-details dt", { hasText: label }).isVisible()).toBe(true);
      expect((await sidewaysOverflow(page)).offenders).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("keeps label and value side by side on a desktop", async () => {
    const { context, page } = await open("/mem-account", DESKTOP, demoAccount("member").id);
    try {
      const label = (await page.locator(".account-details dt", { hasText: "E-mail" }).boundingBox())!;
      const value = (await page.locator(".account-details dd", { hasText: demoAccount("member").email }).boundingBox())!;
      expect(Math.abs(value.y - label.y)).toBeLessThan(4);
      expect(value.x).toBeGreaterThan(label.x + label.width);
    } finally {
      await context.close();
    }
  });
});

describe("the sign-in and forgot-password cards on a 1280 px desktop", () => {
  it.each([
    ["/login", "Sign In"],
    ["/forgot-password", "Forgot your password?"],
  ])("%s: at most 600 px wide, centred, with room around the heading", async (path, heading) => {
    const { context, page } = await open(path, DESKTOP);
    try {
      const card = (await page.locator(".auth-panel").boundingBox())!;
      expect(card.width).toBeLessThanOrEqual(600);
      expect(card.width).toBeGreaterThanOrEqual(320);
      const viewport = page.viewportSize()!.width;
      expect(Math.abs(card.x + card.width / 2 - viewport / 2)).toBeLessThan(20);
      const title = (await page.locator(".auth-panel h2", { hasText: heading }).boundingBox())!;
      // The heading's box, not its text: its top margin is 0, so this is the card's own padding.
      expect(title.y - card.y).toBeGreaterThanOrEqual(16);
      expect(title.x - card.x).toBeGreaterThanOrEqual(16);
    } finally {
      await context.close();
    }
  });
});

describe("the members table on a 360 px phone", () => {
  it("shows cards that need no sideways scroll, and no hint (ADR 63)", async () => {
    const { context, page } = await open("/accounts", PHONE, demoAccount("treasurer").id);
    try {
      const region = page.locator(".members-table-scroll");
      expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      expect(
        await page
          .locator("tbody tr")
          .first()
          .evaluate((tr) => getComputedStyle(tr).display),
      ).toBe("block");
      expect(await page.locator(".table-scroll-hint").isVisible()).toBe(false);
      expect(await unhintedScrollRegions(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each(["/accounts", "/mem-renewals"])("on a 1280 px desktop %s: a hint exactly where a table scrolls sideways", async (path) => {
    const { context, page } = await open(path, DESKTOP, demoAccount("treasurer").id);
    try {
      expect(await unhintedScrollRegions(page)).toEqual([]);
      // And no hint over a table that fits (the subscriptions tables on a desktop).
      const misleading = await page.locator(".table-scroll-hint").evaluateAll(
        (hints) =>
          hints.filter((hint) => {
            const region = hint.nextElementSibling as HTMLElement | null;
            return getComputedStyle(hint).display !== "none" && region !== null && region.scrollWidth <= region.clientWidth + 1;
          }).length,
      );
      expect(misleading).toBe(0);
    } finally {
      await context.close();
    }
  });
});
