import { mkdtempSync, openSync, closeSync, ftruncateSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_EVENT_ID } from "../../../support/book-ticket";
import { DESKTOP, hydrated, launchBrowser, newContext, PHONE } from "../../../support/browser";
import { client, multipart } from "../../../support/client";
import { parseHtml } from "../../../support/html";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";
import { TIMEOUTS } from "../../../support/time-budget";
import { photoMovedMessage } from "~/features/studio/gallery-edit";
import { photoTooLargeToSend } from "~/kernel/media/uploads/messages";

/**
 * A gallery's photos in the studio with JavaScript on (docs/requirements.md §7.12): a photo is
 * dragged by its handle, or moved with the keyboard (Move down, the handle's arrow keys); the
 * caption typed before is kept, the focus stays on the moved photo, and the toast (a live
 * region) names its new place. A photo over 25 MB is refused in the browser before anything
 * is sent, on a one-photo form and in a gallery's batch. The "Remove" box of a form's current
 * photo sits right under its photo, at 360 and 1280 px, on the news, slide and event forms.
 */

const editor = demoAccount("editor");
let browser: Browser;
let server: SeededServer;
let workDir = "";

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startSeededServer()]);
  workDir = mkdtempSync(path.join(tmpdir(), "studio-photos-"));
}, TIMEOUTS.long);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

const photo = async (colour: string) =>
  new Uint8Array(
    await sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
      .jpeg()
      .toBuffer(),
  );

/** A new gallery of three photos, made over HTTP; its studio page's path. */
async function galleryOfThree(title: string): Promise<string> {
  const as = client(server).as(editor.id);
  const created = await as.post("/studio/galleries", multipart([["title", title]]));
  const pathname = created.headers.get("Location")!;
  const fields: Array<[string, string | { bytes: Uint8Array; name: string }]> = [["intent", "upload"]];
  for (const [i, colour] of ["#c33", "#3c3", "#33c"].entries()) fields.push(["photos", { bytes: await photo(colour), name: `p${i + 1}.jpg` }]);
  expect((await as.post(pathname, multipart(fields))).status).toBe(302);
  return pathname;
}

/** The studio's photo rows, each by its key (data-row-id: the photo's path), in the order shown. */
const rowKeys = (page: Page) => page.locator(".studio-photo").evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.rowId ?? ""));
/** The row key of the photo whose control has the focus ("" when the focus is elsewhere). */
const focusedRow = (page: Page) => page.evaluate(() => (document.activeElement?.closest(".studio-photo") as HTMLElement | null)?.dataset.rowId ?? "");
const toastSays = (page: Page, text: string) => page.locator(".toast-region").getByText(text).waitFor();

describe("moving a gallery's photos with JavaScript", () => {
  it(
    "drags photo 3 above photo 1: the typed caption is kept, the moved photo keeps the focus, the toast names its place",
    async () => {
      const pathname = await galleryOfThree("Drag check");
      const context = await newContext(browser, { ...DESKTOP, baseURL: server.url, javaScriptEnabled: true, signedInAs: editor.id });
      try {
        const page = await context.newPage();
        await page.goto(pathname);
        await hydrated(page);
        const before = await rowKeys(page);
        expect(before).toHaveLength(3);
        // Typed, not saved.
        await page.locator("#caption-0").fill("Red, typed before the drag");
        const handle = page.getByRole("button", { name: "Drag to reorder photo 3", exact: true });
        // Measured once the photos have loaded and the page stands still.
        await page.waitForLoadState("networkidle");
        const from = (await handle.boundingBox())!;
        const to = (await page.locator(".studio-photo").first().boundingBox())!;
        await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
        await page.mouse.down();
        // The photos stand side by side at 1280 px: to the left part of photo 1.
        await page.mouse.move(to.x + 8, to.y + to.height / 2, { steps: 15 });
        await page.mouse.up();
        await toastSays(page, photoMovedMessage(2, 0, 3));
        await expect.poll(() => rowKeys(page)).toEqual([before[2], before[0], before[1]]);
        // The caption typed before the drag went with it (now photo 2's).
        expect(await page.locator("#caption-1").inputValue()).toBe("Red, typed before the drag");
        await expect.poll(() => focusedRow(page)).toBe(before[2]);
        await page.reload();
        await hydrated(page);
        expect(await rowKeys(page)).toEqual([before[2], before[0], before[1]]);
        expect(await page.locator("#caption-1").inputValue()).toBe("Red, typed before the drag");
      } finally {
        await context.close();
      }
    },
    TIMEOUTS.long,
  );

  it(
    "keyboard: Move down and the handle's arrow keys keep the focus on the moved photo; typed captions are kept",
    async () => {
      const pathname = await galleryOfThree("Keyboard check");
      const context = await newContext(browser, { ...DESKTOP, baseURL: server.url, javaScriptEnabled: true, signedInAs: editor.id });
      try {
        const page = await context.newPage();
        await page.goto(pathname);
        await hydrated(page);
        const before = await rowKeys(page);
        await page.locator("#caption-2").fill("Blue, typed");
        await page.locator(".studio-photo").first().getByRole("button", { name: "Move down" }).focus();
        await page.keyboard.press("Enter");
        await toastSays(page, photoMovedMessage(0, 1, 3));
        await expect.poll(() => rowKeys(page)).toEqual([before[1], before[0], before[2]]);
        await expect.poll(() => focusedRow(page)).toBe(before[0]);
        expect(await page.locator("#caption-2").inputValue()).toBe("Blue, typed");

        // The handle's arrow key: photo 3 up one place; the focus stays on its handle.
        await page.getByRole("button", { name: "Drag to reorder photo 3", exact: true }).focus();
        await page.keyboard.press("ArrowUp");
        await toastSays(page, photoMovedMessage(2, 1, 3));
        await expect.poll(() => rowKeys(page)).toEqual([before[1], before[2], before[0]]);
        await expect.poll(() => focusedRow(page)).toBe(before[2]);
        expect(await page.evaluate(() => document.activeElement?.getAttribute("data-move"))).toBe("handle");
        expect(await page.locator("#caption-1").inputValue()).toBe("Blue, typed");
      } finally {
        await context.close();
      }
    },
    TIMEOUTS.long,
  );
});

/** A file of `megabytes` MB of zeros, sparse (nothing is written): a photo too large to send. */
function largeFile(name: string, megabytes: number): string {
  const file = path.join(workDir, name);
  const fd = openSync(file, "w");
  ftruncateSync(fd, megabytes * 1024 * 1024);
  closeSync(fd);
  return file;
}

describe("a photo over 25 MB is refused before it is sent", () => {
  it(
    "on a slide's form the choice is cleared with the message; in a gallery's batch only the others are sent",
    async () => {
      const big = largeFile("holiday.jpg", 30);
      const context = await newContext(browser, { ...DESKTOP, baseURL: server.url, javaScriptEnabled: true, signedInAs: editor.id });
      try {
        const page = await context.newPage();
        const posts: Array<{ url: string; size: number }> = [];
        page.on("request", (request) => {
          if (request.method() === "POST")
            posts.push({ url: request.url(), size: Number(request.headers()["content-length"] ?? request.postDataBuffer()?.length ?? 0) });
        });
        await page.goto("/studio/slides/new");
        await hydrated(page);
        await page.locator("#slide-image").setInputFiles(big);
        await page.locator("#slide-image-error").getByText(photoTooLargeToSend("holiday.jpg")).waitFor();
        expect(await page.locator("#slide-image").evaluate((input) => (input as HTMLInputElement).files?.length ?? 0)).toBe(0);
        expect(await page.locator("#slide-image").getAttribute("aria-invalid")).toBe("true");

        const pathname = await galleryOfThree("Size check");
        await page.goto(pathname);
        await hydrated(page);
        const small = path.join(workDir, "small.jpg");
        await sharp(Buffer.from(await photo("#999"))).toFile(small);
        await page.locator("#gallery-photos").setInputFiles([big, small]);
        await page.locator("#gallery-photos-error").getByText(photoTooLargeToSend("holiday.jpg")).waitFor();
        await page.getByRole("button", { name: "Upload photos" }).click();
        await page.locator(".toast-region").getByText("1 photo added.").waitFor();
        expect(await page.locator(".studio-photo").count()).toBe(4);
        // Nothing near 25 MB ever left the browser: the small photo's post only.
        expect(posts.filter((post) => post.url.includes("/photos"))).toHaveLength(2);
        expect(Math.max(...posts.map((post) => post.size))).toBeLessThan(1024 * 1024);
      } finally {
        await context.close();
      }
    },
    TIMEOUTS.long,
  );
});

/** The first edit page among `links` whose form shows a current photo. */
async function editPageWithPhoto(listPath: string, prefix: string): Promise<string> {
  const list = parseHtml(await (await client(server).as(editor.id).get(listPath)).text());
  const links = [...new Set(list.all(`a[href^="${prefix}"]`).map((a) => a.attribs.href!))].filter((href) => !href.endsWith("/new"));
  for (const href of links) {
    const page = parseHtml(await (await client(server).as(editor.id).get(href)).text());
    if (page.one(".photo-input-current img")) return href;
  }
  throw new Error(`no edit page with a photo under ${listPath}`);
}

describe("the Remove box sits with its photo", () => {
  for (const screen of [PHONE, DESKTOP]) {
    it(
      `on the news, slide and event forms at ${screen.viewport.width} px, right under its photo, within its width`,
      async () => {
        const forms = [
          await editPageWithPhoto("/studio/news", "/studio/news/"),
          await editPageWithPhoto("/studio/slides", "/studio/slides/"),
          `/studio/events/${DEMO_EVENT_ID}`,
        ];
        const context = await newContext(browser, { ...screen, baseURL: server.url, javaScriptEnabled: true, signedInAs: editor.id });
        try {
          const page = await context.newPage();
          for (const form of forms) {
            await page.goto(form);
            const figure = page.locator(".photo-input-current").first();
            await figure.scrollIntoViewIfNeeded();
            const img = (await figure.locator("img").boundingBox())!;
            const box = (await figure.locator("input[type=checkbox]").boundingBox())!;
            const label = (await figure.locator(".photo-input-remove").boundingBox())!;
            expect(img, form).not.toBeNull();
            // Under the photo, close to it (not across the form or after other fields).
            expect(box.y, form).toBeGreaterThanOrEqual(img.y + img.height - 1);
            expect(box.y - (img.y + img.height), form).toBeLessThan(32);
            // Within the photo's width, starting at its left edge.
            expect(Math.abs(box.x - img.x), form).toBeLessThan(16);
            expect(label.x + label.width, form).toBeLessThanOrEqual(Math.max(img.x + img.width, img.x + 200));
            expect(box.width, form).toBeLessThan(40);
            // The frame round the photo and its box is the photo's width, not the form's.
            const frame = (await figure.boundingBox())!;
            expect(frame.width, form).toBeLessThan(img.width + 60);
          }
        } finally {
          await context.close();
        }
      },
      TIMEOUTS.long,
    );
  }
});
