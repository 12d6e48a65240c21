import { ATTENDEE_BANDS, BAND_LIMITS, MEMBERSHIPS, type Attendee, type AttendeeBand, type NewTicket, type Ticket } from "../records";
import { BAND_NAMES } from "../../../features/tickets";
import type { CockpitEntry } from "./client.server";
import { numOrNull, oneOf, type CockpitFields } from "./shapes-values";
import { bool, penceFromPounds, poundsFromPence, seconds, text } from "./shapes-loose";

/**
 * A ticket ⇄ a `tickets` entry with the old site's flattened names (docs/requirements.md §12.2, ADR 22):
 * adultName1..2, parentName1..4, above13Child1..5, above5Child1..5, below5Child1..3,
 * the counts numberOfAdults..numberOfChildrenBelow5, a status key per person
 * (adult1Status, parent2Status, above13Child1Status ...), paymentStatus and `status`
 * (paid), verificationStatus (used), ticketPrice (pounds). Our own keys (ADR 21): `code`,
 * and per person `{prefix}{n}AdmittedAt` and `{prefix}{n}AdmitClaim`; `paidClaim`.
 */

export const TICKETS = "tickets";

const STATUS_PREFIX: Record<AttendeeBand, string> = { adult: "adult", parent: "parent", above13: "above13Child", above5: "above5Child", below5: "below5Child" };

/** The old site's keys are the booking form's field names (app/features/tickets/ticket-bands.ts); the status keys' prefix is the Cockpit's own. */
export const BAND_KEYS: Record<AttendeeBand, { prefix: string; name: (n: number) => string; count: string }> = Object.fromEntries(
  ATTENDEE_BANDS.map((band) => [
    band,
    { prefix: STATUS_PREFIX[band], name: (n: number) => `${BAND_NAMES[band].nameField}${n}`, count: BAND_NAMES[band].countField },
  ]),
) as Record<AttendeeBand, { prefix: string; name: (n: number) => string; count: string }>;

/** The per-person keys: admitted flag (the old site's status key), when, and which call admitted them. */
export function personKeys(band: AttendeeBand, position: number) {
  const base = `${BAND_KEYS[band].prefix}${position}`;
  return { status: `${base}Status`, admittedAt: `${base}AdmittedAt`, claim: `${base}AdmitClaim` };
}

/** Codes are typed at the door: case and surrounding spaces do not matter. */
export const normaliseTicketCode = (code: string) => code.trim().toUpperCase();

export function attendeesFromCockpit(entry: CockpitFields): Attendee[] {
  const attendees: Attendee[] = [];
  for (const band of ATTENDEE_BANDS) {
    for (let position = 1; position <= BAND_LIMITS[band].max; position++) {
      const name = text(entry[BAND_KEYS[band].name(position)]).trim();
      if (!name) continue;
      const keys = personKeys(band, position);
      const admitted = bool(entry[keys.status]);
      // A legacy record has the flag only: its admission time is the entry's last change.
      const admittedAt = admitted ? (numOrNull(entry[keys.admittedAt]) ?? numOrNull(entry._modified) ?? seconds(entry._created)) : null;
      attendees.push({ band, position, name, admittedAt });
    }
  }
  return attendees;
}

export function ticketFromCockpit(entry: CockpitEntry): Ticket {
  return {
    id: entry._id,
    userId: text(entry.userId),
    eventId: text(entry.eventId) || null,
    title: text(entry.title),
    email: text(entry.email),
    membership: oneOf(entry.membership, MEMBERSHIPS, "Single"),
    year: numOrNull(entry.year) ?? 0,
    price: penceFromPounds(entry.ticketPrice),
    paid: bool(entry.paymentStatus),
    used: bool(entry.verificationStatus),
    code: normaliseTicketCode(text(entry.code)),
    attendees: attendeesFromCockpit(entry),
    createdAt: seconds(entry._created),
  };
}

/** The fields a new ticket is saved with: the booking form's flattened names, unpaid and unused. */
export function newTicketToCockpit(t: NewTicket): CockpitFields {
  const out: CockpitFields = {
    userId: t.userId,
    ...(t.eventId ? { eventId: t.eventId } : {}),
    title: t.title,
    email: t.email,
    membership: t.membership,
    year: t.year,
    ticketPrice: poundsFromPence(t.price),
    paymentStatus: false,
    status: false,
    verificationStatus: false,
    code: normaliseTicketCode(t.code),
  };
  for (const band of ATTENDEE_BANDS) {
    const people = t.attendees.filter((a) => a.band === band && a.position >= 1 && a.position <= BAND_LIMITS[band].max);
    out[BAND_KEYS[band].count] = people.length;
    for (const person of people) {
      out[BAND_KEYS[band].name(person.position)] = person.name;
      out[personKeys(band, person.position).status] = false;
    }
  }
  return out;
}

/** A whole ticket as a `tickets` entry (demo data and tests). */
export function ticketToCockpit(t: Ticket): CockpitEntry {
  const entry: CockpitEntry = {
    _id: t.id,
    _created: t.createdAt,
    _modified: t.createdAt,
    ...newTicketToCockpit(t),
    paymentStatus: t.paid,
    status: t.paid,
    verificationStatus: t.used,
  };
  for (const a of t.attendees) {
    const keys = personKeys(a.band, a.position);
    entry[keys.status] = a.admittedAt !== null;
    if (a.admittedAt !== null) entry[keys.admittedAt] = a.admittedAt;
  }
  return entry;
}
