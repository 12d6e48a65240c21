import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDemo } from "../../../../seed/demo";
import { DESKTOP, PHONE, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { TIMEOUTS } from "../../../support/time-budget";
import { DEMO_EVENT_ID } from "../../../support/book-ticket";
import { eventDetails } from "~/features/tickets";

const demo = await buildDemo();
const published = demo.news.filter((item) => item.published).sort((a, b) => b.createdAt - a.createdAt);
/** The seeded event (an event record, ADR 60): what the home page and /event show. */
const demoEvent = demo.eventRecords[0]!;
const { when, venue } = eventDetails(demoEvent);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(path: string, options: { javaScript: boolean; device?: typeof DESKTOP | typeof PHONE }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { ...(options.device ?? DESKTOP), javaScriptEnabled: options.javaScript });
  const page = await context.newPage();
  await page.goto(path);
  if (options.javaScript) await hydrated(page);
  return { context, page };
}

const selectedSlideTitle = (page: Page) => page.locator(".hero-slider li.slide.selected h2").first().innerText();

for (const javaScript of [true, false]) {
  const mode = javaScript ? "with JavaScript" : "without JavaScript";

  describe(`home ${mode}`, () => {
    it("shows the first slide, the upcoming event, the video, five news items and the call-out", async () => {
      const { context, page } = await open("/", { javaScript });
      expect(await selectedSlideTitle(page)).toBe(demo.slides[0]!.title);
      await expect(page.locator(".hero-slider li.slide.selected img").first().isVisible()).resolves.toBe(true);
      const event = page.locator(".upcoming-event");
      expect(await event.locator("h2").innerText()).toBe(demoEvent.title);
      expect(await event.locator("dl.event-facts dd").allInnerTexts()).toEqual([when, venue]);
      expect(await event.locator("a.button").getAttribute("href")).toBe(`/book-ticket/${DEMO_EVENT_ID}`);
      expect(await event.locator("a.button").innerText()).toBe(demo.settings.upcomingEvent.buttonText);
      expect(await page.locator(".video-block video source").getAttribute("src")).toBe("/demo/event/highlights.webm");
      expect(await page.locator(".news-list h3").allInnerTexts()).toEqual(published.slice(0, 5).map((item) => item.title));
      expect(await page.locator('.contact-callout a[href^="tel:"]').innerText()).toBe(demo.settings.primaryContactNumber);
      // Arrows and dots only exist where they work.
      expect(await page.locator(".hero-arrow").count()).toBe(javaScript ? 2 : 0);
      expect(await page.locator(".hero-dot").count()).toBe(javaScript ? demo.slides.length : 0);
      await context.close();
    });

    it("/event: the event with its date and venue, and its Book tickets link leads to its booking", async () => {
      const { context, page } = await open("/event", { javaScript });
      const item = page.locator("#coming-up + .event-list .event-item").first();
      expect(await item.locator(".event-name").innerText()).toBe(demoEvent.title);
      expect(await item.locator("dl.event-facts dd").allInnerTexts()).toEqual([when, venue]);
      await item.getByRole("link", { name: `Book tickets for ${demoEvent.title}` }).click();
      // A visitor is sent to sign in, with the way back to this event's booking.
      await page.waitForURL((url) => url.pathname === "/login" && (url.searchParams.get("redirectTo") ?? "").startsWith(`/book-ticket/${DEMO_EVENT_ID}`));
      await context.close();
    });

    it("news: list → detail → Back", async () => {
      const { context, page } = await open("/blog", { javaScript });
      const item = published[1]!;
      expect(await page.locator(".news-list h2").allInnerTexts()).toEqual(published.map((n) => n.title));
      await page.locator(`a[aria-label="Click here to read more: ${item.title}"]`).click();
      await page.waitForURL(`**/blog-details/${item.id}`);
      await page.getByRole("heading", { level: 1, name: item.title }).waitFor();
      expect(await page.locator(".news-article time").innerText()).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
      expect(await page.locator('nav[aria-label="Breadcrumb"] a').allInnerTexts()).toEqual(["Home", "News"]);
      await page.getByRole("link", { name: "Back", exact: true }).click();
      await page.waitForURL("**/blog");
      await page.getByRole("heading", { level: 1, name: "News" }).waitFor();
      await context.close();
    });
  });
}

describe("home slider with JavaScript", () => {
  it("advances on its own every 2.5 s with a fade, and the arrows and dots move it", async () => {
    const { context, page } = await open("/", { javaScript: true });
    // Autoplay stops while the pointer is over it; keep the pointer away.
    await page.mouse.move(0, 0);
    await page.waitForFunction((first) => document.querySelector(".hero-slider li.slide.selected h2")?.textContent !== first, demo.slides[0]!.title, {
      timeout: TIMEOUTS.poll,
    });
    expect(await selectedSlideTitle(page)).toBe(demo.slides[1]!.title);
    // Banners after the first are drawn once the page has loaded or as their slide comes up: each shows with its slide.
    await page.locator(".hero-slider li.slide.selected img").first().waitFor({ state: "visible" });
    const style = await page.locator(".hero-slider li.slide.selected").first().getAttribute("style");
    expect(style).toMatch(/transition-duration:\s*1200ms/);
    await page.getByRole("button", { name: `Show slide 3 of ${demo.slides.length}` }).click();
    await page.waitForFunction((title) => document.querySelector(".hero-slider li.slide.selected h2")?.textContent === title, demo.slides[2]!.title);
    await page.locator(".hero-slider li.slide.selected img").first().waitFor({ state: "visible" });
    await page.locator(".hero-arrow-next").click();
    await page.waitForFunction((title) => document.querySelector(".hero-slider li.slide.selected h2")?.textContent === title, demo.slides[0]!.title);
    await context.close();
  });
});

describe("about us and school: the video", () => {
  for (const path of ["/about", "/school"]) {
    it(`${path}: the play button opens the video in a modal, and Close and Escape close it`, async () => {
      const { context, page } = await open(path, { javaScript: true });
      const dialog = page.locator("dialog.video-modal");
      await expect(dialog.isVisible()).resolves.toBe(false);
      await page.locator(".play-button").click();
      await dialog.waitFor({ state: "visible" });
      expect(await dialog.locator("iframe").getAttribute("src")).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/aqz-KE-bpKQ\?/);
      await dialog.getByRole("button", { name: "Close" }).click();
      await dialog.waitFor({ state: "hidden" });
      // Closing removes the player, so the video stops.
      await dialog.locator("iframe").waitFor({ state: "detached" });
      await page.locator(".play-button").click();
      await dialog.waitFor({ state: "visible" });
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      expect(page.url()).toMatch(new RegExp(`${path}$`));
      await context.close();
    });
  }

  it("without JavaScript the play button is a link to the video", async () => {
    const { context, page } = await open("/about", { javaScript: false });
    expect(await page.locator(".play-button").getAttribute("href")).toBe("https://www.youtube.com/watch?v=aqz-KE-bpKQ");
    expect(await page.locator("h1").innerText()).toBe("About Us");
    expect(await page.locator(".info-page .eyebrow").innerText()).toBe("ABOUT US");
    await context.close();
  });
});

describe("phones (360 px)", () => {
  for (const path of ["/", "/about", "/school", "/blog", `/blog-details/${published[0]!.id}`]) {
    it(`${path} fits without horizontal scrolling`, async () => {
      const { context, page } = await open(path, { javaScript: true, device: PHONE });
      const [scrollWidth, clientWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      expect(clientWidth).toBe(360);
      await context.close();
    });
  }
});
