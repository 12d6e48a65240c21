import { describe, expect, inject, it } from "vitest";
import { client } from "../../../support/client";
import { PUBLIC_HTML_CACHE_CONTROL } from "~/kernel/http/cache-control.server";
import { PRIVATE_CACHE_CONTROL } from "~/kernel/http/response-headers";
import { demoEvents, demoGalleries, demoOfficeBearers, demoPreviousTeams, demoSettings } from "../../../../seed/demo-content";
import type { Element } from "domhandler";
import { documentTitle, metaContent, parseHtml, textOf, within, type ParsedPage } from "../../../support/html";
import { demoAccount, sessionCookieFor } from "../../../support/session";

/** The demo as the test server seeded it today (only titles depend on the date). */
const now = Math.floor(Date.now() / 1000);
const year = new Date().getUTCFullYear();
const settings = demoSettings(year);
const bearers = demoOfficeBearers();
const teams = demoPreviousTeams(now, year).sort((a, b) => b.createdAt - a.createdAt);
const events = demoEvents(now, year).sort((a, b) => a.createdAt - b.createdAt);
const galleries = demoGalleries(now, year);

async function get(path: string, cookie?: string) {
  const response = await client(inject("baseURL")).get(path, { cookie });
  return { response, html: await response.text() };
}

/** The texts of the elements the selector matches. */
const texts = (page: ParsedPage | ReturnType<typeof within>, selector: string) => page.all(selector).map((element) => textOf(element));

/** An attribute of an element, or null when it has none. */
const attr = (element: Element | null | undefined, name: string) => element?.attribs[name] ?? null;

function expectPageShell(html: string, title: string, trail: Array<[string, string | null]>) {
  const page = parseHtml(html);
  expect(documentTitle(html)).toBe(`${title} | Manchester Mosaic Association`);
  expect(metaContent(html, "description")?.length ?? 0).toBeGreaterThanOrEqual(20);
  const crumbs = page.one('nav[aria-label="Breadcrumb"]');
  const links = (crumbs ? within(crumbs).all("li") : []).map((li) => {
    const link = within(li).one("a");
    return [textOf(link ?? within(li).one("span")!), attr(link, "href")];
  });
  expect(links).toEqual([["Home", "/home"], ...trail]);
}

describe("/office-bearers", () => {
  it("shows the current team in order under the site's title, then the previous teams newest first", async () => {
    const { response, html } = await get("/office-bearers");
    expect(response.status).toBe(200);
    expectPageShell(html, "Office Bearers", [["Office Bearers", null]]);
    const page = parseHtml(html);
    expect(texts(page, "main h2")).toContain(settings.latestOfficeBearersTitle);

    const cards = page.all("li.bearer-card").map(within);
    expect(cards.map((card) => card.text("h3"))).toEqual(bearers.map((b) => b.name));
    expect(cards.map((card) => card.text(".bearer-role"))).toEqual(bearers.map((b) => b.role));
    cards.forEach((card, index) => {
      const img = card.one("img");
      expect(attr(img, "src")).toBe(bearers[index]!.photo!.path);
      expect([attr(img, "width"), attr(img, "height")]).toEqual(["400", "400"]);
      expect(attr(img, "loading")).toBe(index === 0 ? "eager" : "lazy");
    });

    expect(texts(page, "h2")).toContain("Previous teams");
    const details = page.all("details.previous-team").map(within);
    expect(details.map((d) => d.text("summary"))).toEqual(teams.map((t) => t.title));
    // The content is there (collapsed), sanitized HTML rendered as HTML.
    expect(texts(details[0]!, "li")).toContain("President: Team member 1A");
  });
});

describe("/event", () => {
  it("lists the events oldest first with month, date and a link to each", async () => {
    const { response, html } = await get("/event");
    expect(response.status).toBe(200);
    expectPageShell(html, "Event Calendar", [["Event Calendar", null]]);
    const rows = parseHtml(html)
      .all("li.event-item")
      .map((item) => {
        const row = within(item);
        const link = row.one("a")!;
        return {
          month: row.text(".event-month"),
          date: row.text(".event-day"),
          name: textOf(link),
          href: attr(link, "href"),
          target: attr(link, "target"),
        };
      });
    expect(rows).toEqual(events.map((e) => ({ month: e.month, date: e.date, name: e.name, href: e.url, target: null })));
  });
});

describe("/gallery", () => {
  it("shows a card per gallery with its cover, title, photo count and link", async () => {
    const { response, html } = await get("/gallery");
    expect(response.status).toBe(200);
    expectPageShell(html, "Gallery", [["Gallery", null]]);
    const cards = parseHtml(html)
      .all("li.gallery-card")
      .map((item) => {
        const card = within(item);
        const img = card.one("img");
        return {
          href: attr(card.one("a"), "href"),
          title: card.text("a"),
          count: card.text(".gallery-card-count"),
          cover: [attr(img, "src"), attr(img, "width"), attr(img, "height")],
        };
      });
    expect(cards).toEqual(
      galleries.map((g) => ({
        href: `/gallery/${g.id}`,
        title: g.title,
        count: `${g.images.length} photos`,
        cover: [g.featuredImage.path, String(g.featuredImage.width), String(g.featuredImage.height)],
      })),
    );
    expect(cards.map((c) => c.count)).toEqual(["6 photos", "5 photos", "4 photos", "6 photos"]);
  });
});

describe("/gallery/{id}", () => {
  it.each(galleries.map((g) => [g.title, g] as const))("shows every photo of %s as a thumbnail linking to the full image", async (_title, gallery) => {
    const { response, html } = await get(`/gallery/${gallery.id}`);
    expect(response.status).toBe(200);
    expectPageShell(html, gallery.title, [
      ["Gallery", "/gallery"],
      [gallery.title, null],
    ]);
    const page = parseHtml(html);
    expect(texts(page, 'main a[class="button button-secondary"][href="/gallery"]').some((text) => text.endsWith("Back"))).toBe(true);
    const thumbs = page.all('a[class="gallery-thumb"]');
    expect(thumbs.map((a) => attr(a, "href"))).toEqual(gallery.images.map((image) => image.path));
    thumbs.forEach((thumb, index) => {
      const image = gallery.images[index]!;
      const img = within(thumb).one("img");
      expect(attr(img, "src")).toBe(attr(thumb, "href"));
      expect(attr(img, "alt")).toBe(image.alt);
      expect([attr(img, "width"), attr(img, "height")]).toEqual([String(image.width), String(image.height)]);
      expect(attr(img, "loading")).toBe(index === 0 ? "eager" : "lazy");
    });
    // The lightbox is there, closed, for when JavaScript runs.
    expect(page.one('dialog[class="lightbox"]')).not.toBeNull();
    expect(page.all("dialog[open]")).toEqual([]);
  });

  it("sends an unknown gallery back to /gallery", async () => {
    for (const path of ["/gallery/unknown-id", `/gallery/${galleries[0]!.id}x`]) {
      const { response } = await get(path);
      expect([302, 303], path).toContain(response.status);
      expect(response.headers.get("Location"), path).toBe("/gallery");
    }
  });

  it("serves the full images the thumbnails link to", async () => {
    const path = galleries[1]!.images[2]!.path;
    const response = await fetch(`${inject("baseURL")}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("image/");
  });
});

describe("caching of these pages", () => {
  const paths = ["/office-bearers", "/event", "/gallery", `/gallery/${galleries[0]!.id}`];

  it.each(paths)("lets shared caches keep %s for a visitor", async (path) => {
    const { response } = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe(PUBLIC_HTML_CACHE_CONTROL);
    expect(response.headers.get("Vary")).toContain("Cookie");
  });

  it.each(paths)("keeps %s private for a signed-in member", async (path) => {
    const cookie = await sessionCookieFor(demoAccount("member").id);
    const { response, html } = await get(path, cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe(PRIVATE_CACHE_CONTROL);
    expect(texts(parseHtml(html), "a").some((text) => text.endsWith("My Account"))).toBe(true);
  });
});
