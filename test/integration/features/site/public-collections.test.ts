import { describe, expect, inject, it } from "vitest";
import { client } from "../../../support/client";
import { PUBLIC_HTML_CACHE_CONTROL } from "~/kernel/http/cache-control.server";
import { PRIVATE_CACHE_CONTROL } from "~/kernel/http/response-headers";
import { demoEvents, demoGalleries, demoOfficeBearers, demoPreviousTeams, demoSettings } from "../../../../seed/demo-content";
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

/** Text as React escapes it, read back. */
function unescape(text: string): string {
  return text
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The first capture group of every match, unescaped. */
function all(html: string, pattern: RegExp): string[] {
  return [...html.matchAll(pattern)].map((m) => unescape(m[1]!));
}

function attribute(tag: string, name: string): string | null {
  const value = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  return value === undefined ? null : unescape(value);
}

/** Each `<li class="…className…">…</li>` (the page's lists have no nested <li> there). */
function items(html: string, className: string): string[] {
  return all(html, new RegExp(`<li class="[^"]*\\b${className}\\b[^"]*">(.*?)</li>`, "gs"));
}

function mainOf(html: string): string {
  return /<main[^>]*>(.*)<\/main>/s.exec(html)?.[1] ?? "";
}

function expectPageShell(html: string, title: string, trail: Array<[string, string | null]>) {
  expect(html).toContain(`<title>${title} | Manchester Mosaic Association</title>`);
  expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
  const crumbs = /<nav aria-label="Breadcrumb"[^>]*>(.*?)<\/nav>/s.exec(html)?.[1] ?? "";
  const links = [...crumbs.matchAll(/<li>(?:<a [^>]*href="([^"]*)"[^>]*>|<span[^>]*>)([^<]*)</g)].map((m) => [unescape(m[2]!), m[1] ?? null]);
  expect(links).toEqual([["Home", "/home"], ...trail]);
}

describe("/office-bearers", () => {
  it("shows the current team in order under the site's title, then the previous teams newest first", async () => {
    const { response, html } = await get("/office-bearers");
    expect(response.status).toBe(200);
    expectPageShell(html, "Office Bearers", [["Office Bearers", null]]);
    expect(mainOf(html)).toContain(`>${settings.latestOfficeBearersTitle}</h2>`);

    const cards = items(html, "bearer-card");
    expect(cards.map((card) => all(card, /<h3>(.*?)<\/h3>/g)[0])).toEqual(bearers.map((b) => b.name));
    expect(cards.map((card) => all(card, /class="bearer-role">(.*?)</g)[0])).toEqual(bearers.map((b) => b.role));
    cards.forEach((card, index) => {
      const img = /<img [^>]*>/.exec(card)![0];
      expect(attribute(img, "src")).toBe(bearers[index]!.photo!.path);
      expect([attribute(img, "width"), attribute(img, "height")]).toEqual(["400", "400"]);
      expect(attribute(img, "loading")).toBe(index === 0 ? "eager" : "lazy");
    });

    expect(html).toContain(">Previous teams</h2>");
    const details = all(html, /<details class="previous-team">(.*?)<\/details>/gs);
    expect(details.map((d) => all(d, /<summary>(.*?)<\/summary>/g)[0])).toEqual(teams.map((t) => t.title));
    // The content is there (collapsed), sanitized HTML rendered as HTML.
    expect(details[0]).toContain("<li>President: Team member 1A</li>");
  });
});

describe("/event", () => {
  it("lists the events oldest first with month, date and a link to each", async () => {
    const { response, html } = await get("/event");
    expect(response.status).toBe(200);
    expectPageShell(html, "Event Calendar", [["Event Calendar", null]]);
    const rows = items(html, "event-item").map((row) => {
      const link = /<a ([^>]*)>(.*?)<\/a>/s.exec(row)!;
      return {
        month: all(row, /class="event-month">(.*?)</g)[0],
        date: all(row, /class="event-day">(.*?)</g)[0],
        name: unescape(link[2]!),
        href: attribute(link[1]!, "href"),
        target: attribute(link[1]!, "target"),
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
    const cards = items(html, "gallery-card").map((card) => {
      const img = /<img [^>]*>/.exec(card)![0];
      return {
        href: attribute(/<a [^>]*>/.exec(card)![0], "href"),
        title: all(card, /<a [^>]*>(.*?)<\/a>/g)[0],
        count: all(card, /class="gallery-card-count">(.*?)</g)[0],
        cover: [attribute(img, "src"), attribute(img, "width"), attribute(img, "height")],
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
    expect(mainOf(html)).toMatch(/<a class="button button-secondary"[^>]* href="\/gallery">.*?Back<\/a>/);
    const thumbs = [...html.matchAll(/<a href="([^"]*)" class="gallery-thumb">(<img [^>]*>)<\/a>/g)];
    expect(thumbs.map((m) => m[1])).toEqual(gallery.images.map((image) => image.path));
    thumbs.forEach(([, href, img], index) => {
      const image = gallery.images[index]!;
      expect(attribute(img!, "src")).toBe(href);
      expect(attribute(img!, "alt")).toBe(image.alt);
      expect([attribute(img!, "width"), attribute(img!, "height")]).toEqual([String(image.width), String(image.height)]);
      expect(attribute(img!, "loading")).toBe(index === 0 ? "eager" : "lazy");
    });
    // The lightbox is there, closed, for when JavaScript runs.
    expect(html).toMatch(/<dialog class="lightbox"[^>]*>/);
    expect(html).not.toMatch(/<dialog[^>]* open/);
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
    expect(html).toContain(">My Account</a>");
  });
});
