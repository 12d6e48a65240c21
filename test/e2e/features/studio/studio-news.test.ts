import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, PHONE, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { sidewaysOverflow } from "../../../support/phone-width";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";
import { TIMEOUTS } from "../../../support/time-budget";

/**
 * The studio's news in a browser (docs/requirements.md §7.6), JavaScript on (the rich-text editor) and off
 * (the plain textarea with HTML), at 360 px: an editor writes a news item, publishes it, and
 * a visitor reads it on /blog, formatted as the editor showed it.
 */

const editor = demoAccount("editor");
let browser: Browser;
/**
 * One server per run (JavaScript on, off): the visitors' content cache lives in the server,
 * and until contentChanged (the site-settings part) invalidates it on a write, a /blog read
 * by the first run would hide the second run's item for 60 s.
 */
const servers: Record<"on" | "off", SeededServer | undefined> = { on: undefined, off: undefined };

beforeAll(async () => {
  [browser, servers.on, servers.off] = await Promise.all([launchBrowser(), startSeededServer(), startSeededServer()]);
}, TIMEOUTS.long);
afterAll(async () => {
  await browser?.close();
  await Promise.all([servers.on?.stop(), servers.off?.stop()]);
});

/** A page on the run's server (`run`), with or without JavaScript, signed in as the editor or a visitor. */
async function open(
  run: "on" | "off",
  js: boolean,
  signedIn: boolean,
  device: BrowserContextOptions = PHONE,
): Promise<{ context: BrowserContext; page: Page }> {
  const server = servers[run]!;
  const context = await newContext(browser, { ...device, baseURL: server.url, javaScriptEnabled: js, ...(signedIn ? { signedInAs: editor.id } : {}) });
  return { context, page: await context.newPage() };
}

describe("writing and publishing news in the studio", () => {
  for (const js of [true, false]) {
    it(`writes a news item and publishes it; a visitor reads it on /blog (JavaScript ${js ? "on" : "off"})`, async () => {
      // Its own title each try: a second try (ADR 57) finds the first try's item on /blog too.
      const title = `Picnic news ${js ? "with" : "without"} JavaScript ${Math.random().toString(36).slice(2, 8)}`;
      const run = js ? "on" : "off";
      const { context, page } = await open(run, js, true);
      try {
        await page.goto("/studio");
        if (js) await hydrated(page);
        await page.getByRole("link", { name: "Edit" }).and(page.locator('[href="/studio/news"]')).click();
        await page.waitForURL(/\/studio\/news$/);
        await page.getByRole("heading", { level: 1, name: "News" }).waitFor();
        await page.getByRole("link", { name: "New news item" }).click();
        await page.waitForURL(/\/studio\/news\/new$/);
        await page.getByRole("heading", { level: 1, name: "New news item" }).waitFor();
        if (js) await hydrated(page);

        await page.getByLabel("Title").fill(title);
        await page.getByLabel("Summary (optional)").fill("Sandwiches and sunshine.");
        if (js) {
          // The editor replaces the textarea: type, and make a word bold with its toolbar.
          // Labelled by the field's label, as the textarea was (which is also a textbox named "Text").
          const box = page.getByRole("textbox", { name: "Text" }).and(page.locator('[contenteditable="true"]'));
          await box.waitFor();
          await expect(page.locator("textarea#news-content").isHidden()).resolves.toBe(true);
          await box.click();
          await page.keyboard.type("Come to the ");
          // Bold from the toolbar: the button says it is on, and what follows is bold.
          const bold = page.getByRole("button", { name: "Bold" });
          await bold.click();
          await page.locator('.rich-text-toolbar button[aria-pressed="true"]', { hasText: "Bold" }).waitFor();
          await page.keyboard.type("summer picnic");
          await page.keyboard.press("ControlOrMeta+b");
          await page.keyboard.type(".");
          // What the form will post: the editor's HTML in the (hidden) textarea.
          await page.waitForFunction(
            () => (document.querySelector("textarea#news-content") as HTMLTextAreaElement).value === "<p>Come to the <strong>summer picnic</strong>.</p>",
          );
        } else {
          await page.locator("textarea#news-content").fill("<p>Come to the <strong>summer picnic</strong>.</p>");
        }
        expect((await sidewaysOverflow(page)).offenders).toEqual([]);
        await page.getByRole("button", { name: "Publish" }).click();
        await page.waitForURL(/\/studio\/news\/[0-9a-f]{24}$/);
        await page.getByRole("heading", { level: 1, name: "Edit news item" }).waitFor();
        await page.getByText("News item published.").waitFor();
        const id = new URL(page.url()).pathname.split("/").pop()!;

        // A visitor sees it on /blog and on its page, bold as the editor showed it.
        const visitor = await open(run, false, false);
        try {
          await visitor.page.goto(`/blog-details/${id}`);
          await visitor.page.getByRole("heading", { level: 1, name: title }).waitFor();
          expect(await visitor.page.locator(".rich-text strong").innerText()).toBe("summer picnic");
          expect(await visitor.page.locator(".news-article .rich-text").innerText()).toBe("Come to the summer picnic.");
          await visitor.page.goto("/blog");
          await visitor.page.getByRole("link", { name: title, exact: true }).waitFor();
        } finally {
          await visitor.context.close();
        }
      } finally {
        await context.close();
      }
    });
  }

  it("keeps the editor out of public pages: /blog downloads no editor code", async () => {
    const { context, page } = await open("on", true, false, DESKTOP);
    try {
      const scripts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(request.url());
      });
      await page.goto("/blog");
      await hydrated(page);
      expect(scripts.filter((url) => /rich-text-editor/.test(url))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
