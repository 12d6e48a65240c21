import { peopleHoldingPlaces } from "../../../features/tickets";
import type { TicketsRepository } from "../port";
import { MAX_SCAN } from "./best-effort.server";
import type { CockpitClient } from "./client.server";
import { ticketFromCockpit, TICKETS } from "./shapes-tickets";

type CapacityMethods = Pick<TicketsRepository, "countPeopleHoldingPlaces" | "createWithinCapacity">;

/**
 * The upcoming event's capacity on Cockpit (ADR 43). Cockpit v1 has no conditional write,
 * so createWithinCapacity counts, then creates: two bookings in that gap (one read and one
 * save, tens of milliseconds) may both be taken and the event over-booked by the smaller
 * party. The count is read fresh for every booking, so the window never grows beyond that.
 */
export function cockpitTicketCapacity(client: CockpitClient, create: TicketsRepository["create"]): CapacityMethods {
  const count: CapacityMethods["countPeopleHoldingPlaces"] = async (event, heldSince) => {
    const { entries } = await client.find(TICKETS, { filter: { title: event.title, year: event.year }, limit: MAX_SCAN });
    // Filters compare loosely (PHP ==): keep this exact event's tickets; then the same rule as D1's query.
    const tickets = entries.map(ticketFromCockpit).filter((t) => t.title === event.title && t.year === event.year);
    return peopleHoldingPlaces(tickets, heldSince);
  };
  return {
    countPeopleHoldingPlaces: count,
    async createWithinCapacity(input, limit) {
      const held = await count({ title: input.title, year: input.year }, limit.heldSince);
      if (held + input.attendees.length > limit.capacity) return null;
      return create(input);
    },
  };
}
