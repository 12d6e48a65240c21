import { describe, expect, inject, it } from "vitest";
import { client } from "../../../support/client";
import { documentTitle, linkTexts, metaContent, parseHtml, textOf, within } from "../../../support/html";
import { formatNewsDate } from "~/kernel/dates/dates";
import { buildDemo } from "../../../../seed/demo";
import { demoAccount } from "../../../support/session";
import { DEMO_EVENT_ID } from "../../../support/book-ticket";
import { eventDetails } from "~/features/tickets";

const base = () => inject("baseURL");
const demo = await buildDemo();
const published = demo.news.filter((item) => item.published).sort((a, b) => b.createdAt - a.createdAt);
const draft = demo.news.find((item) => !item.published)!;

async function get(path: string, userId?: string) {
  const response = await client(base()).as(userId).get(path);
  return { response, html: await response.text() };
}

/** Text as React writes it into HTML. */
const esc = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

describe("home", () => {
  it("shows the slider, the upcoming event, the video, the latest five news and the call-out", async () => {
    const { response, html } = await get("/");
    expect(response.status).toBe(200);
    for (const slide of demo.slides) {
      expect(html).toContain(esc(slide.title));
      expect(html).toContain(slide.smallText);
      expect(html).toContain(slide.bannerImage.path);
    }
    // Only the first slide shows before JavaScript runs (the infinite loop adds a copy of it).
    const page = parseHtml(html);
    const selected = page.all('li[class^="slide selected"]');
    expect(selected.length).toBeGreaterThan(0);
    for (const slide of selected) expect(textOf(slide)).toContain(demo.slides[0]!.title);
    // The next event is the seeded record (docs/requirements.md §1.4); the button's words and the video are the settings'.
    const event = demo.eventRecords[0]!;
    const shown = demo.settings.upcomingEvent;
    const block = within(page.one("section.upcoming-event")!);
    expect(block.text("h2#upcoming-event")).toBe(event.title);
    expect(block.all("strong").map(textOf)).toContain("Members only.");
    const { when, venue } = eventDetails(event);
    expect(when).toMatch(/^[A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ \d{4}, 6pm$/);
    expect(block.all("dl.event-facts > div").map((row) => [within(row).text("dt"), within(row).text("dd")])).toEqual([
      ["When", when],
      ["Where", venue],
    ]);
    expect(block.one("time")?.attribs.datetime).toBe(event.date);
    expect(block.all("a.button").map((a) => [a.attribs.href, textOf(a)])).toEqual([[`/book-ticket/${DEMO_EVENT_ID}`, shown.buttonText]]);
    expect(block.one("img")?.attribs.src).toBe(event.image!.path);
    expect(html).toContain(esc(shown.videoTitle));
    const video = page.one('video[controls][preload="metadata"]');
    expect(video).not.toBeNull();
    expect(
      within(video!)
        .all("source")
        .map((source) => [source.attribs.src, source.attribs.type]),
    ).toEqual([["/demo/event/highlights.webm", "video/webm"]]);
    expect(textOf(video!)).toBe("Your browser does not support the video tag.");
    const newsOnPage = published.filter((item) => html.includes(`href="/blog-details/${item.id}"`));
    expect(newsOnPage.map((item) => item.title)).toEqual(published.slice(0, 5).map((item) => item.title));
    expect(page.one('a[href="tel:+441614960000"]')).not.toBeNull();
    expect(linkTexts(html, "mailto:info@example.org")).toContain("info@example.org");
    expect(documentTitle(html)).toBe("Home | Manchester Mosaic Association");
    expect(metaContent(html, "og:image")).toMatch(/^http:\/\/.+\/demo\/slides\/slide-1\.svg$/);
  });

  it("/home is the same page", async () => {
    const { response, html } = await get("/home");
    expect(response.status).toBe(200);
    expect(html).toContain(demo.slides[0]!.title);
  });
});

describe("about us and school", () => {
  for (const [path, key, title] of [
    ["/about", "aboutUs", "About Us"],
    ["/school", "aboutSchool", "School"],
  ] as const) {
    it(`${path}: title, breadcrumbs, image, pre-title, descriptions and the video link`, async () => {
      const page = demo.pages[key];
      const { response, html } = await get(path);
      expect(response.status).toBe(200);
      const parsed = parseHtml(html);
      expect(parsed.all("h1").map(textOf)).toEqual([title]);
      expect(parsed.text('nav[aria-label="Breadcrumb"] > ol > li:first-child > a[href="/home"]')).toBe("Home");
      expect(html).toContain(page.image!.path);
      expect(parsed.all("p.eyebrow").map(textOf)).toContain(page.preTitle);
      expect(html).toContain(esc(page.title));
      expect(html).toContain(page.descriptionHtml);
      expect(html).toContain(page.description2Html);
      // Without JavaScript the play button is a plain link to the video.
      expect(parsed.one(`a[href="https://www.youtube.com/watch?v=${page.youtubeVideoId}"]`)).not.toBeNull();
      expect(metaContent(html, "description")).toBeTruthy();
    });
  }
});

describe("news", () => {
  it("/blog lists every published item with image, title, excerpt and read-more link, newest first", async () => {
    const { response, html } = await get("/blog");
    expect(response.status).toBe(200);
    const page = parseHtml(html);
    const order = page.all('h2 > a[href^="/blog-details/"]').map((a) => a.attribs.href!.replace("/blog-details/", ""));
    expect(order).toEqual(published.map((item) => item.id));
    expect(page.all("a").filter((a) => textOf(a) === "Click here to read more...")).toHaveLength(published.length);
    expect(html).not.toContain(esc(draft.title));
    for (const item of published) expect(html).toContain(item.image!.path);
  });

  it("/blog-details/{id}: image, the news date (day plus one), title, content, Back to /blog, and Open Graph", async () => {
    const item = published[2]!;
    const { response, html } = await get(`/blog-details/${item.id}`);
    expect(response.status).toBe(200);
    expect(parseHtml(html).all("h1").map(textOf)).toContain(item.title);
    expect(parseHtml(html).all("time").map(textOf)).toContain(formatNewsDate(item.createdAt));
    expect(html).toContain(item.contentHtml);
    expect(linkTexts(html, "/blog")).toEqual(expect.arrayContaining(["Back", "News"]));
    expect(metaContent(html, "og:image")).toMatch(new RegExp(`^http://.+${item.image!.path.replace(/\./g, "\\.")}$`));
    expect(metaContent(html, "og:type")).toBe("article");
    expect(documentTitle(html)).toBe(`${item.title} | Manchester Mosaic Association`);
  });

  it("an unknown or unpublished id is the 404 page with status 404", async () => {
    for (const id of ["ffffffffffffffffffffffff", draft.id, "not-an-id"]) {
      const { response, html } = await get(`/blog-details/${id}`);
      expect(response.status, id).toBe(404);
      expect(html).toContain("Page not found");
    }
  });
});

describe("caching", () => {
  it("a visitor's page may be cached briefly; a member's never", async () => {
    const visitor = await get("/blog");
    expect(visitor.response.headers.get("Cache-Control")).toBe("public, max-age=60, s-maxage=300, stale-while-revalidate=600");
    expect(visitor.response.headers.get("Vary")).toContain("Cookie");
    const member = await get("/blog", demoAccount("member").id);
    expect(member.response.status).toBe(200);
    expect(member.response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("a visitor's page is rendered once and then answered from the page cache; nothing personal is", async () => {
    await get("/office-bearers");
    const again = await get("/office-bearers");
    expect(again.response.headers.get("X-Page-Cache")).toBe("hit");
    expect(parseHtml(again.html).text("h1")).toBe("Office Bearers");
    const member = await get("/office-bearers", demoAccount("member").id);
    expect(member.response.headers.get("X-Page-Cache")).toBeNull();
    expect(member.html).toContain("My Account");
    expect((await get("/office-bearers?utm=1")).response.headers.get("X-Page-Cache")).toBeNull();
    for (let i = 0; i < 2; i += 1) expect((await get("/no-such-page")).response.headers.get("X-Page-Cache")).toBe("miss");
  });

  it("the 404 page is not cached as public", async () => {
    const { response } = await get("/blog-details/ffffffffffffffffffffffff");
    expect(response.headers.get("Cache-Control") ?? "").not.toContain("public");
  });
});
