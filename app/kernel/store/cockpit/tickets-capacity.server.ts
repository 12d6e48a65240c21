import { countEventTotals, heldSince as heldSinceAt, peopleHoldingPlaces } from "../../../features/tickets";
import type { TicketsRepository } from "../port";
import { d1Refunds } from "../d1/refunds.server";
import { nowSeconds } from "../ids";
import { MAX_SCAN } from "./best-effort.server";
import type { CockpitClient } from "./client.server";
import { ticketFromCockpit, TICKETS } from "./shapes-tickets";

type CapacityMethods = Pick<TicketsRepository, "countPeopleHoldingPlaces" | "createWithinCapacity" | "releaseExpiredHolds" | "recountEventTotals">;

/**
 * An event's capacity on Cockpit (ADR 43, ADR 62). Cockpit v1 has no conditional write and
 * shares no transaction with D1, so there is no running count of places: each booking
 * counts the event's tickets afresh (Cockpit reads are not D1 rows), less the people of
 * tickets refunded in full (D1). createWithinCapacity counts, then creates: two bookings in
 * that gap (one read and one save, tens of milliseconds) may both be taken and the event
 * over-booked by the smaller party.
 */
export function cockpitTicketCapacity(client: CockpitClient, db: D1Database | null, create: TicketsRepository["create"]): CapacityMethods {
  const ticketsOf = async (eventId: string) => {
    const { entries } = await client.find(TICKETS, { filter: { eventId }, limit: MAX_SCAN });
    // Filters compare loosely (PHP ==): keep this exact event's tickets.
    return entries.map(ticketFromCockpit).filter((t) => t.eventId === eventId);
  };
  const count: CapacityMethods["countPeopleHoldingPlaces"] = async (eventId, heldSince) => {
    const [tickets, freed] = await Promise.all([ticketsOf(eventId), db ? d1Refunds(db).countPeopleFreed(eventId) : 0]);
    return Math.max(0, peopleHoldingPlaces(tickets, heldSince) - freed);
  };
  return {
    countPeopleHoldingPlaces: count,
    releaseExpiredHolds: async () => 0,
    async recountEventTotals(eventId) {
      const [tickets, refunds] = await Promise.all([
        ticketsOf(eventId),
        db
          ? db.prepare("SELECT amount, status, completes, ticket_id, people FROM refunds WHERE event_id = ?").bind(eventId).all<Record<string, unknown>>()
          : { results: [] },
      ]);
      const shaped = refunds.results.map((r) => ({
        amount: Number(r.amount),
        status: r.status as "pending" | "succeeded" | "failed",
        completes: Number(r.completes) === 1,
        ticketId: typeof r.ticket_id === "string" ? r.ticket_id : null,
        people: Number(r.people ?? 0),
      }));
      return countEventTotals(tickets, shaped, heldSinceAt(nowSeconds()));
    },
    async createWithinCapacity(input, limit) {
      if (input.eventId !== null) {
        const held = await count(input.eventId, limit.heldSince);
        if (held + input.attendees.length > limit.capacity) return null;
      }
      return create(input);
    },
  };
}
