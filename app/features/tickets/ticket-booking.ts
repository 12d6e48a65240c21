import { formatPence } from "../../kernel/values/money";
import type { Membership, Pence, Ticket } from "../../kernel/store/records";
import type { TicketPattern } from "../../kernel/store/site-settings";
import { MAX_NAME_LENGTH, bandsShown, emptyParty, partyLimits, type Party, type PartyInput } from "./ticket-rules";

/**
 * The booking form's texts and its shown state (docs/requirements.md §5.4). Pure and
 * free of zod, so the /book-ticket client chunk can use it; the rules themselves are in
 * ticket-rules.ts, the decisions in docs/decisions/0017 and 0018.
 */

export const BOOKING_NOT_AVAILABLE = "Booking Not Available";
export const BOOKING_CLOSED_MESSAGE = "Booking for this event has closed.";
/** In place of the closing date while the association has set no event (a fresh site: no ticket title). */
export const NO_EVENT_TO_BOOK = "There is no event to book yet. Please check back soon.";
export const BOOKING_REGISTRATION_UNPAID_MESSAGE = "Please pay your registration fee before booking tickets.";
export const BOOKING_INVALID_MESSAGE = "Please check the numbers and names below.";
export const TICKET_NOT_FOUND_TITLE = "Ticket not found";
/** docs/requirements.md §5.4: a second ticket for the same event is booked only when asked for. */
export const ANOTHER_TICKET_FIELD = "another";
export const ANOTHER_TICKET_LABEL = "Book another ticket";
export const ALREADY_BOOKED_MESSAGE = "You already have a ticket for this event (see above). To book a second one, tick 'Book another ticket' and book again.";
export const TICKET_NOT_FOUND_MESSAGE = "We could not find this ticket. Please check My Tickets in My Account.";

/** The submit button: 'Book Now £{price x qty}'. */
export function bookNowText(total: Pence): string {
  return `Book Now ${formatPence(total)}`;
}

/** The most characters of a typed name shown back (the form's maxLength is MAX_NAME_LENGTH). */
const SHOWN_NAME_LENGTH = MAX_NAME_LENGTH * 2;

/**
 * The form as shown again after a post (a refused booking, or the no-JavaScript
 * "Update party"): each shown count brought within its limits (unreadable → the least),
 * the names as typed, for every position the group may have. Groups not shown are empty.
 */
export function partyFormState(input: PartyInput, options: { pattern: TicketPattern; membership: Membership }): Party {
  const party = emptyParty();
  const limits = partyLimits(options.membership);
  for (const band of bandsShown(options.pattern, options.membership)) {
    const { min, max } = limits[band];
    const raw = input.counts[band];
    const text = typeof raw === "number" ? String(raw) : (raw ?? "").trim();
    const count = /^\d{1,2}$/.test(text) ? Number(text) : min;
    party.counts[band] = Math.min(Math.max(count, min), max);
    party.names[band] = Array.from({ length: max }, (_, i) => (input.names[band]?.[i] ?? "").slice(0, SHOWN_NAME_LENGTH));
  }
  return party;
}

/** The member's paid tickets for this event (by its id): a booking beyond them must be asked for explicitly. */
export function paidTicketsFor<T extends Pick<Ticket, "paid" | "eventId">>(tickets: T[], eventId: string): T[] {
  return tickets.filter((t) => t.paid && t.eventId === eventId);
}

/** The box is ticked (a checkbox posts its value only when ticked). */
export const anotherTicketAsked = (value: unknown) => value === "yes";
