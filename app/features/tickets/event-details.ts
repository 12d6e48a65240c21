import type { EventRecord } from "../../kernel/store/records";

/**
 * When and where an event is, as the booking page, My Account's tickets and the ticket
 * e-mail show it (docs/requirements.md §5.1). Formatted on the server into plain strings, so
 * no page ships this module. A ticket's details are its own event's, found by the ticket's
 * event id (ADR 60), never guessed from its title.
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

export function eventDetails(event: Pick<EventRecord, "date" | "startTime" | "venue">): EventDetails {
  const date = formatEventDate(event.date);
  const time = formatStartTime(event.startTime);
  const when = date && time ? `${date}, ${time}` : date || (time ? `Starts at ${time}` : "");
  return { when: when || null, venue: event.venue.trim() || null };
}

/** True when nothing is known: the pages then leave the details out. */
export const noEventDetails = (details: EventDetails) => details.when === null && details.venue === null;

/** The details of a ticket's own event (found by the ticket's eventId); none for a ticket with no event, or an event with no date or venue. */
export function ticketEventDetails(event: Pick<EventRecord, "date" | "startTime" | "venue"> | null | undefined): EventDetails | null {
  if (!event) return null;
  const details = eventDetails(event);
  return noEventDetails(details) ? null : details;
}
