import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { CalendarEvent } from "~/kernel/store/records";
import { parseHtml } from "../../../support/html";

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

async function render(events: CalendarEvent[]): Promise<string> {
  const context = { content: { listEvents: async () => events } } as unknown as AppLoadContext;
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
    for (const name of ["No link", "Script", "Data"]) expect(html).toContain(`<h2 class="event-name">${name}</h2>`);
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

  it("says so when there are no events", async () => {
    const html = await render([]);
    expect(html).not.toContain("event-list");
    expect(html).toContain('<p class="empty-state">There are no events in the calendar yet.');
  });
});
