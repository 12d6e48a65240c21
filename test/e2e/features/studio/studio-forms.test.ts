import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LINK_MESSAGES } from "~/kernel/forms/link-address";
import { UNSAVED_CHANGES_MESSAGE } from "~/kernel/forms/unsaved-changes";
import { DESKTOP, PHONE, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";
import { TIMEOUTS } from "../../../support/time-budget";

/**
 * Editors never lose work (docs/requirements.md §7.11), in a browser: with JavaScript, a changed
 * studio form asks before a link takes the editor away (and keeps what was typed when they stay),
 * but not after a save; the link dialog links an address typed as "www.…" and refuses only what
 * cannot be a link; without JavaScript, plain paragraphs typed in the news text stay paragraphs.
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

async function open(js: boolean, screen: typeof DESKTOP | typeof PHONE = DESKTOP, signedInAs: string | undefined = editor.id) {
  const context: BrowserContext = await newContext(browser, { baseURL: server.url, javaScriptEnabled: js, ...screen, ...(signedInAs ? { signedInAs } : {}) });
  return { context, page: await context.newPage() };
}

/** The breadcrumb link back to the studio's News list: a link inside the app, as the menu's are. */
const newsCrumb = (page: Page) => page.locator(".page-title .breadcrumbs a", { hasText: "News" });

describe("the unsaved-changes warning (JavaScript on)", () => {
  for (const [name, screen] of [
    ["360", PHONE],
    ["1280", DESKTOP],
  ] as const) {
    it(`asks before leaving a changed form, keeps the text when the editor stays, and never after a save (${name} px)`, async () => {
      const { context, page } = await open(true, screen);
      try {
        await page.goto("/studio/news/new");
        await hydrated(page);
        // Unchanged, a link just goes.
        await newsCrumb(page).click();
        await page.waitForURL(/\/studio\/news$/);
        await page.goBack();
        await page.waitForURL(/\/studio\/news\/new$/);
        await hydrated(page);

        await page.getByLabel("Title").fill("Half-written notice");
        const asked: string[] = [];
        page.once("dialog", (dialog) => {
          asked.push(dialog.message());
          void dialog.dismiss();
        });
        await newsCrumb(page).click();
        await expect.poll(() => asked).toEqual([UNSAVED_CHANGES_MESSAGE]);
        expect(new URL(page.url()).pathname).toBe("/studio/news/new");
        expect(await page.getByLabel("Title").inputValue()).toBe("Half-written notice");

        // Typed in the rich-text editor counts too; saving is not leaving.
        const box = page.getByRole("textbox", { name: "Text" }).and(page.locator('[contenteditable="true"]'));
        await box.click();
        await page.keyboard.type("The hall is booked.");
        await page.getByRole("button", { name: "Save as draft" }).click();
        await page.waitForURL(/\/studio\/news\/[0-9a-f]{24}$/);
        await page.getByRole("heading", { level: 1, name: "Edit news item" }).waitFor();
        await hydrated(page);
        const after: string[] = [];
        page.on("dialog", (dialog) => {
          after.push(dialog.message());
          void dialog.dismiss();
        });
        await newsCrumb(page).click();
        await page.waitForURL(/\/studio\/news$/);
        expect(after).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});

describe("the link dialog (JavaScript on)", () => {
  it("links www.manchester.gov.uk/… as https://, refuses what cannot be a link with a message, and the site keeps the link", async () => {
    const { context, page } = await open(true);
    try {
      await page.goto("/studio/news/new");
      await hydrated(page);
      await page.getByLabel("Title").fill("Bin days");
      const box = page.getByRole("textbox", { name: "Text" }).and(page.locator('[contenteditable="true"]'));
      await box.click();
      await page.keyboard.type("Council bins");
      await page.keyboard.press("ControlOrMeta+a");
      await page.getByRole("button", { name: "Link" }).click();
      const dialog = page.getByRole("dialog", { name: "Link" });
      const address = dialog.getByRole("textbox");
      await address.fill("javascript:alert(1)");
      await address.press("Enter");
      await expect.poll(() => dialog.getByRole("alert").innerText()).toBe(LINK_MESSAGES.scheme);
      await address.fill("www.manchester.gov.uk/bins");
      await dialog.getByRole("button", { name: "Apply link" }).click();
      await dialog.waitFor({ state: "detached" });
      await page.waitForFunction(
        () =>
          (document.querySelector("textarea#news-content") as HTMLTextAreaElement).value ===
          '<p><a href="https://www.manchester.gov.uk/bins">Council bins</a></p>',
      );
      await page.getByRole("button", { name: "Save as draft" }).click();
      await page.waitForURL(/\/studio\/news\/[0-9a-f]{24}$/);
      const id = new URL(page.url()).pathname.split("/").pop()!;
      await page.goto(`/blog-details/${id}`);
      expect(await page.locator(".news-article .rich-text a").getAttribute("href")).toBe("https://www.manchester.gov.uk/bins");
    } finally {
      await context.close();
    }
  });
});

describe("plain paragraphs (JavaScript off)", () => {
  for (const [name, screen] of [
    ["360", PHONE],
    ["1280", DESKTOP],
  ] as const) {
    it(`a news text typed as plain paragraphs shows as paragraphs on the site (${name} px)`, async () => {
      const { context, page } = await open(false, screen);
      try {
        await page.goto("/studio/news/new");
        const title = `Hall notice ${name}`;
        await page.getByLabel("Title").fill(title);
        await page.locator("textarea#news-content").fill("The hall opens at six.\n\nBring a plate\nand a friend.");
        await page.getByRole("button", { name: "Publish" }).click();
        await page.waitForURL(/\/studio\/news\/[0-9a-f]{24}$/);
        const id = new URL(page.url()).pathname.split("/").pop()!;
        const visitor = await open(false, screen, undefined);
        try {
          await visitor.page.goto(`/blog-details/${id}`);
          await visitor.page.getByRole("heading", { level: 1, name: title }).waitFor();
          const paragraphs = visitor.page.locator(".news-article .rich-text p");
          expect(await paragraphs.allInnerTexts()).toEqual(["The hall opens at six.", "Bring a plate\nand a friend."]);
        } finally {
          await visitor.context.close();
        }
      } finally {
        await context.close();
      }
    });
  }
});
