import type { AppLoadContext } from "@remix-run/cloudflare";
import type { SubmissionResult } from "@conform-to/react";
import {
  ALREADY_BOOKED_MESSAGE,
  paidTicketsFor,
  BOOKING_CLOSED_MESSAGE,
  BOOKING_REGISTRATION_UNPAID_MESSAGE,
  TICKET_NOT_FOUND_MESSAGE,
  TICKET_NOT_FOUND_TITLE,
} from "./ticket-booking";
import { PAYMENT_SUCCESS_TITLE, TICKET_SUCCESS_MESSAGE } from "~/features/payments";
import type { Member } from "~/kernel/store/records";
import type { SiteSettings } from "~/kernel/store/site-settings";
import { attendeesOf, bandsShown, eventYear, partyLimits, prefillParty, ticketPrice, ukToday, type Party } from "./ticket-rules";
import { reusableTicket } from "~/features/payments";
import { BAND_NAMES } from "./ticket-bands";
import { formatTicketCode } from "./ticket-code";
import { formatPence } from "~/kernel/values/money";
import { titleWithYear } from "./my-tickets";
import type { Ticket } from "~/kernel/store/records";
import { limitPaymentStart, startMemberCheckout } from "~/features/payments/index.server";
import { markTicketPaid } from "~/features/payments/index.server";
import { nowSeconds } from "~/kernel/store/ids";
import { createTicketWithCode, createTicketWithinCapacity } from "./ticket-lookup.server";
import { loadPlacesShown, overCapacity } from "./event-capacity.server";
import { eventDetails, type EventDetails } from "./event-details";
import type { PlacesShown } from "./event-capacity";
import { EVENT_FULL_MESSAGE, heldSince, holdsPlaces } from "./event-capacity";
import type { EventRecord } from "~/kernel/store/records";
import { eventBookable, eventRecordYear } from "./event-schedule";
import { retryAfterHeaders } from "~/kernel/http/response-headers";

/**
 * /book-ticket (docs/requirements.md §5.4): the form's first state from the
 * member's record, and the booking itself: checked again on the server whatever the browser
 * did (the route parses the post with bookingFormSchema; bookingRefusal, bookTicket), an
 * unpaid ticket with its people, then checkout, or paid at once when it costs nothing.
 * Decisions: docs/decisions/0018-ticket-booking.md.
 */

type TicketSettings = SiteSettings["tickets"];

/** What the form needs, for this member and this event. */
function formContext(member: Member, event: EventRecord, settings: SiteSettings, today: string) {
  const { tickets } = event;
  return {
    eventId: event.id,
    title: tickets.title,
    lastBookingDate: tickets.lastBookingDate,
    open: eventBookable(event, today),
    membership: member.membership,
    bands: bandsShown(tickets.pattern, member.membership),
    limits: partyLimits(member.membership),
    /** ticketPrice runs in the browser too, for the live total on the button. */
    tickets,
    phone: settings.primaryContactNumber,
  };
}

/** A paid ticket the member already holds for this event, as the booking page lists it. */
export interface HeldTicket {
  id: string;
  heading: string;
  code: string;
  price: string;
  people: string[];
}

function heldTicket(ticket: Ticket): HeldTicket {
  return {
    id: ticket.id,
    heading: titleWithYear(ticket.title, ticket.year),
    code: formatTicketCode(ticket.code),
    price: formatPence(ticket.price),
    people: ticket.attendees.map((a) => `${a.name} (${BAND_NAMES[a.band].short})`),
  };
}

export type BookingForm = ReturnType<typeof formContext> & {
  party: Party;
  held: HeldTicket[];
  /** "N places left" under 20, or full (the button disabled); nothing without a capacity. */
  places: PlacesShown;
  /** When and where, formatted (nulls when not set). */
  details: EventDetails;
};

export async function loadBooking(context: AppLoadContext, member: Member, event: EventRecord, now = nowSeconds()): Promise<BookingForm> {
  const settings = await context.content.getSiteSettings();
  const { tickets } = event;
  const party = prefillParty(member, eventYear(tickets.lastBookingDate), tickets.pattern);
  const [held, places] = await Promise.all([
    context.store.tickets.listByUser(member.id).then((mine) => paidTicketsFor(mine, event.id).map(heldTicket)),
    loadPlacesShown(context, event.id, event.capacity, now),
  ]);
  return { ...formContext(member, event, settings, ukToday(now)), party, held, places, details: eventDetails(event) };
}

/** The event's title and year, which its tickets carry (the capacity's and the refunds' count). */
const eventRef = (event: EventRecord) => ({ title: event.tickets.title, year: eventRecordYear(event) });

/**
 * A post the form shows again: the action's reply (submission.reply(): the messages, the
 * values as sent) and the party as the form shows it (counts within their limits).
 */
export type BookingAnswer = SubmissionResult<string[]> & { party: Party };

/** The booking form's rules for this member, as the action parses a post with (bookingFormSchema, partyFormState). */
export type BookingOptions = { pattern: TicketSettings["pattern"]; membership: Member["membership"] };

export const bookingOptions = (event: EventRecord, member: Member): BookingOptions => ({ pattern: event.tickets.pattern, membership: member.membership });

/** Why this member may not book this event now (403), whatever was posted: bookings closed, or the registration fee unpaid. */
export function bookingRefusal(event: EventRecord, member: Member, now = nowSeconds()): string | null {
  if (!eventBookable(event, ukToday(now))) return BOOKING_CLOSED_MESSAGE;
  if (!member.registrationPaid) return BOOKING_REGISTRATION_UNPAID_MESSAGE;
  return null;
}

/** The party and whether a second ticket is asked for, as parsed with bookingFormSchema. */
export type BookingValues = { party: Party; another: boolean };

/**
 * How a booking went: `to` the free ticket's success page or the checkout (303), or
 * refused with the form's message (`headers`: Retry-After when over the start limits).
 */
export type BookingResult = { kind: "redirect"; to: string } | { kind: "refused"; status: number; message: string; headers?: Record<string, string> };

/**
 * The booking of a post the action has parsed and found allowed (bookingRefusal): a
 * second ticket for the event only when 'Book another ticket' is ticked, within the
 * payment-start limits → the ticket (unpaid; the member's unpaid one for the same party is
 * booked again rather than a new one) → free: paid now, /ticket-success; else the checkout
 * still open for it, or a pending "ticket" transaction and a new checkout (docs/requirements.md §4.6, §5.4).
 */
export async function bookTicket(
  context: AppLoadContext,
  request: Request,
  member: Member,
  event: EventRecord,
  checked: BookingValues,
  now = nowSeconds(),
): Promise<BookingResult> {
  const limits = async (): Promise<BookingRefused | null> => {
    const limited = await limitPaymentStart(context, request, member);
    return limited ? { kind: "refused", status: limited.status, message: limited.error, headers: retryAfterHeaders(limited.retryAfter) } : null;
  };
  const reserved = await reserveTicket(context, member, event, checked, now, limits);
  if (reserved.kind === "refused") return reserved;
  const { ticket, price } = reserved;
  if (price.free) {
    await markTicketPaid(context, ticket.id);
    return { kind: "redirect", to: `/ticket-success/${ticket.id}/${member.id}` };
  }
  const started = await startMemberCheckout(context, request, { member, purpose: "ticket", charge: ticketCharge(event, reserved) });
  // On failure the unpaid ticket stays unpaid (never listed or admitted) and its pending transaction is Reconcile's to fail.
  return started.ok ? { kind: "redirect", to: started.url } : { kind: "refused", status: 503, message: started.error };
}

type BookingRefused = Extract<BookingResult, { kind: "refused" }>;

/** A ticket booked and not yet paid, with its price (ticketPrice) and the event's year. */
export type ReservedTicket = { kind: "reserved"; ticket: Ticket; price: ReturnType<typeof ticketPrice>; year: number };

/**
 * The booking rules every booking goes through, the member's own and the desk's (docs/requirements.md
 * §5.4, §5.9): a second ticket for the event only when 'Book another ticket' is ticked, the
 * capacity, then the ticket (unpaid; the member's unpaid one for the same party is booked
 * again rather than a new one). `gate` runs just before a new ticket is made (the member's
 * own booking counts its payment-start limits there).
 */
export async function reserveTicket(
  context: AppLoadContext,
  member: Member,
  event: EventRecord,
  checked: BookingValues,
  now: number,
  gate: () => Promise<BookingRefused | null> = async () => null,
): Promise<ReservedTicket | BookingRefused> {
  const refused = (status: number, message: string): BookingRefused => ({ kind: "refused", status, message });
  const { capacity } = event;
  const price = ticketPrice(checked.party, event.tickets, member.membership);
  const ref = eventRef(event);
  const year = ref.year;
  const mine = await context.store.tickets.listByUser(member.id);
  if (paidTicketsFor(mine, event.id).length > 0 && !checked.another) return refused(409, ALREADY_BOOKED_MESSAGE);

  const wanted = { ...ref, eventId: event.id, price: price.total, attendees: attendeesOf(checked.party) };
  // With a capacity, only an unpaid ticket still holding its places is booked again (ADR 43): it needs no new places.
  const since = heldSince(now);
  const reused = reusableTicket(capacity > 0 ? mine.filter((t) => holdsPlaces(t, since)) : mine, wanted);
  const full = reused ? null : await overCapacity(context, event.id, capacity, wanted.attendees.length, now);
  if (full) return refused(full.status, full.message);
  const stopped = await gate();
  if (stopped) return stopped;

  const input = { ...wanted, userId: member.id, email: member.email, membership: member.membership };
  const ticket =
    reused ??
    (capacity > 0
      ? // The store counts refunded tickets as holding places (they stay paid): the places they freed are added to the limit it checks.
        await createTicketWithinCapacity(context.store, input, { capacity, heldSince: since })
      : await createTicketWithCode(context.store, input));
  if (!ticket) {
    // Another booking took the places between the count and the ticket (D1 decides it in one statement).
    const late = await overCapacity(context, event.id, capacity, wanted.attendees.length, now);
    return refused(late?.status ?? 403, late?.message ?? EVENT_FULL_MESSAGE);
  }
  return { kind: "reserved", ticket, price, year };
}

/** What a reserved ticket charges: its "ticket" transaction's title, price lines and amount. */
export function ticketCharge(event: EventRecord, reserved: ReservedTicket) {
  const { tickets } = event;
  const lineItems = reserved.price.lineItems.map(({ price: id, quantity }) => ({ price: id, quantity }));
  return {
    title: tickets.title,
    paymentType: "ticket" as const,
    priceRef: lineItems.map((line) => line.price).join(","),
    unitAmount: reserved.price.unitAmount,
    qty: reserved.price.qty,
    lineItems,
    ticketId: reserved.ticket.id,
    year: reserved.year,
  };
}

/** /ticket-success/{ticketId}/{memId}: only a free ticket of that member, already paid. */
export async function loadFreeTicketSuccess(context: AppLoadContext, ticketId: string, memberId: string) {
  const ticket = ticketId && memberId ? await context.store.tickets.getById(ticketId) : null;
  const found = ticket !== null && ticket.userId === memberId && ticket.paid && ticket.price === 0;
  return found
    ? { status: 200, title: PAYMENT_SUCCESS_TITLE, message: TICKET_SUCCESS_MESSAGE, tone: "success" as const }
    : { status: 404, title: TICKET_NOT_FOUND_TITLE, message: TICKET_NOT_FOUND_MESSAGE, tone: "failed" as const };
}
