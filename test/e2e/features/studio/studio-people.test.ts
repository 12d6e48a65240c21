import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../../../support/axe";
import { DESKTOP, PHONE, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { sidewaysOverflow } from "../../../support/phone-width";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";
import { PDF } from "../../../support/upload-fixtures";
import { TIMEOUTS } from "../../../support/time-budget";

/**
 * The studio's event calendar and documents in a browser, JavaScript on and off, as a
 * website editor: an entry added in the studio is on /event, and a document uploaded in the
 * studio opens for a signed-in member. Both runs share one server: /event was already read
 * by the first when the second adds its entry, so the second also shows the write reaching
 * visitors at once (contentChanged).
 */

const editor = demoAccount("editor");
const member = demoAccount("member");
let browser: Browser;
let server: SeededServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startSeededServer()]);
}, TIMEOUTS.long);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(js: boolean, signedInAs: string, device = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { ...device, baseURL: server.url, javaScriptEnabled: js, signedInAs });
  return { context, page: await context.newPage() };
}

describe("the studio's event calendar and documents in a browser", () => {
  for (const js of [true, false]) {
    const label = `JavaScript ${js ? "on" : "off"}`;

    it(`adds a calendar entry and sees it on /event (${label})`, async () => {
      const name = `Studio Picnic ${js ? "JS" : "No JS"} 2099`;
      const { context, page } = await open(js, editor.id);
      try {
        await page.goto("/studio");
        if (js) await hydrated(page);
        await page.getByRole("link", { name: "Edit" }).and(page.locator('[href="/studio/calendar"]')).click();
        await page.waitForURL(/\/studio\/calendar$/);
        await page.locator("h1", { hasText: /^Event calendar$/ }).waitFor();
        await page.getByRole("link", { name: "Add an event" }).click();
        await page.waitForURL(/\/studio\/calendar\/new$/);
        await page.locator("h1", { hasText: /^Add an event$/ }).waitFor();
        if (js) expect(await axeViolations(page)).toEqual([]);
        // A missing name is answered on the page, with what was typed kept.
        await page.getByLabel("Month").fill("JUL");
        await page.getByLabel("Day").fill("12");
        await page.getByRole("button", { name: "Add event" }).click();
        await page.locator(".field-error", { hasText: "Please enter the event's name" }).waitFor();
        expect(await page.getByLabel("Month").inputValue()).toBe("JUL");
        await page.getByLabel("Event name").fill(name);
        await page.getByRole("button", { name: "Add event" }).click();
        await page.waitForURL(/\/studio\/calendar$/);
        await page.locator(".studio-item strong", { hasText: name }).waitFor();

        await page.goto("/event");
        const item = page.locator(".event-item", { hasText: name });
        expect(await item.locator(".event-month").innerText()).toBe("JUL");
        expect(await item.locator(".event-past-label").count()).toBe(0);
      } finally {
        await context.close();
      }
    });

    it(`uploads a document that a member then opens (${label})`, async () => {
      const title = `Studio Minutes ${js ? "JS" : "No JS"}`;
      const studio = await open(js, editor.id);
      try {
        const { page } = studio;
        await page.goto("/studio/documents");
        if (js) await hydrated(page);
        await page.getByLabel("Title").fill(title);
        await page.getByLabel("File").setInputFiles({ name: "minutes.pdf", mimeType: "application/pdf", buffer: Buffer.from(PDF) });
        await page.getByRole("button", { name: "Upload" }).click();
        await page.locator(".studio-item a", { hasText: title }).waitFor();
        if (js) expect(await axeViolations(page)).toEqual([]);
      } finally {
        await studio.context.close();
      }

      const reader = await open(js, member.id, PHONE);
      try {
        const { page } = reader;
        await page.goto("/documents");
        expect((await sidewaysOverflow(page)).offenders).toEqual([]);
        const link = page.locator(".document-list a", { hasText: title });
        const href = await link.getAttribute("href");
        expect(href).toMatch(/^\/documents\/[0-9a-f]{24}$/);
        const response = await page.request.get(href!);
        expect(response.status()).toBe(200);
        expect(response.headers()["content-type"]).toBe("application/pdf");
        expect(await response.text()).toBe(PDF);
      } finally {
        await reader.context.close();
      }
    });
  }

  it("fits a phone: the studio's lists at 360 px", async () => {
    const { context, page } = await open(false, editor.id, PHONE);
    try {
      for (const path of ["/studio/calendar", "/studio/office-bearers", "/studio/documents"]) {
        await page.goto(path);
        expect((await sidewaysOverflow(page)).offenders, path).toEqual([]);
      }
    } finally {
      await context.close();
    }
  });
});
