import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe";
import { hydrated, launchBrowser, newContext, DESKTOP, PHONE } from "../support/browser";
import { sidewaysOverflow } from "../support/phone-width";
import { startSeededServer, type SeededServer } from "../support/seeded-server";
import { demoAccount } from "../support/session";

/**
 * The galleries studio in a browser, JavaScript on and off, as a website editor: make a
 * gallery, upload two photos through the plain multiple file input, and see them on the
 * public gallery page as <picture> with their WebP srcset. One server for both runs: the
 * second gallery is made after the first run read the public gallery pages, so it is found
 * at once only because the write invalidated the visitors' caches (contentChanged).
 */

const editor = demoAccount("editor");
let browser: Browser;
let server: SeededServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startSeededServer()]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const photo = async (colour: string) =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

describe("the galleries studio in a browser", () => {
  for (const js of [true, false]) {
    it(`creates a gallery, uploads two photos and shows them with srcset (JavaScript ${js ? "on" : "off"})`, async () => {
      const context = await newContext(browser, { ...DESKTOP, baseURL: server.url, javaScriptEnabled: js, signedInAs: editor.id });
      const page = await context.newPage();
      const title = `Picnic with JavaScript ${js ? "on" : "off"}`;
      try {
        await page.goto("/studio");
        if (js) await hydrated(page);
        // The Galleries part's Edit link (each part has one).
        await page
          .locator(".studio-part", { has: page.locator("h2", { hasText: /^Galleries$/ }) })
          .getByRole("link", { name: "Edit" })
          .click();
        await page.waitForURL(/\/studio\/galleries$/);
        await page.locator("h1", { hasText: /^Galleries$/ }).waitFor();

        await page.getByLabel("Name").fill(title);
        await page.getByRole("button", { name: "Create gallery" }).click();
        await page.waitForURL(/\/studio\/galleries\/[0-9a-f]{24}$/);
        await page.locator("h1", { hasText: title }).waitFor();
        const id = new URL(page.url()).pathname.split("/").pop()!;

        await page.locator("#gallery-photos").setInputFiles([
          { name: "one.jpg", mimeType: "image/jpeg", buffer: await photo("#c33") },
          { name: "two.jpg", mimeType: "image/jpeg", buffer: await photo("#33c") },
        ]);
        await page.getByRole("button", { name: "Upload photos" }).click();
        await page.locator(".studio-photo").nth(1).waitFor();
        expect(await page.locator(".studio-photo").count()).toBe(2);
        expect(await page.locator(".studio-photo-note").count()).toBe(0);
        if (js) {
          expect(await axeViolations(page)).toEqual([]);
          // At 360 px nothing runs off the side.
          await page.setViewportSize({ width: PHONE.viewport.width, height: PHONE.viewport.height });
          expect((await sidewaysOverflow(page)).offenders).toEqual([]);
        }

        await page.goto(`/gallery/${id}`);
        await page.locator("h1", { hasText: title }).waitFor();
        const sources = page.locator(".gallery-grid picture source[type='image/webp']");
        expect(await sources.count()).toBe(2);
        for (const srcset of await sources.evaluateAll((list) => list.map((s) => s.getAttribute("srcset")))) {
          expect(srcset).toMatch(/^\/media\/photos\/[0-9a-f-]+\/350\.webp 350w, \/media\/photos\/[0-9a-f-]+\/700\.webp 700w$/);
        }
        // The browser really loads a rendition (a WebP from /media/).
        const first = page.locator(".gallery-grid picture img").first();
        await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
        expect(await first.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/media\/photos\/[0-9a-f-]+\/(350|700)\.webp$/);
      } finally {
        await context.close();
      }
    });
  }
});
