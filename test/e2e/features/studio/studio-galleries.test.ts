import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../../../support/axe";
import { hydrated, launchBrowser, newContext, DESKTOP, PHONE } from "../../../support/browser";
import { sidewaysOverflow } from "../../../support/phone-width";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";
import { PHP_SCRIPT } from "../../../support/upload-fixtures";
import { GALLERY_TEXTS } from "~/features/studio/gallery-edit";
import { UPLOAD_MESSAGES } from "~/kernel/media/uploads";
import { TIMEOUTS } from "../../../support/time-budget";

/**
 * The galleries studio in a browser, JavaScript on and off, as a website editor: make a
 * gallery, upload two photos through the plain multiple file input, and see them on the
 * public gallery page as <picture> with their WebP srcset. One server for both runs: the
 * second gallery is made after the first run read the public gallery pages, so it is found
 * at once only because the write invalidated the visitors' caches (contentChanged).
 * With JavaScript, the chosen photos go one per request (ADR 40), each with its state in the
 * list under the input: a hostile file among them is refused with its message, the others are added.
 */

const editor = demoAccount("editor");
let browser: Browser;
let server: SeededServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startSeededServer()]);
}, TIMEOUTS.long);
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

        // Without JavaScript the hint gives the one post's limits; with it, photos go one at a time.
        if (js) await hydrated(page);
        expect(await page.locator("#gallery-photos-hint").innerText()).toBe(js ? GALLERY_TEXTS.uploadHintWithScript : GALLERY_TEXTS.uploadHint);
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

  it("with JavaScript, uploads the chosen photos one per request, each with its state; a hostile one is refused, the others added", async () => {
    const context = await newContext(browser, { ...DESKTOP, baseURL: server.url, signedInAs: editor.id });
    const page = await context.newPage();
    const title = "Picnic one photo at a time";
    try {
      await page.goto("/studio/galleries");
      await hydrated(page);
      await page.getByLabel("Name").fill(title);
      await page.getByRole("button", { name: "Create gallery" }).click();
      await page.waitForURL(/\/studio\/galleries\/[0-9a-f]{24}$/);
      await page.locator("h1", { hasText: title }).waitFor();
      await hydrated(page);
      const id = new URL(page.url()).pathname.split("/").pop()!;

      // Every photo post, with how many files it carried; the first is held until the page's busy state is checked.
      const batchPath = `/studio/galleries/${id}/photos`;
      const filesPerPost: number[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST" && new URL(request.url()).pathname === batchPath) {
          filesPerPost.push((request.postDataBuffer()?.toString("latin1") ?? "").split('filename="').length - 1);
        }
      });
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let first = true;
      await page.route(`**${batchPath}`, async (route) => {
        if (first) {
          first = false;
          await held;
        }
        await route.continue();
      });

      await page.locator("#gallery-photos").setInputFiles([
        { name: "one.jpg", mimeType: "image/jpeg", buffer: await photo("#c33") },
        { name: "holiday.jpg", mimeType: "image/jpeg", buffer: Buffer.from(PHP_SCRIPT) },
        { name: "two.jpg", mimeType: "image/jpeg", buffer: await photo("#33c") },
      ]);
      await page.getByRole("button", { name: "Upload photos" }).click();
      // While the first photo is on its way: the button is pending and disabled, each photo has its state, in a live region.
      const items = page.locator(".photo-batch[aria-live=polite] .photo-batch-item");
      await items.nth(2).waitFor();
      await expect.poll(() => items.locator(".photo-batch-state").allInnerTexts()).toEqual(["Uploading...", "Waiting", "Waiting"]);
      const pending = page.getByRole("button", { name: "Please wait..." });
      expect(await pending.isDisabled()).toBe(true);
      release();

      await expect
        .poll(() => items.evaluateAll((list) => list.map((item) => item.getAttribute("data-state"))), { timeout: TIMEOUTS.poll })
        .toEqual(["done", "error", "done"]);
      expect(await items.locator(".photo-batch-state").allInnerTexts()).toEqual(["Added", UPLOAD_MESSAGES.webPage, "Added"]);
      // Then the page shows the two new photos, with the toast.
      await page.locator(".studio-photo").nth(1).waitFor();
      expect(await page.locator(".studio-photo").count()).toBe(2);
      await page.locator(".toast", { hasText: "2 photos added." }).waitFor();
      // Three posts, one photo each.
      expect(filesPerPost).toEqual([1, 1, 1]);
      // The list stays for the editor to read; the input is empty again, so a second click sends nothing twice.
      expect(await page.locator("#gallery-photos").evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);
      expect(await axeViolations(page)).toEqual([]);

      await page.goto(`/gallery/${id}`);
      await page.locator("h1", { hasText: title }).waitFor();
      expect(await page.locator(".gallery-grid picture source[type='image/webp']").count()).toBe(2);
    } finally {
      await context.close();
    }
  });
});
