import { formatPence } from "~/kernel/values/money";
import { ATTENDEE_BANDS, type Attendee, type AttendeeBand, type Member, type Ticket } from "~/kernel/store/records";
import { formatTicketCode } from "~/features/tickets";
import { BAND_NAMES, compareAttendees } from "~/features/tickets";
import { eventYear } from "~/features/tickets";

/**
 * The door (/scan-qr-code, docs/requirements.md §5.8): the ticket card a steward sees and
 * which people a SAVE admits. Pure; the lookup and the atomic admission are in
 * app/features/door/door.server.ts.
 */

/** The door's route. */
export const DOOR_PATH = "/scan-qr-code";

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

/** The event the door is for: the site settings' ticket title and the year of its last booking date. */
export interface DoorEvent {
  title: string;
  year: number;
}

export function doorEvent(tickets: { title: string; lastBookingDate: string }): DoorEvent {
  return { title: tickets.title, year: eventYear(tickets.lastBookingDate) };
}

const sameTitle = (a: string, b: string) => a.trim().replace(/\s+/g, " ").toLowerCase() === b.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * Why a (paid) ticket must not be admitted at this event, or null when it is for it: a
 * ticket from another year, or another event, is refused (its card is still shown, so
 * the steward sees what it is). Titles match whatever their case and spacing.
 */
export function wrongEventMessage(ticket: Pick<Ticket, "title" | "year">, event: DoorEvent): string | null {
  if (ticket.year === event.year && sameTitle(ticket.title, event.title)) return null;
  return `This ticket is for ${ticket.title} (${ticket.year}), not ${event.title} (${event.year}). Do not admit.`;
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
 * shown as lapsed); `event` the event at the door (a ticket for another one is flagged).
 */
export function doorCard(ticket: Ticket, member: Pick<Member, "lastRenewedYear"> | null, thisYear: number, event: DoorEvent): DoorCard {
  const people = [...ticket.attendees].sort(compareAttendees).map(doorPerson);
  return {
    code: formatTicketCode(ticket.code),
    title: ticket.title,
    year: ticket.year,
    wrongEvent: wrongEventMessage(ticket, event),
    membershipType: ticket.membership,
    price: formatPence(ticket.price),
    status: doorStatus(ticket),
    membershipStatus: member?.lastRenewedYear === thisYear ? "Paid" : "Lapsed",
    people,
    waiting: people.filter((p) => !p.admitted).length,
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

const people = (n: number) => `${n} ${n === 1 ? "person" : "people"}`;

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
