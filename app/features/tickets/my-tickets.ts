import type { Attendee, Ticket, UnixSeconds } from "../../kernel/store/records";

/**
 * Which tickets My Account shows, and how (docs/requirements.md §5.7). A household comes
 * in over the evening with one code: the ticket stays, with its QR and code, until
 * everyone on it is admitted or the event is over, and says who is already in.
 */

/** The last second a ticket can be used: the end of 31 January after its year (UTC), as its QR token. */
export function ticketUsableUntil(year: number): UnixSeconds {
  return Date.UTC(year + 1, 1, 1) / 1000 - 1;
}

/**
 * Paid, and someone on it still has to come in. A ticket marked used with nobody admitted
 * is a used ticket from the old site (which kept no per-person times): it stays hidden.
 */
export function someoneStillToCome(ticket: Pick<Ticket, "paid" | "used" | "attendees">): boolean {
  if (!ticket.paid) return false;
  const waiting = ticket.attendees.some((a) => a.admittedAt === null);
  const admitted = ticket.attendees.some((a) => a.admittedAt !== null);
  return waiting && (!ticket.used || admitted);
}

/** Shown on My Account: someone still to come, and the event not over. */
export function ticketOnMyAccount(ticket: Pick<Ticket, "paid" | "used" | "attendees" | "year">, now: UnixSeconds): boolean {
  return someoneStillToCome(ticket) && now <= ticketUsableUntil(ticket.year);
}

/** "Christmas Party 2026", but "Christmas & New Year Celebration 2026" stays as it is: the year once. */
export function titleWithYear(title: string, year: number): string {
  return new RegExp(`(^|\\D)${year}(\\D|$)`).test(title) ? title : `${title} ${year}`;
}

/** Admitted people, for the ticket's "already in" line. */
export const admitted = (attendees: Attendee[]) => attendees.filter((a): a is Attendee & { admittedAt: number } => a.admittedAt !== null);
