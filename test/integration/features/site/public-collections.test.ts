import { describe, expect, inject, it } from "vitest";
import { client } from "../../../support/client";
import { PUBLIC_HTML_CACHE_CONTROL } from "~/kernel/http/cache-control.server";
import { PRIVATE_CACHE_CONTROL } from "~/kernel/http/response-headers";
import { demoEvents, demoGalleries, demoOfficeBearers, demoPreviousTeams, demoSettings } from "../../../../seed/demo-content";
import type { Element } from "domhandler";
import { documentTitle, metaContent, parseHtml, textOf, within, type ParsedPage } from "../../../support/html";
import { demoAccount, sessionCookieFor } from "../../../support/session";
import { afterAll, beforeAll } from "vitest";
import { DEMO_EVENT_ID, withDb } from "../../../support/book-ticket";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { d1Events } from "~/kernel/store/d1/events.server";
import { eventDetails, formatEventDate } from "~/features/tickets";
import type { EventRecord } from "~/kernel/store/records";

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

/** The text next to a term ("When", "Where") in the facts of a row or block, "" when it has none. */
function fact(scope: ReturnType<typeof within>, term: string): string {
  const entry = scope.all("dl.event-facts > div").find((row) => within(row).text("dt") === term);
  return entry ? within(entry).text("dd") : "";
}

/** The rows of one list on /event ("Coming up" or "Also in the calendar"), as a visitor reads them. */
function eventRows(html: string, heading: string) {
  const group = parseHtml(html)
    .all("section.event-group")
    .find((section) => within(section).text("h2") === heading);
  return (group ? within(group).all("li.event-item") : []).map((item) => {
    const row = within(item);
    const link = row.one(".event-name a");
    const book = row.one("a.button");
    return {
      name: row.text(".event-name"),
      href: attr(link, "href"),
      target: attr(link, "target"),
      badge: [row.text(".event-month"), row.text(".event-day"), row.text(".event-year")],
      when: row.text("time"),
      day: attr(row.one("time"), "datetime"),
      venue: fact(row, "Where"),
      book: attr(book, "href"),
    };
  });
}

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

describe("/event", () => {
  it("lists the event to book first, with its date, venue and booking link", async () => {
    const { response, html } = await get("/event");
    expect(response.status).toBe(200);
    expectPageShell(html, "Event Calendar", [["Event Calendar", null]]);
    const { when, venue } = eventDetails({
      date: settings.upcomingEvent.date,
      startTime: settings.upcomingEvent.startTime,
      venue: settings.upcomingEvent.venue,
    });
    expect(eventRows(html, "Coming up")).toEqual([
      {
        name: settings.tickets.title,
        href: null,
        target: null,
        badge: ["DEC", "27", String(year)],
        when,
        day: settings.upcomingEvent.date,
        venue,
        book: `/book-ticket/${DEMO_EVENT_ID}`,
      },
    ]);
  });

  it("then the calendar entries oldest first, each with its month, date, year and a link", async () => {
    const { html } = await get("/event");
    const rows = eventRows(html, "Also in the calendar");
    expect(rows.map(({ name, href, target }) => ({ name, href, target }))).toEqual(events.map((e) => ({ name: e.name, href: e.url, target: null })));
    // The entries have no year: the seed's names give this year's (docs/requirements.md §1.6).
    const day = (e: (typeof events)[number]) => `${year}-${String(MONTHS.indexOf(e.month) + 1).padStart(2, "0")}-${e.date}`;
    expect(rows.map((row) => [row.badge, row.day, row.when])).toEqual(events.map((e) => [[e.month, e.date, String(year)], day(e), formatEventDate(day(e))]));
    expect(rows.every((row) => row.book === null)).toBe(true);
  });
});

describe("/event and the home page with several events", () => {
  let server: SeededServer;
  const later = `${year + 1}-02-14`;
  const made: Record<string, EventRecord> = {};
  const base = async (db: D1Database) => (await d1Events(db).get(DEMO_EVENT_ID))!;

  beforeAll(async () => {
    server = await startSeededServer({
      prepare: async (db) => {
        const events = d1Events(db);
        const demo = await base(db);
        const fields = (title: string, change: Partial<EventRecord> = {}) => ({
          ...demo,
          date: later,
          startTime: "19:30",
          venue: "Didsbury Sports Hall",
          bookingOpensOn: `${year + 1}-01-10`,
          tickets: { ...demo.tickets, title, lastBookingDate: `${year + 1}-02-10` },
          ...change,
        });
        made.second = await events.create(fields("Valentine's Dance"));
        made.draft = await events.create(fields("Draft Quiz Night", { published: false }));
        const cancelled = await events.create(fields("Cancelled Picnic"));
        made.cancelled = (await events.setCancelled(cancelled.id, Math.floor(Date.now() / 1000)))!;
        // Undated: shown (last) while its booking is open, gone once it has closed (event-schedule eventOver).
        made.undated = await events.create(fields("Quiz Night (date to follow)", { date: "", startTime: "", bookingOpensOn: "" }));
        made.undatedOver = await events.create(
          fields("Old Raffle", { date: "", bookingOpensOn: "", tickets: { ...demo.tickets, title: "Old Raffle", lastBookingDate: `${year - 1}-02-20` } }),
        );
        made.over = await events.create(
          fields("Last Year's Ball", {
            date: `${year - 1}-03-01`,
            tickets: { ...demo.tickets, title: "Last Year's Ball", lastBookingDate: `${year - 1}-02-20` },
          }),
        );
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const fetchPage = async (path: string) => (await fetch(`${server.url}${path}`)).text();

  it("/event lists every published, not cancelled, not over event soonest first; booking links only where booking is open", async () => {
    const rows = eventRows(await fetchPage("/event"), "Coming up");
    expect(rows.map((row) => row.name)).toEqual([settings.tickets.title, "Valentine's Dance", "Quiz Night (date to follow)"]);
    expect(rows[2]!.book).toBe(`/book-ticket/${made.undated!.id}`);
    expect(rows[2]!.when).toBe("");
    const second = rows[1]!;
    expect(second.when).toBe(`${formatEventDate(later)}, 7:30pm`);
    expect(second.day).toBe(later);
    expect(second.venue).toBe("Didsbury Sports Hall");
    // Its booking opens next year: no link yet, and the page says when.
    expect(second.book).toBeNull();
    expect(rows[0]!.book).toBe(`/book-ticket/${DEMO_EVENT_ID}`);
    const html = await fetchPage("/event");
    const item = parseHtml(html)
      .all("li.event-item")
      .find((li) => within(li).text(".event-name") === "Valentine's Dance")!;
    expect(within(item).text(".event-note")).toBe(`Booking opens on ${formatEventDate(`${year + 1}-01-10`)}.`);
    for (const hidden of ["Draft Quiz Night", "Cancelled Picnic", "Last Year's Ball", "Old Raffle"]) expect(rows.map((row) => row.name)).not.toContain(hidden);
  });

  it("an event's change is on /event and the home page at the next request, though both were cached", async () => {
    await fetchPage("/event");
    await fetchPage("/");
    const cached = await fetch(`${server.url}/event`);
    expect(cached.headers.get("X-Page-Cache")).toBe("hit");
    await withDb(server, async (db) => {
      const events = d1Events(db);
      await events.update(made.draft!.id, {
        ...made.draft!,
        published: true,
        date: `${year + 1}-01-05`,
        bookingOpensOn: "",
        // Rich text from the event's record is made safe as the CMS's is (docs/requirements.md §11.6).
        descriptionHtml: '<p>Teams of <strong>six</strong>.</p><script>alert(1)</script><img src="x" onerror="alert(1)">',
      });
      await events.setCancelled(DEMO_EVENT_ID, Math.floor(Date.now() / 1000));
    });
    const rows = eventRows(await fetchPage("/event"), "Coming up");
    expect(rows.map((row) => row.name)).toEqual(["Draft Quiz Night", "Valentine's Dance", "Quiz Night (date to follow)"]);
    expect(rows[0]!.book).toBe(`/book-ticket/${made.draft!.id}`);
    const home = parseHtml(await fetchPage("/"));
    const block = within(home.one("section.upcoming-event")!);
    expect(block.text("h2")).toBe("Draft Quiz Night");
    expect(fact(block, "Where")).toBe("Didsbury Sports Hall");
    expect(block.one("a.button")?.attribs.href).toBe(`/book-ticket/${made.draft!.id}`);
    expect(block.text(".rich-text")).toBe("Teams of six.");
    expect(block.all("script, [onerror]")).toEqual([]);
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
