import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../../../support/axe";
import { DESKTOP, PHONE, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { demoAccount } from "../../../support/session";

/** My Tickets' QR code in chromium on a 360 px phone, JavaScript on and off (shared server, read only). */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openAccount(javaScriptEnabled: boolean, device: typeof PHONE | typeof DESKTOP = PHONE) {
  const context = await newContext(browser, { ...device, javaScriptEnabled, signedInAs: demoAccount("member").id });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/mem-account");
  if (javaScriptEnabled) await hydrated(page);
  return { context, page, errors };
}

for (const javaScriptEnabled of [true, false]) {
  describe(`My Tickets QR (JavaScript ${javaScriptEnabled ? "on" : "off"}, 360 px)`, () => {
    it("shows the open ticket's QR code, whole and square within the screen, with its code under it", async () => {
      const { context, page, errors } = await openAccount(javaScriptEnabled);
      const qr = page.getByRole("img", { name: "QR code for ticket XMAS-7K2P" });
      await qr.scrollIntoViewIfNeeded();
      await expect(qr.isVisible()).resolves.toBe(true);
      const box = (await qr.boundingBox())!;
      // Big enough to scan from a phone screen, and inside the 360 px viewport.
      expect(box.width).toBeGreaterThanOrEqual(200);
      expect(box.width).toBeLessThanOrEqual(240);
      expect(Math.abs(box.width - box.height)).toBeLessThan(1);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
      await expect(page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).resolves.toBe(0);
      // Black modules on a white ground (a dark theme must not invert or hide it).
      const colours = await qr.evaluate((svg) => [...svg.querySelectorAll("path")].map((p) => [p.getAttribute("fill"), p.getAttribute("stroke")]));
      expect(colours).toEqual([
        ["#ffffff", null],
        [null, "#000000"],
      ]);
      // The code a steward can type, right under the QR, and the ticket's party and price.
      const ticket = page.locator(".account-ticket").filter({ has: qr });
      await expect(ticket.locator(".ticket-code").innerText()).resolves.toBe("Ticket code XMAS-7K2P");
      const codeBox = (await ticket.locator(".ticket-code").boundingBox())!;
      expect(codeBox.y).toBeGreaterThanOrEqual(box.y + box.height - 1);
      await expect(ticket.locator(".ticket-price").innerText()).resolves.toMatch(/^£\d+\.\d\d$/);
      await expect(ticket.locator(".ticket-people li").count()).resolves.toBe(5);
      // The server's SVG string hydrates as it is (a mismatch would log React error #418).
      expect(errors).toEqual([]);
      await context.close();
    });
  });
}

describe("My Account with a QR ticket", () => {
  it("has no axe violations (WCAG 2.1 A/AA), on a phone and a desktop", async () => {
    for (const device of [PHONE, DESKTOP]) {
      const { context, page } = await openAccount(true, device);
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    }
  });
});
