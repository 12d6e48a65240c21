import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../../../support/axe";
import { DESKTOP, PHONE, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { demoAccount } from "../../../support/session";

/** The printable application sheet in chromium: the Print button with JavaScript, the hint without, the print stylesheet, A4 PDF, 360 px. */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const year = Number(new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", year: "numeric" }).format(new Date()));
const familySheet = `/member-details/${demoAccount("member").id}`;

async function open(
  pathname: string,
  options: { javaScriptEnabled: boolean; as?: "treasurer" | "member"; device?: typeof DESKTOP | typeof PHONE; cookieConsent?: boolean },
) {
  const context = await newContext(browser, {
    ...(options.device ?? DESKTOP),
    javaScriptEnabled: options.javaScriptEnabled,
    signedInAs: demoAccount(options.as ?? "treasurer").id,
    cookieConsent: options.cookieConsent ?? true,
  });
  const page = await context.newPage();
  await page.goto(pathname);
  if (options.javaScriptEnabled) await hydrated(page);
  return { context, page };
}

const SHELL = [".top-bar", ".site-header", ".site-footer", ".breadcrumbs", ".cookie-notice", ".scroll-top", ".toast-region"];

/** Which of the selectors match an element that takes up room on the page (display not none, with a box). */
const shown = (page: Page, selectors: string[]) =>
  page.evaluate(
    (list) =>
      list.filter((selector) =>
        Array.from(document.querySelectorAll<HTMLElement>(selector)).some((el) => getComputedStyle(el).display !== "none" && el.getClientRects().length > 0),
      ),
    selectors,
  );

describe("with JavaScript (the accountant, desktop)", () => {
  it("shows the sheet and a Print button that calls the browser's print", async () => {
    const { context, page } = await open(familySheet, { javaScriptEnabled: true });
    await expect(page.title()).resolves.toBe("Membership Application | Manchester Mosaic Association");
    await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toBe("Membership Application");
    const print = page.getByRole("button", { name: "Print" });
    await expect(print.isVisible()).resolves.toBe(true);
    await expect(page.getByText("Use your browser's Print command").count()).resolves.toBe(0);
    // The button asks the browser to print (window.print replaced, so no dialog is opened).
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await print.click();
    await expect(page.evaluate(() => (window as unknown as { printed: number }).printed)).resolves.toBe(1);
    await context.close();
  });

  it("on paper: no header, top bar, menus, footer, cookie notice or Print button; black on white; the content stays", async () => {
    const { context, page } = await open(familySheet, { javaScriptEnabled: true, cookieConsent: false });
    await expect(shown(page, [".site-header", ".top-bar", ".site-footer", ".cookie-notice", ".sheet-print-button"])).resolves.toEqual([
      ".site-header",
      ".top-bar",
      ".site-footer",
      ".cookie-notice",
      ".sheet-print-button",
    ]);
    await page.emulateMedia({ media: "print" });
    await expect(shown(page, [...SHELL, ".main-nav", ".menu-toggle", ".sheet-print-button", ".sheet-actions"])).resolves.toEqual([]);
    const sheet = page.locator(".application-sheet");
    await expect(sheet.isVisible()).resolves.toBe(true);
    const content = await sheet.innerText();
    expect(content).toContain("Meera Joseph");
    expect(content).toMatch(new RegExp(`Clara Joseph\\s+${year - 3}`));
    const colours = await page.evaluate(() => {
      const h1 = document.querySelector("h1")!;
      const mark = document.querySelector(".sheet-mark")!;
      return [getComputedStyle(h1).color, getComputedStyle(mark).color, getComputedStyle(document.body).backgroundColor];
    });
    expect(colours).toEqual(["rgb(0, 0, 0)", "rgb(0, 0, 0)", "rgb(255, 255, 255)"]);
    await page.emulateMedia({ media: "screen" });
    await expect(page.getByRole("button", { name: "Print" }).isVisible()).resolves.toBe(true);
    await context.close();
  });

  it("prints the Family member's sheet as an A4 PDF of at most two pages", async () => {
    const { context, page } = await open(familySheet, { javaScriptEnabled: true });
    await page.emulateMedia({ media: "print" });
    const pdf = await page.pdf({ format: "A4", preferCSSPageSize: true });
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const body = pdf.toString("latin1");
    const pages = body.match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? [];
    expect(pages.length).toBeGreaterThanOrEqual(1);
    expect(pages.length).toBeLessThanOrEqual(2);
    // A4 is 595 × 842 points (give or take chromium's rounding to CSS pixels).
    const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(body);
    expect(box).not.toBeNull();
    expect(Math.abs(Number(box![1]) - 595.28)).toBeLessThan(1);
    expect(Math.abs(Number(box![2]) - 841.89)).toBeLessThan(1.5);
    await context.close();
  });

  it("has no axe-core violations (WCAG 2.1 A/AA)", async () => {
    const { context, page } = await open(familySheet, { javaScriptEnabled: true });
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});

describe("without JavaScript", () => {
  it("no Print button, the hint instead, and the whole sheet", async () => {
    const { context, page } = await open(familySheet, { javaScriptEnabled: false });
    await expect(page.getByRole("button", { name: "Print" }).count()).resolves.toBe(0);
    await expect(page.getByText("Use your browser's Print command to print this page.").isVisible()).resolves.toBe(true);
    const content = await page.locator(".application-sheet").innerText();
    for (const expected of ["Mr Arun Joseph", "M20 3JA", "Meera Joseph", `Anna Joseph\t${year - 15}`, "Declarations"]) expect(content).toContain(expected);
    await page.emulateMedia({ media: "print" });
    await expect(shown(page, [".sheet-print-hint", ".site-header", ".site-footer"])).resolves.toEqual([]);
    await context.close();
  });

  it("the member opens their own sheet from My Account", async () => {
    const { context, page } = await open("/mem-account", { javaScriptEnabled: false, as: "member" });
    await page.getByRole("link", { name: "View my application form" }).click();
    await page.waitForURL(`**${familySheet}`);
    await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toBe("Membership Application");
    await context.close();
  });
});

describe("on a 360 px phone", () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`fits without sideways scrolling (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async () => {
      const { context, page } = await open(familySheet, { javaScriptEnabled, device: PHONE });
      await expect(page.locator(".sheet-declarations").isVisible()).resolves.toBe(true);
      const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
      expect(width).toBeLessThanOrEqual(360);
      await context.close();
    });
  }
});
