import type { TicketsRepository } from "../port";
import { attendeeToRow, ticketToRow } from "./rows";
import { newTicketRecord } from "./new-ticket";
import { holdPlaces, PLACES_HELD_NOW, recountTotals, releaseExpiredHolds } from "./event-totals.server";

type CapacityMethods = Pick<TicketsRepository, "countPeopleHoldingPlaces" | "createWithinCapacity" | "releaseExpiredHolds" | "recountEventTotals">;

/** The people on a ticket's attendees, inserted only when the ticket was (the same batch). */
function attendeeInserts(db: D1Database, ticket: ReturnType<typeof newTicketRecord>) {
  return ticket.attendees.map((a) => {
    const attendee = attendeeToRow(ticket.id, a);
    const names = Object.keys(attendee);
    return db
      .prepare(`INSERT INTO ticket_attendees (${names.join(", ")}) SELECT ${names.map(() => "?").join(", ")} WHERE EXISTS (SELECT 1 FROM tickets WHERE id = ?)`)
      .bind(...names.map((n) => attendee[n as keyof typeof attendee]), ticket.id);
  });
}

/**
 * An event's capacity on D1 (ADR 43, ADR 62): the running count of places held
 * (`event_totals.places_held`), and a ticket created only while it fits.
 */
export function d1TicketCapacity(db: D1Database, create: TicketsRepository["create"]): CapacityMethods {
  return {
    async countPeopleHoldingPlaces(eventId, heldSince) {
      const row = await db.prepare(`SELECT ${PLACES_HELD_NOW} AS n`).bind(eventId, heldSince).first<{ n: number }>();
      return Math.max(0, Number(row?.n ?? 0));
    },

    async releaseExpiredHolds(eventId, heldSince) {
      const [, released] = await db.batch(releaseExpiredHolds(db, eventId, heldSince));
      return released!.meta.changes;
    },

    recountEventTotals: (eventId) => recountTotals(db, eventId),

    async createWithinCapacity(input, limit) {
      if (input.eventId === null) return create(input);
      const ticket = newTicketRecord(input);
      const row = ticketToRow(ticket);
      const columns = Object.keys(row);
      // One batch is one transaction: the expired holds give their places back, then the
      // ticket's INSERT reads the running count in the same statement, so of two bookings
      // racing for the last places the second sees the first's people (added in its batch)
      // and inserts nothing. The attendees and the count follow only when the ticket was inserted.
      const results = await db.batch([
        ...releaseExpiredHolds(db, input.eventId, limit.heldSince),
        db
          .prepare(
            `INSERT INTO tickets (${columns.join(", ")}) SELECT ${columns.map(() => "?").join(", ")}
             WHERE COALESCE((SELECT places_held FROM event_totals WHERE event_id = ?), 0) + ? <= ?`,
          )
          .bind(...columns.map((c) => row[c as keyof typeof row]), input.eventId, ticket.attendees.length, limit.capacity),
        ...attendeeInserts(db, ticket),
        holdPlaces(db, ticket.id),
      ]);
      return results[2]!.meta.changes === 1 ? ticket : null;
    },
  };
}

export { attendeeInserts };
