import type { EventFields, EventRecord } from "../../kernel/store/records";
import type { SiteSettings } from "../../kernel/store/site-settings";
import { bookingOpen, eventYear } from "./ticket-rules";

/**
 * When an event may be booked, which one is next, and when it is over (docs/requirements.md
 * §5.1, §5.4, §5.7; ADR 60). Pure: the day is passed in, in UK time (ticket-rules ukToday).
 */

type Schedule = Pick<EventRecord, "date" | "published" | "cancelledAt" | "bookingOpensOn" | "tickets">;

/** The year an event's tickets carry: that of its last booking day, as tickets always have. */
export const eventRecordYear = (event: Pick<EventRecord, "tickets">) => eventYear(event.tickets.lastBookingDate);

/** On the public pages: published and not cancelled. */
export const eventShown = (event: Pick<EventRecord, "published" | "cancelledAt">) => event.published && event.cancelledAt === null;

/** Booking is open today: shown, past its first booking day (if any), up to its last (inclusive). */
export function eventBookable(event: Schedule, today: string): boolean {
  if (!eventShown(event)) return false;
  if (event.bookingOpensOn !== "" && today < event.bookingOpensOn) return false;
  return bookingOpen(event.tickets.lastBookingDate, today);
}

/**
 * Over once its day has passed; an event without a date, once its booking has closed. A
 * ticket stays valid at the door until its own event is over, whatever other events exist.
 */
export function eventOver(event: Pick<EventRecord, "date" | "tickets">, today: string): boolean {
  return event.date !== "" ? event.date < today : !bookingOpen(event.tickets.lastBookingDate, today);
}

/** Events by date, undated last, then by id: the one order every list uses. */
export function byEventDate<T extends Pick<EventRecord, "date" | "id">>(events: T[]): T[] {
  const key = (e: T) => e.date || "9999-99-99";
  return [...events].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The events open for booking today, soonest first. */
export const bookableEvents = <T extends Schedule & Pick<EventRecord, "id">>(events: T[], today: string): T[] =>
  byEventDate(events.filter((e) => eventBookable(e, today)));

/** The studio's list: upcoming first (soonest first), then past (latest first). */
export function upcomingThenPast<T extends Pick<EventRecord, "date" | "id" | "tickets">>(events: T[], today: string): { upcoming: T[]; past: T[] } {
  const sorted = byEventDate(events);
  return { upcoming: sorted.filter((e) => !eventOver(e, today)), past: sorted.filter((e) => eventOver(e, today)).reverse() };
}

/** "Same event next year": every date a year on, unpublished, so nothing is shown or sold before it is checked. */
export function nextYearsFields(event: EventRecord): EventFields {
  const plusYear = (day: string) => (/^\d{4}-/.test(day) ? `${Number(day.slice(0, 4)) + 1}${day.slice(4)}` : day);
  const { id: _id, title: _title, createdAt: _c, updatedAt: _u, cancelledAt: _x, ...fields } = event;
  return {
    ...fields,
    date: plusYear(event.date),
    bookingOpensOn: plusYear(event.bookingOpensOn),
    tickets: { ...event.tickets, lastBookingDate: plusYear(event.tickets.lastBookingDate) },
    published: false,
  };
}

/**
 * The event the site settings described before events were records (ADR 60): the one the
 * adoption creates, published as it was on sale.
 */
export function eventFieldsFromSettings(settings: Pick<SiteSettings, "tickets" | "upcomingEvent">): EventFields {
  const { upcomingEvent: shown, tickets } = settings;
  return {
    date: shown.date,
    startTime: shown.startTime,
    endTime: "",
    venue: shown.venue,
    descriptionHtml: shown.descriptionHtml,
    image: shown.image,
    capacity: shown.capacity,
    tickets: { ...tickets, title: tickets.title.trim() || shown.title.trim() },
    bookingOpensOn: "",
    published: true,
    membersOnly: true,
  };
}

/** An event before anything is set: no date, venue or text, no limit, unpublished, members only; `tickets` as given. */
export function blankEventFields(tickets: EventRecord["tickets"]): EventFields {
  return {
    date: "",
    startTime: "",
    endTime: "",
    venue: "",
    descriptionHtml: "",
    image: null,
    capacity: 0,
    tickets,
    bookingOpensOn: "",
    published: false,
    membersOnly: true,
  };
}

/** The booking page's event on a site with none: its booking closed, its title blank (the page says there is nothing to book). */
export function noEvent(tickets: EventRecord["tickets"]): EventRecord {
  return { ...blankEventFields({ ...tickets, title: "" }), id: "", title: "", cancelledAt: null, createdAt: 0, updatedAt: 0 };
}
