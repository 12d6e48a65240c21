import { formatPence } from "~/kernel/values/money";
import { ATTENDEE_BANDS, type Attendee, type AttendeeBand, type EventRecord, type Member, type Ticket } from "~/kernel/store/records";
import { formatTicketCode } from "~/features/tickets";
import { BAND_NAMES, compareAttendees } from "~/features/tickets";
import { byEventDate, eventOver, eventRecordYear, eventShown, upcomingThenPast } from "~/features/tickets";

/**
 * The door (/scan-qr-code, docs/requirements.md §5.8): the ticket card a steward sees and
 * which people a SAVE admits. Pure; the lookup and the atomic admission are in
 * app/features/door/door.server.ts.
 */

/** The door's route. */
export const DOOR_PATH = "/scan-qr-code";

/** The ticket card's id: after a SAVE the page comes back to it, not to the top (ADR 65). */
export const DOOR_CARD_ANCHOR = "door-card";

/**
 * The door's address for a chosen event (kept through every scan) and a code, each left out
 * when empty; with `anchor`, at the ticket card (after a SAVE: the steward stays where they were).
 */
export function doorHref({ event, code, anchor }: { event?: string; code?: string; anchor?: string }): string {
  const params = new URLSearchParams();
  if (event) params.set("event", event);
  if (code) params.set("code", code);
  const query = params.toString();
  return `${query ? `${DOOR_PATH}?${query}` : DOOR_PATH}${anchor ? `#${anchor}` : ""}`;
}

export type DoorStatus = "FIRST SCAN" | "USED TICKET";
export type PersonRef = { band: AttendeeBand; position: number };

export interface DoorPerson {
  /** The checkbox value: "adult-1", "above5-2" ... */
  key: string;
  type: string;
  name: string;
  admitted: boolean;
  /** When admitted, UK time ("19:42, 20 Dec"); null otherwise. */
  admittedAt: string | null;
}

/** The events the door may check tickets against (docs/requirements.md §5.8, ADR 60). */
type DoorEventFields = Pick<EventRecord, "id" | "title" | "date" | "published" | "cancelledAt" | "tickets">;

/** An option of the door's (and the desk's) event chooser. */
export interface EventChoice {
  id: string;
  label: string;
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "2026-12-27" → "27 December" (with the year when asked); anything else → "". */
export function formatDoorDay(isoDay: string, withYear = false): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month || Number(match[3]) < 1 || Number(match[3]) > 31) return "";
  return `${Number(match[3])} ${month}${withYear ? ` ${match[1]}` : ""}`;
}

/** How the chooser names an event: "Christmas Celebration, 27 December 2026", or with its year when undated. */
export function eventChoiceLabel(event: Pick<EventRecord, "title" | "date" | "tickets">): EventChoice["label"] {
  const day = formatDoorDay(event.date, true);
  return day ? `${event.title}, ${day}` : `${event.title} (${eventRecordYear(event)})`;
}

/**
 * The events a steward may choose at the door: those shown (published, not cancelled), the
 * ones not over soonest first, then the past ones latest first (a ticket stays valid until
 * its own event is over, so a past event is rarely wanted but may be).
 */
export function doorEvents<T extends DoorEventFields>(events: T[], today: string): T[] {
  const { upcoming, past } = upcomingThenPast(events.filter(eventShown), today);
  return [...upcoming, ...past];
}

/**
 * The event the door checks by default (docs/requirements.md §5.8): the shown event dated
 * today, else the next one not over, else the latest; null when none is shown.
 */
export function defaultDoorEvent<T extends DoorEventFields>(events: T[], today: string): T | null {
  const shown = byEventDate(events.filter(eventShown));
  return shown.find((e) => e.date === today) ?? shown.find((e) => !eventOver(e, today)) ?? shown.at(-1) ?? null;
}

/** The event a steward chose (by id, among those the door lists), else the default one. */
export function chosenDoorEvent<T extends DoorEventFields>(events: T[], chosenId: string | null | undefined, today: string): T | null {
  const chosen = chosenId ? doorEvents(events, today).find((e) => e.id === chosenId) : undefined;
  return chosen ?? defaultDoorEvent(events, today);
}

/** The chooser's options, in the door's order. */
export const eventChoices = (events: Array<Pick<EventRecord, "id" | "title" | "date" | "tickets">>): EventChoice[] =>
  events.map((e) => ({ id: e.id, label: eventChoiceLabel(e) }));

/**
 * Why a (paid) ticket must not be admitted at the chosen event, or null when it is for it
 * (docs/requirements.md §5.8, ADR 60): only the ticket's event id counts, so a ticket stays
 * valid until its own event is over, whatever other events exist. The message names the
 * ticket's own event and day ("Christmas Celebration, 27 December", with the year when it
 * is not the chosen event's year, so last year's ticket of the same event reads as such);
 * an undated event, or a ticket of no event (sold before events were records), is named by
 * title and year. The card is still shown, so the steward sees what it is.
 */
export function wrongEventMessage(
  ticket: Pick<Ticket, "eventId" | "title" | "year">,
  ticketEvent: Pick<EventRecord, "title" | "date" | "tickets"> | null,
  doorEvent: Pick<EventRecord, "id" | "date" | "tickets"> | null,
): string | null {
  if (doorEvent && ticket.eventId === doorEvent.id) return null;
  const doorYear = doorEvent ? doorEvent.date.slice(0, 4) || String(eventRecordYear(doorEvent)) : "";
  const day = ticketEvent ? formatDoorDay(ticketEvent.date, ticketEvent.date.slice(0, 4) !== doorYear) : "";
  const name = !ticketEvent
    ? `${ticket.title} (${ticket.year})`
    : day
      ? `${ticketEvent.title}, ${day}`
      : `${ticketEvent.title} (${eventRecordYear(ticketEvent)})`;
  return `This ticket is for ${name}. Do not admit.`;
}

export interface DoorCard {
  code: string;
  title: string;
  /** The ticket's event year. */
  year: number;
  /** Set when the ticket is for another event or year: shown in red, and SAVE is refused. */
  wrongEvent: string | null;
  membershipType: string;
  price: string;
  status: DoorStatus;
  /** The member's subscription this year: paid when renewed for the current year. */
  membershipStatus: "Paid" | "Lapsed";
  people: DoorPerson[];
  /** How many people are still to be admitted. */
  waiting: number;
  /** The household's tickets for the chosen event with someone still to come (this one too): "Admit everyone" (ADR 65); null for a ticket of another event. */
  household: DoorHousehold | null;
}

/** What "Admit everyone" would admit: the household's people still to come on its tickets for the chosen event. */
export interface DoorHousehold {
  tickets: number;
  waiting: number;
}

/** The household's still-to-come count over its tickets (each ticket's people not yet admitted). */
export function householdAtDoor(tickets: Array<Pick<Ticket, "attendees">>): DoorHousehold {
  const open = tickets.filter((t) => t.attendees.some((a) => a.admittedAt === null));
  return { tickets: open.length, waiting: open.reduce((sum, t) => sum + t.attendees.filter((a) => a.admittedAt === null).length, 0) };
}

/** Who "Admit everyone" asks to admit on one ticket: its people not yet admitted, in band order. */
export function stillToCome(ticket: Pick<Ticket, "attendees">): PersonRef[] {
  return ticket.attendees
    .filter((a) => a.admittedAt === null)
    .map(({ band, position }) => ({ band, position }))
    .sort(compareAttendees);
}

/** The hint under "Admit everyone": how many people, on how many tickets. */
export function householdHint(household: DoorHousehold): string {
  const tickets = household.tickets === 1 ? "this household's ticket" : `this household's ${household.tickets} tickets`;
  return `Admits the ${people(household.waiting)} still to come on ${tickets} for this event.`;
}

/** The checkbox value of a person. */
export function personKey(person: PersonRef): string {
  return `${person.band}-${person.position}`;
}

/** "adult-1" → { band: "adult", position: 1 }, or null for anything else. */
export function parsePersonKey(value: unknown): PersonRef | null {
  if (typeof value !== "string") return null;
  const match = /^([a-z0-9]+)-([1-9]\d?)$/.exec(value);
  if (!match || !(ATTENDEE_BANDS as readonly string[]).includes(match[1]!)) return null;
  return { band: match[1] as AttendeeBand, position: Number(match[2]) };
}

const people = (n: number) => `${n} ${n === 1 ? "person" : "people"}`;

/** FIRST SCAN until someone has been admitted (or the ticket is marked used), then USED TICKET. */
export function doorStatus(ticket: Pick<Ticket, "used" | "attendees">): DoorStatus {
  return ticket.used || ticket.attendees.some((a) => a.admittedAt !== null) ? "USED TICKET" : "FIRST SCAN";
}

const UK_TIME = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hour: "2-digit", minute: "2-digit", day: "numeric", month: "short" });

/** Unix seconds → "19:42, 20 Dec" in UK time. */
export function formatAdmittedAt(seconds: number): string {
  const parts = Object.fromEntries(UK_TIME.formatToParts(new Date(seconds * 1000)).map((p) => [p.type, p.value]));
  return `${parts.hour}:${parts.minute}, ${parts.day} ${parts.month}`;
}

function doorPerson(attendee: Attendee): DoorPerson {
  return {
    key: personKey(attendee),
    type: BAND_NAMES[attendee.band].person,
    name: attendee.name,
    admitted: attendee.admittedAt !== null,
    admittedAt: attendee.admittedAt === null ? null : formatAdmittedAt(attendee.admittedAt),
  };
}

/**
 * The card for a paid ticket. `member` is the ticket's holder (null if the record is gone:
 * shown as lapsed); `ticketEvent` the ticket's own event (null when it has none or it is
 * gone); `doorEvent` the event the steward chose (a ticket for another one is flagged).
 */
export function doorCard(
  ticket: Ticket,
  member: Pick<Member, "lastRenewedYear"> | null,
  thisYear: number,
  ticketEvent: Pick<EventRecord, "title" | "date" | "tickets"> | null,
  doorEvent: Pick<EventRecord, "id" | "date" | "tickets"> | null,
): DoorCard {
  const people = [...ticket.attendees].sort(compareAttendees).map(doorPerson);
  return {
    code: formatTicketCode(ticket.code),
    title: ticket.title,
    year: ticket.year,
    wrongEvent: wrongEventMessage(ticket, ticketEvent, doorEvent),
    membershipType: ticket.membership,
    price: formatPence(ticket.price),
    status: doorStatus(ticket),
    membershipStatus: member?.lastRenewedYear === thisYear ? "Paid" : "Lapsed",
    people,
    waiting: people.filter((p) => !p.admitted).length,
    household: null,
  };
}

/**
 * Who a SAVE asks to admit: the checked values that name a person on this ticket, each
 * once, in band order. Junk and people not on the ticket are dropped. People already
 * admitted stay in (the page may be stale: another phone got there first); the store
 * admits each person once, and the toast counts them as "already admitted".
 */
export function selectedForAdmission(ticket: Pick<Ticket, "attendees">, values: unknown[]): PersonRef[] {
  const wanted = new Set(
    values
      .map(parsePersonKey)
      .filter((p): p is PersonRef => p !== null)
      .map(personKey),
  );
  return ticket.attendees
    .filter((a) => wanted.has(personKey(a)))
    .map(({ band, position }) => ({ band, position }))
    .sort(compareAttendees);
}

/**
 * The toast after a SAVE: how many this SAVE admitted, and how many of those asked
 * for had already been admitted (another phone got there first).
 */
export function admissionMessage(asked: number, admitted: number): { kind: "success" | "info"; message: string } {
  const already = Math.max(0, asked - admitted);
  if (admitted === 0) return { kind: "info", message: `Nobody admitted: ${already === 0 ? "no one was selected" : `${people(already)} already admitted`}.` };
  const message = `${people(admitted)} admitted.`;
  return { kind: "success", message: already ? `${message} ${people(already)} already admitted.` : message };
}

/**
 * The toast after "Admit everyone" (ADR 65): how many it admitted, over how many tickets, and
 * how many another phone had let in meanwhile.
 */
export function householdAdmissionMessage(asked: number, admitted: number, tickets: number): { kind: "success" | "info"; message: string } {
  if (admitted === 0) return { kind: "info", message: "Nobody admitted: everyone in this household was already in." };
  const over = tickets > 1 ? ` on ${tickets} tickets` : "";
  const already = Math.max(0, asked - admitted);
  return { kind: "success", message: `Everyone admitted: ${people(admitted)}${over}.${already ? ` ${people(already)} already admitted.` : ""}` };
}
