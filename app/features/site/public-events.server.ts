import type { AppLoadContext } from "@remix-run/cloudflare";
import { eventBookable, eventDetails, eventOver, eventShown, formatEventDate, ukToday } from "~/features/tickets";
import { adoptSettingsEvent } from "~/features/tickets/index.server";
import { resolveMedia } from "~/kernel/media/media";
import { shownImage } from "~/kernel/media/photo-renditions";
import { sanitizeRichText } from "~/kernel/store/content/sanitize.server";
import { nowSeconds } from "~/kernel/store/ids";
import type { EventRecord } from "~/kernel/store/records";

/**
 * The events as the public pages show them (docs/requirements.md §1.4, §1.6; ADR 60): the
 * home page's upcoming event and the bookable events on /event. Everything is formatted
 * here, on the server, so the pages' JavaScript carries no date or booking rules (only the
 * strings arrive). The pages are cached for visitors by the content version, which every
 * event write bumps (kernel/store/d1/events.server.ts).
 */

/** The words of the booking link on /event, and what shows instead while booking is not open. */
export const BOOK_TICKETS = "Book tickets";
export const BOOKING_CLOSED = "Booking has closed.";
export const bookingOpensText = (day: string) => `Booking opens on ${formatEventDate(day)}.`;

/**
 * Published, not cancelled and not over, soonest first; at most `limit`. Only the rows shown
 * are read (listUpcoming). A site upgraded from the settings' event has no rows yet: only
 * then, when nothing came back, is the adoption tried (its check is one row read), so a site
 * with events pays nothing for it.
 */
export async function upcomingEvents(context: Pick<AppLoadContext, "store">, limit: number, today: string): Promise<EventRecord[]> {
  let events = await context.store.events.listUpcoming(today, limit);
  if (events.length === 0 && (await adoptSettingsEvent(context))) events = await context.store.events.listUpcoming(today, limit);
  return events.filter((event) => eventShown(event) && !eventOver(event, today));
}

/**
 * `When` and `Where` as the page lists them (docs/requirements.md §5.1), only those known; the
 * words come with the data so the page's JavaScript carries none.
 */
export interface EventFact {
  term: string;
  text: string;
  /** ISO day for <time dateTime>. */
  dateTime?: string;
}

export function eventFacts(when: string | null, venue: string | null, date: string): EventFact[] {
  const facts: EventFact[] = [];
  if (when) facts.push(date ? { term: "When", text: when, dateTime: date } : { term: "When", text: when });
  if (venue) facts.push({ term: "Where", text: venue });
  return facts;
}

/** An event as a public page shows it: plain strings, and the booking link only while booking is open. */
export interface PublicEvent {
  id: string;
  title: string;
  /** The calendar badge ("DEC", "27", "2026"); null for an undated event. */
  badge: { month: string; day: string; year: string } | null;
  /** When ("Sunday 27 December 2026, 6pm", the date alone, or "Starts at 6pm") and Where, those known. */
  facts: EventFact[];
  /** /book-ticket/<id> while booking is open (§5.4), else null. */
  bookHref: string | null;
  /** Why there is no booking link: not open yet or closed; null when there is a link. */
  bookingNote: string | null;
}

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

export function publicEvent(event: EventRecord, today: string): PublicEvent {
  const { when, venue } = eventDetails(event);
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(event.date);
  const bookable = eventBookable(event, today);
  const notYet = !bookable && event.bookingOpensOn !== "" && today < event.bookingOpensOn;
  return {
    id: event.id,
    title: event.title,
    badge: match ? { month: MONTHS[Number(match[2]) - 1] ?? "", day: String(Number(match[3])), year: match[1]! } : null,
    facts: eventFacts(when, venue, match ? event.date : ""),
    bookHref: bookable ? `/book-ticket/${encodeURIComponent(event.id)}` : null,
    bookingNote: bookable ? null : notYet ? bookingOpensText(event.bookingOpensOn) : BOOKING_CLOSED,
  };
}

/** The events /event lists (§1.6): enough for a year of the association's events. */
export const EVENT_PAGE_LIMIT = 20;

export async function eventPageEvents(context: Pick<AppLoadContext, "store">, now = nowSeconds()): Promise<PublicEvent[]> {
  const today = ukToday(now);
  return (await upcomingEvents(context, EVENT_PAGE_LIMIT, today)).map((event) => publicEvent(event, today));
}

/**
 * The home page's upcoming event (§1.4): the next one shown, with its picture and its
 * description made safe as the content cache does for the rest of the page (sanitized, the
 * picture's address resolved); null when there is none.
 */
export async function homeEvent(context: Pick<AppLoadContext, "store" | "env">, now = nowSeconds()) {
  const today = ukToday(now);
  const [event] = await upcomingEvents(context, 1, today);
  if (!event) return null;
  return {
    ...publicEvent(event, today),
    image: shownImage(resolveMedia(event.image, context.env.CMS_ASSETS_URL)),
    descriptionHtml: sanitizeRichText(event.descriptionHtml),
  };
}
