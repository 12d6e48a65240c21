import type { Attendee, FamilyDetails, Id, PaymentType, Ticket, Transaction } from "~/kernel/store/records";

/**
 * Reusing an open checkout (docs/requirements.md §4.6, ADR 27): a member who presses Renew, Save or Book
 * again, goes back, or reloads, is sent to the checkout already open for the same thing
 * instead of opening another pending transaction and session each time. Pure: the
 * provider's word on whether the session is still open is asked by the service.
 */

/** What a new checkout would be for. */
export interface WantedPayment {
  paymentType: PaymentType;
  title: string;
  year: number;
  /** unitAmount × qty: a changed fee never reuses a checkout for the old one. */
  total: number;
  ticketId: Id | null;
  familyDetails?: FamilyDetails | null;
}

/** The same family, field by field (JSON in a fixed order, so the stores' key order does not matter). */
function sameFamily(a: FamilyDetails | null | undefined, b: FamilyDetails | null | undefined): boolean {
  const key = (f: FamilyDetails | null | undefined) =>
    f
      ? JSON.stringify([
          f.spouse && [f.spouse.title, f.spouse.name, f.spouse.email, f.spouse.mobile],
          f.children.map((c) => [c.name, c.birthYear]),
          f.consents.childPhoto,
          f.consents.childPhotoShare,
        ])
      : "";
  return key(a) === key(b);
}

/** The newest pending transaction with a checkout session for exactly this payment, or null. */
export function reusableTransaction(transactions: Transaction[], wanted: WantedPayment): Transaction | null {
  const matches = transactions.filter(
    (t) =>
      t.status === "pending" &&
      t.checkoutSessionId !== null &&
      t.paymentType === wanted.paymentType &&
      t.title === wanted.title &&
      t.year === wanted.year &&
      t.unitAmount * t.qty === wanted.total &&
      t.ticketId === wanted.ticketId &&
      sameFamily(t.familyDetails, wanted.familyDetails),
  );
  return matches.sort((a, b) => b.createdAt - a.createdAt)[0] ?? null;
}

const partyKey = (attendees: Array<Pick<Attendee, "band" | "position" | "name">>) =>
  attendees
    .map((a) => `${a.band}:${a.position}:${a.name.trim().toLowerCase()}`)
    .sort()
    .join("|");

/** The member's newest unpaid ticket for this event with this very party and price, to book again instead of a new one. */
export function reusableTicket(
  tickets: Ticket[],
  wanted: Pick<Ticket, "eventId" | "title" | "year" | "price"> & { attendees: Array<Pick<Attendee, "band" | "position" | "name">> },
): Ticket | null {
  const party = partyKey(wanted.attendees);
  const matches = tickets.filter(
    (t) =>
      !t.paid &&
      !t.used &&
      t.eventId === wanted.eventId &&
      t.title === wanted.title &&
      t.year === wanted.year &&
      t.price === wanted.price &&
      partyKey(t.attendees) === party,
  );
  return matches.sort((a, b) => b.createdAt - a.createdAt)[0] ?? null;
}
