import type { SiteSettings } from "../../kernel/store/site-settings";
import type { Ticket } from "../../kernel/store/records";
import { eventYear } from "./ticket-rules";

/**
 * When and where the upcoming event is, as the booking page, My Account's ticket and the
 * ticket e-mail show it (docs/requirements.md §5.1). Formatted on the server into plain strings, so no page
 * ships this module. A ticket carries its event's title and year only, so the details are
 * shown on the tickets of the event now on sale, never guessed for an older one.
 */

const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "2026-12-27" → "Sunday 27 December 2026"; anything else → "". */
export function formatEventDate(isoDay: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  if (!match) return "";
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return "";
  return `${DAYS[date.getUTCDay()]} ${day} ${MONTHS[month - 1]} ${year}`;
}

/** "18:00" → "6pm", "09:30" → "9:30am", "12:15" → "12:15pm", "00:00" → "12am"; anything else → "". */
export function formatStartTime(time: string): string {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!match) return "";
  const hours = Number(match[1]);
  const suffix = hours < 12 ? "am" : "pm";
  const clock = hours % 12 === 0 ? 12 : hours % 12;
  return match[2] === "00" ? `${clock}${suffix}` : `${clock}:${match[2]}${suffix}`;
}

/** What is known of when and where; each null when not set. */
export interface EventDetails {
  /** "Sunday 27 December 2026, 6pm", the date alone, or "Starts at 6pm" without a date. */
  when: string | null;
  venue: string | null;
}

export function eventDetails(event: Pick<SiteSettings["upcomingEvent"], "date" | "startTime" | "venue">): EventDetails {
  const date = formatEventDate(event.date);
  const time = formatStartTime(event.startTime);
  const when = date && time ? `${date}, ${time}` : date || (time ? `Starts at ${time}` : "");
  return { when: when || null, venue: event.venue.trim() || null };
}

/** True when nothing is known: the pages then leave the details out. */
export const noEventDetails = (details: EventDetails) => details.when === null && details.venue === null;

/** The details for a ticket: those of the event on sale when the ticket is for it (title and year), else none. */
export function ticketEventDetails(ticket: Pick<Ticket, "title" | "year">, settings: SiteSettings): EventDetails | null {
  if (ticket.title !== settings.tickets.title || ticket.year !== eventYear(settings.tickets.lastBookingDate)) return null;
  const details = eventDetails(settings.upcomingEvent);
  return noEventDetails(details) ? null : details;
}
