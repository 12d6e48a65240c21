import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, PHONE, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { demoGalleries, demoOfficeBearers } from "../../../../seed/demo-content";
import { THUMBNAIL_SIZES } from "../../../../app/features/site/components/Lightbox";
import { TIMEOUTS } from "../../../support/time-budget";
import { DEMO_EVENT_ID } from "../../../support/book-ticket";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const year = new Date().getUTCFullYear();
const gallery = demoGalleries(Math.floor(Date.now() / 1000), year)[0]!;
const photos = gallery.images;

async function open(path: string, options: { javaScriptEnabled: boolean; phone?: boolean }) {
  const context = await newContext(browser, { ...(options.phone ? PHONE : DESKTOP), javaScriptEnabled: options.javaScriptEnabled });
  const page = await context.newPage();
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  if (options.javaScriptEnabled) await hydrated(page);
  return { context, page };
}

/** The width THUMBNAIL_SIZES gives at this page's screen: its first media condition that matches, its length resolved by the browser. */
const widthBySizes = (page: Page) =>
  page.evaluate((sizes) => {
    const entries = sizes.split(/,\s*(?![^()]*\))/).map((entry) => /^(\(.*?\))?\s*(.+)$/.exec(entry.trim())!);
    const [, , length] = entries.find(([, media]) => !media || window.matchMedia(media).matches)!;
    const probe = document.body.appendChild(document.createElement("div"));
    probe.style.width = length!;
    const width = probe.getBoundingClientRect().width;
    probe.remove();
    return width;
  }, THUMBNAIL_SIZES);

const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

const modes = [
  ["on", true],
  ["off", false],
] as const;

describe.each(modes)("the collection pages at 360 px (JavaScript %s)", (_mode, javaScriptEnabled) => {
  const pages: Array<[string, (page: Page) => Promise<void>]> = [
    [
      "/office-bearers",
      async (page) => {
        expect(await page.locator(".bearer-card h3").allInnerTexts()).toEqual(demoOfficeBearers().map((b) => b.name));
        expect(await page.locator(".previous-team summary").count()).toBe(3);
      },
    ],
    [
      "/event",
      async (page) => {
        // The event to book first, then the six calendar entries, each with its year (docs/requirements.md §1.6).
        expect(await page.locator("#coming-up + .event-list a.button").getAttribute("href")).toBe(`/book-ticket/${DEMO_EVENT_ID}`);
        expect(await page.locator("#calendar-entries + .event-list .event-name a").count()).toBe(6);
        expect(await page.locator("#calendar-entries + .event-list .event-item").first().innerText()).toMatch(
          new RegExp(`JAN\\s+14\\s+${year}\\s+Harvest Festival Lunch`),
        );
      },
    ],
    [
      "/gallery",
      async (page) => {
        expect(await page.locator(".gallery-card-count").allInnerTexts()).toEqual(["6 photos", "5 photos", "4 photos", "6 photos"]);
      },
    ],
    [
      `/gallery/${gallery.id}`,
      async (page) => {
        expect(await page.locator("a.gallery-thumb img").count()).toBe(photos.length);
        // Two columns of thumbnails, as wide as the `sizes` the browser picks a rendition by says.
        const boxes = await page.locator("a.gallery-thumb").evaluateAll((links) => links.map((a) => a.getBoundingClientRect()));
        expect(boxes[1]!.top).toBe(boxes[0]!.top);
        expect(boxes[2]!.top).toBeGreaterThan(boxes[0]!.top);
        const sizesWidth = await widthBySizes(page);
        expect(sizesWidth).toBeLessThan(175);
        for (const box of boxes) expect(box.width).toBeCloseTo(sizesWidth, 0);
      },
    ],
  ];

  it.each(pages)("%s shows its content without horizontal scrolling", async (path, check) => {
    const { context, page } = await open(path, { javaScriptEnabled, phone: true });
    await check(page);
    expect(await page.locator("nav.breadcrumbs a").first().getAttribute("href")).toBe("/home");
    expect(await noHorizontalScroll(page)).toBe(true);
    await context.close();
  });

  it("opens and closes a previous team", async () => {
    const { context, page } = await open("/office-bearers", { javaScriptEnabled, phone: true });
    const team = page.locator("details.previous-team").first();
    const content = team.locator(".rich-text");
    expect(await content.isVisible()).toBe(false);
    await team.locator("summary").click();
    await content.waitFor({ state: "visible" });
    expect(await content.innerText()).toContain("President: Team member 1A");
    await team.locator("summary").click();
    await content.waitFor({ state: "hidden" });
    await context.close();
  });
});

describe("the gallery's thumbnails on a desktop", () => {
  it("are 350 px wide, in rows", async () => {
    const { context, page } = await open(`/gallery/${gallery.id}`, { javaScriptEnabled: false });
    const boxes = await page.locator("a.gallery-thumb").evaluateAll((links) => links.map((a) => a.getBoundingClientRect()));
    for (const box of boxes) expect(Math.round(box.width)).toBe(350);
    expect(boxes[1]!.top).toBe(boxes[0]!.top);
    expect(await widthBySizes(page)).toBe(350);
    await context.close();
  });

  it("open the full image without JavaScript", async () => {
    const { context, page } = await open(`/gallery/${gallery.id}`, { javaScriptEnabled: false });
    await page.locator("a.gallery-thumb").nth(2).click();
    await page.waitForURL((url) => url.pathname === photos[2]!.path);
    await context.close();
  });
});

describe("the lightbox (JavaScript on)", () => {
  const dialog = (page: Page) => page.locator("dialog.lightbox");
  const caption = (page: Page) => dialog(page).locator("figcaption");
  const shownPath = (page: Page) =>
    dialog(page)
      .locator("img")
      .evaluate((img) => new URL((img as HTMLImageElement).src).pathname);
  /**
   * Where focus ends up once the dialog's close event has run: the browser first puts it
   * back on the opener, then our handler moves it to the photo last shown.
   */
  const focusedHref = async (page: Page, expected: string) => {
    await page.waitForFunction((href) => document.activeElement?.getAttribute("href") === href, expected, { timeout: TIMEOUTS.poll }).catch(() => undefined);
    return page.evaluate(() => document.activeElement?.getAttribute("href"));
  };

  it.each([
    ["desktop", false],
    ["phone", true],
  ])("opens on a thumbnail, moves with Next and the arrow keys, closes with Escape back to the thumbnail (%s)", async (_device, phone) => {
    const { context, page } = await open(`/gallery/${gallery.id}`, { javaScriptEnabled: true, phone });
    await page.locator("a.gallery-thumb").first().click();
    await dialog(page).waitFor({ state: "visible" });
    expect(new URL(page.url()).pathname).toBe(`/gallery/${gallery.id}`);
    expect(await shownPath(page)).toBe(photos[0]!.path);
    expect(await caption(page).innerText()).toContain(`1 of ${photos.length}`);
    expect(await caption(page).innerText()).toContain(photos[0]!.alt);
    // The whole photo is on screen.
    const box = (await dialog(page).locator("img").boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    expect(await dialog(page).locator("button", { hasText: "Close" }).isVisible()).toBe(true);

    await dialog(page).locator("button", { hasText: "Next" }).click();
    expect(await caption(page).innerText()).toContain(`2 of ${photos.length}`);
    expect(await shownPath(page)).toBe(photos[1]!.path);
    await page.keyboard.press("ArrowRight");
    expect(await caption(page).innerText()).toContain(`3 of ${photos.length}`);
    await page.keyboard.press("ArrowLeft");
    expect(await caption(page).innerText()).toContain(`2 of ${photos.length}`);

    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "hidden" });
    // Back on the thumbnail of the photo last shown.
    expect(await focusedHref(page, photos[1]!.path)).toBe(photos[1]!.path);
    expect(await noHorizontalScroll(page)).toBe(true);
    await context.close();
  });

  it("wraps round with Previous, and closes with the Close button and on the backdrop", async () => {
    const { context, page } = await open(`/gallery/${gallery.id}`, { javaScriptEnabled: true });
    await page.locator("a.gallery-thumb").first().click();
    await dialog(page).locator("button", { hasText: "Previous" }).click();
    expect(await caption(page).innerText()).toContain(`${photos.length} of ${photos.length}`);
    await dialog(page).locator("button", { hasText: "Close" }).click();
    await dialog(page).waitFor({ state: "hidden" });
    expect(await focusedHref(page, photos[photos.length - 1]!.path)).toBe(photos[photos.length - 1]!.path);

    await page.locator("a.gallery-thumb").nth(3).click();
    await dialog(page).waitFor({ state: "visible" });
    expect(await caption(page).innerText()).toContain(`4 of ${photos.length}`);
    // A click on the image itself keeps it open; one beside the dialog closes it.
    await dialog(page).locator("img").click();
    expect(await dialog(page).isVisible()).toBe(true);
    await page.mouse.click(5, 5);
    await dialog(page).waitFor({ state: "hidden" });
    expect(await focusedHref(page, photos[3]!.path)).toBe(photos[3]!.path);
    await context.close();
  });

  // Laptop screens are short: with a portrait photo the figure must shrink, not push the buttons off screen.
  it.each([
    [1280, 800],
    [1366, 768],
  ])("keeps Close, Previous and Next on screen with a portrait photo at %i×%i", async (width, height) => {
    const context = await newContext(browser, { viewport: { width, height } });
    const page = await context.newPage();
    await page.goto(`/gallery/${gallery.id}`);
    await hydrated(page);
    const portrait = photos.findIndex((photo) => (photo.height ?? 0) > (photo.width ?? 0));
    expect(portrait).toBeGreaterThanOrEqual(0);
    await page.locator("a.gallery-thumb").nth(portrait).click();
    await dialog(page).waitFor({ state: "visible" });
    await dialog(page)
      .locator("img")
      .evaluate((img) => (img as HTMLImageElement).decode());
    for (const name of ["Close", "Previous", "Next"]) {
      const button = dialog(page).locator("button", { hasText: name });
      // Inside the viewport as drawn, with no scrolling of the dialog needed.
      const box = await button.evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
      expect(box.top, name).toBeGreaterThanOrEqual(0);
      expect(box.bottom, name).toBeLessThanOrEqual(height);
      expect(box.left, name).toBeGreaterThanOrEqual(0);
      expect(box.right, name).toBeLessThanOrEqual(width);
    }
    // The photo gives way, but stays large: over half the screen's height.
    const photo = (await dialog(page).locator("img").boundingBox())!;
    expect(photo.height).toBeGreaterThan(height / 2);
    // The dialog itself fits: nothing in it is reached only by scrolling.
    expect(await dialog(page).evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
    await context.close();
  });
});
