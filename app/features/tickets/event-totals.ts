import { ATTENDEE_BANDS, type EventTotals, type Ticket, type UnixSeconds } from "../../kernel/store/records";
import { peopleHoldingPlaces } from "./event-capacity";

/**
 * An event's totals counted from its tickets and refunds (ADR 62): what the running totals
 * must equal, and how the Cockpit store counts them (its tickets are not in D1). Pure.
 */

/** What of a refund the totals read. */
export interface RefundForTotals {
  amount: number;
  status: "pending" | "succeeded" | "failed";
  completes: boolean;
  ticketId: string | null;
  people: number;
}

export function countEventTotals(
  tickets: Array<Pick<Ticket, "paid" | "price" | "attendees" | "createdAt">>,
  refunds: RefundForTotals[],
  heldSince: UnixSeconds,
): EventTotals {
  const paid = tickets.filter((t) => t.paid);
  const done = refunds.filter((r) => r.status === "succeeded");
  const freed = done.filter((r) => r.completes && r.ticketId !== null).reduce((sum, r) => sum + r.people, 0);
  const bands = Object.fromEntries(ATTENDEE_BANDS.map((band) => [band, 0])) as EventTotals["bands"];
  for (const ticket of paid) for (const person of ticket.attendees) bands[person.band]++;
  return {
    placesHeld: peopleHoldingPlaces(tickets, heldSince) - freed,
    ticketsPaid: paid.length,
    amountPaid: paid.reduce((sum, t) => sum + t.price, 0),
    amountRefunded: done.reduce((sum, r) => sum + r.amount, 0),
    bands,
    admitted: tickets.reduce((sum, t) => sum + t.attendees.filter((a) => a.admittedAt !== null).length, 0),
  };
}

/** Where two counts of the same event differ: "placesHeld 12 ≠ 11", one per figure; none when they agree. */
export function totalsDifferences(running: EventTotals, recounted: EventTotals): string[] {
  const flat = (t: EventTotals): Record<string, number> => ({
    placesHeld: t.placesHeld,
    ticketsPaid: t.ticketsPaid,
    amountPaid: t.amountPaid,
    amountRefunded: t.amountRefunded,
    ...t.bands,
    admitted: t.admitted,
  });
  const [a, b] = [flat(running), flat(recounted)];
  return Object.keys(a)
    .filter((key) => a[key] !== b[key])
    .map((key) => `${key} ${a[key]} ≠ ${b[key]}`);
}
