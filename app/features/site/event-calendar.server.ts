import type { AppLoadContext } from "@remix-run/cloudflare";
import { formatEventDate } from "~/features/tickets";
import { nowSeconds } from "~/kernel/store/ids";
import type { CalendarEvent } from "~/kernel/store/records";
import { calendarDay, isPastEvent, PAST_EVENT_LABEL, PAST_EVENT_TEXT } from "./calendar-event";
import { contentLink, type ContentLink } from "./content-link";
import { BOOK_TICKETS, eventFacts, eventPageEvents, type EventFact, type PublicEvent } from "./public-events.server";

/**
 * What /event shows (docs/requirements.md §1.6), as plain strings: the events (records, ADR
 * 60) soonest first with their booking link, then the calendar entries (§7.7) for what is
 * not booked on the site. Both come as rows of one shape, so the page draws them with one
 * piece of markup and its JavaScript carries no words and no date rules.
 */
export interface CalendarRow {
  id: string;
  /** The badge: month, day and year ("DEC", "27", "2026"); the year null when it cannot be read. */
  badge: { month: string; day: string; year: string | null } | null;
  name: string;
  link: ContentLink | null;
  /** When and Where, those known. */
  facts: EventFact[];
  /** The booking link while booking is open; `label` is what a screen reader hears. */
  book: { href: string; text: string; label: string } | null;
  /** Booking not open yet, or closed. */
  note: string | null;
  past: { text: string; label: string } | null;
}

export interface CalendarGroup {
  id: string;
  heading: string;
  rows: CalendarRow[];
}

const PAST = { text: PAST_EVENT_TEXT, label: PAST_EVENT_LABEL };

function eventRow(event: PublicEvent): CalendarRow {
  return {
    id: event.id,
    badge: event.badge,
    name: event.title,
    link: null,
    facts: event.facts,
    book: event.bookHref ? { href: event.bookHref, text: BOOK_TICKETS, label: `${BOOK_TICKETS} for ${event.title}` } : null,
    note: event.bookingNote,
    past: null,
  };
}

/**
 * A calendar entry has a month and a date as text and no year (§7.7): the year is worked out
 * (calendar-event.ts calendarDay: the one its name gives, else the first such day on or after
 * it was added) and shown in the badge and the full date. An entry whose day cannot be read
 * keeps its month and date as written.
 */
function entryRow(entry: CalendarEvent, origin: string, now: number): CalendarRow {
  const day = calendarDay(entry);
  const full = day ? formatEventDate(day) : "";
  return {
    id: entry.id,
    badge: { month: entry.month, day: entry.date, year: full ? day!.slice(0, 4) : null },
    name: entry.name,
    link: contentLink(entry.url, origin),
    facts: eventFacts(full || null, null, full ? day! : ""),
    book: null,
    note: null,
    past: isPastEvent(entry, now) ? PAST : null,
  };
}

export async function eventCalendarPage(context: Pick<AppLoadContext, "content" | "store">, origin: string, now = nowSeconds()) {
  const [entries, events] = await Promise.all([context.content.listEvents(), eventPageEvents(context, now)]);
  const groups: CalendarGroup[] = [
    { id: "coming-up", heading: "Coming up", rows: events.map(eventRow) },
    // In created order, oldest first, as the store returns them (§1.6).
    { id: "calendar-entries", heading: "Also in the calendar", rows: entries.map((entry) => entryRow(entry, origin, now)) },
  ];
  return { groups: groups.filter((group) => group.rows.length) };
}
