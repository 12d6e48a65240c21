import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { CalendarEvent, EventRecord } from "~/kernel/store/records";
import { noEvent } from "~/features/tickets";
import { demoSettings } from "../../../../seed/demo-content";
import { parseHtml, textOf, within } from "../../../support/html";

// The page without a router: its loader's data is handed straight to the component.
const router = vi.hoisted(() => ({ data: undefined as unknown }));
vi.mock("@remix-run/react", () => ({
  useLoaderData: () => router.data,
  Link: ({ to, children, ...props }: { to: string; children: ReactNode }) => createElement("a", { href: to, ...props }, children),
}));
const { default: EventCalendar, loader } = await import("~/features/site/routes/event-calendar");

function event(name: string, url: string): CalendarEvent {
  return { id: name, month: "MAY", date: "01", name, url, createdAt: 0 };
}

/** An event record as listUpcoming returns it (published, not cancelled), far in the future so the test never dates. */
function record(id: string, change: Partial<EventRecord> = {}): EventRecord {
  const base = noEvent(demoSettings(2098).tickets);
  return { ...base, id, title: id, date: "2099-12-27", startTime: "18:00", venue: "Mosaic Hall", published: true, ...change };
}

const store = { events: { listUpcoming: vi.fn(async (): Promise<EventRecord[]> => []), hasAny: vi.fn(async () => true) } };

async function render(events: CalendarEvent[], records: EventRecord[] = []): Promise<string> {
  store.events.listUpcoming.mockClear().mockImplementation(async () => records);
  store.events.hasAny.mockClear();
  const context = { content: { listEvents: async () => events }, store } as unknown as AppLoadContext;
  router.data = await loader({ request: new Request("https://mma.example.org/event"), context, params: {} } as LoaderFunctionArgs);
  return renderToStaticMarkup(createElement(EventCalendar));
}

describe("the Event Calendar page", () => {
  it("opens links to other sites in a new tab, and our own in the same one", async () => {
    const html = await render([
      event("Ours", "/book-ticket"),
      event("Ours, absolute", "https://mma.example.org/blog"),
      event("Theirs", "https://tickets.example.com/party"),
    ]);
    expect(html).toContain('<a href="/book-ticket">Ours</a>');
    expect(html).toContain('<a href="https://mma.example.org/blog">Ours, absolute</a>');
    expect(html).toContain(
      '<a href="https://tickets.example.com/party" target="_blank" rel="noopener noreferrer">Theirs<span class="visually-hidden"> (opens in a new tab)</span></a>',
    );
  });

  it("shows the name without a link when the url is missing or unsafe", async () => {
    const html = await render([event("No link", ""), event("Script", "javascript:alert(1)"), event("Data", "data:text/html,x")]);
    const list = /<ol class="event-list">.*<\/ol>/s.exec(html)![0];
    expect(list).not.toContain("<a ");
    expect(html).not.toContain("javascript:");
    for (const name of ["No link", "Script", "Data"]) expect(html).toContain(`<h3 class="event-name">${name}</h3>`);
  });

  it("marks an entry whose day is before today (UK) as Past, seen and heard, and leaves the others unmarked", async () => {
    const html = await render([
      { id: "old", month: "JAN", date: "14", name: "Lunch 2001", url: "", createdAt: 0 },
      { id: "new", month: "DEC", date: "31", name: "Dinner 2099", url: "", createdAt: 0 },
    ]);
    expect(html).toContain('<li class="event-item event-past">');
    expect(html).toContain(
      '<p class="event-past-label"><span aria-hidden="true">Past</span><span class="visually-hidden">This event has already taken place</span></p>',
    );
    expect(parseHtml(html).all(".event-past-label")).toHaveLength(1);
  });

  it("shows each entry's full date with the year it works out", async () => {
    const html = await render([{ id: "d", month: "DEC", date: "31", name: "Dinner 2099", url: "", createdAt: 0 }, event("Undated", "")]);
    const rows = parseHtml(html).all("li.event-item").map(within);
    expect(rows[0]!.text(".event-year")).toBe("2099");
    expect(rows[0]!.one("time")?.attribs.datetime).toBe("2099-12-31");
    expect(rows[0]!.text("dd")).toBe("Thursday 31 December 2099");
  });

  it("lists the events first, each with its date, venue and a booking link only while booking is open", async () => {
    const tickets = (lastBookingDate: string) => ({ ...noEvent(demoSettings(2098).tickets).tickets, lastBookingDate });
    const html = await render(
      [event("Committee meeting", "")],
      [
        record("open", { tickets: tickets("2099-12-20") }),
        record("later", { bookingOpensOn: "2099-12-01", tickets: tickets("2099-12-20") }),
        record("closed", { tickets: tickets("2001-01-01") }),
      ],
    );
    const page = parseHtml(html);
    expect(page.all("section.event-group > h2").map(textOf)).toEqual(["Coming up", "Also in the calendar"]);
    const rows = within(page.all("section.event-group")[0]!)
      .all("li.event-item")
      .map((item) => {
        const row = within(item);
        return [
          row.text(".event-name"),
          row.text("time"),
          row.text("dl.event-facts > div:nth-child(2) > dd"),
          row.one("a.button")?.attribs.href ?? null,
          row.text(".event-note"),
        ];
      });
    expect(rows).toEqual([
      ["open", "Sunday 27 December 2099, 6pm", "Mosaic Hall", "/book-ticket/open", ""],
      ["later", "Sunday 27 December 2099, 6pm", "Mosaic Hall", null, "Booking opens on Tuesday 1 December 2099."],
      ["closed", "Sunday 27 December 2099, 6pm", "Mosaic Hall", null, "Booking has closed."],
    ]);
    expect(page.one('a.button[href="/book-ticket/open"]')?.attribs["aria-label"]).toBe("Book tickets for open");
  });

  it("leaves out an event whose day has passed (an undated one once its booking has closed)", async () => {
    const html = await render(
      [],
      [record("undated over", { date: "", tickets: { ...noEvent(demoSettings(2000).tickets).tickets, lastBookingDate: "2001-01-01" } })],
    );
    expect(parseHtml(html).all("li.event-item")).toHaveLength(0);
    expect(parseHtml(html).text("p.empty-state")).toBe("There are no events in the calendar yet. Please check back soon.");
  });

  it("looks for the settings' old event (one row read) only when no event came back", async () => {
    await render([], [record("open")]);
    expect(store.events.hasAny).not.toHaveBeenCalled();
    await render([], []);
    expect(store.events.hasAny).toHaveBeenCalledTimes(1);
    expect(store.events.listUpcoming).toHaveBeenCalledTimes(1);
  });

  it("says so when there are no events", async () => {
    const html = await render([]);
    expect(html).not.toContain("event-list");
    expect(html).toContain('<p class="empty-state">There are no events in the calendar yet.');
  });
});
