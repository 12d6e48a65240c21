import type { Ticket, UnixSeconds } from "../../kernel/store/records";

/**
 * The upcoming event's capacity (docs/requirements.md §5.5; docs/decisions/0043-event-capacity.md). Every
 * attendee of a ticket is one place. A place is held by a paid ticket, and by an unpaid one
 * while its checkout may still be paid: the checkout lives 24 hours (Stripe's default
 * session lifetime, and the practice checkout's), so an unpaid ticket made less than that
 * long ago holds its places; an older one has lost them. A capacity of 0 is no limit.
 */

/** How long an unpaid ticket holds its places: the checkout session's lifetime. */
export const CHECKOUT_HOLD_SECONDS = 24 * 60 * 60;

/** Below this many places left, the booking page says how many. */
export const FEW_PLACES = 20;

export const EVENT_FULL_MESSAGE = "This event is full.";

/** The refusal of a party bigger than what is left. */
export function onlyPlacesLeftMessage(left: number): string {
  return left === 1 ? "Only 1 place is left for this event." : `Only ${left} places are left for this event.`;
}

/** The booking page's notice: "N places left". */
export function placesLeftNotice(left: number): string {
  return left === 1 ? "1 place left" : `${left} places left`;
}

/** Unpaid tickets made at or after this moment still hold their places. */
export function heldSince(now: UnixSeconds): UnixSeconds {
  return now - CHECKOUT_HOLD_SECONDS;
}

/** Whether a ticket of the event holds its people's places (the D1 adapter's query counts the same). */
export function holdsPlaces(ticket: Pick<Ticket, "paid" | "createdAt">, since: UnixSeconds): boolean {
  return ticket.paid || ticket.createdAt >= since;
}

/** The people on the tickets that hold places, unpaid ones made at or after `since` (heldSince). */
export function peopleHoldingPlaces(tickets: Array<Pick<Ticket, "paid" | "createdAt" | "attendees">>, since: UnixSeconds): number {
  return tickets.filter((t) => holdsPlaces(t, since)).reduce((sum, t) => sum + t.attendees.length, 0);
}

/** Places left, never below 0; null when the event has no limit. */
export function placesLeft(capacity: number, booked: number): number | null {
  return capacity > 0 ? Math.max(0, capacity - booked) : null;
}

/** Why a party of `people` cannot be booked (the message), or null when it fits. */
export function capacityRefusal(capacity: number, booked: number, people: number): string | null {
  const left = placesLeft(capacity, booked);
  if (left === null || people <= left) return null;
  return left === 0 ? EVENT_FULL_MESSAGE : onlyPlacesLeftMessage(left);
}

/** What the booking page says about places: "full", "N places left" under FEW_PLACES, or nothing. */
export type PlacesShown = { full: true; notice: string } | { full: false; notice: string | null };

export function placesShown(capacity: number, booked: number): PlacesShown {
  const left = placesLeft(capacity, booked);
  if (left === null) return { full: false, notice: null };
  if (left === 0) return { full: true, notice: EVENT_FULL_MESSAGE };
  return { full: false, notice: left < FEW_PLACES ? placesLeftNotice(left) : null };
}
