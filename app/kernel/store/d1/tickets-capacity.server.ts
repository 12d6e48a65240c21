import type { TicketsRepository } from "../port";
import { attendeeToRow, ticketToRow } from "./rows";
import { newTicketRecord } from "./new-ticket";

/** The people holding places at an event (features/tickets/event-capacity.ts holdsPlaces): bound as title, year, heldSince. */
const PEOPLE_HOLDING_PLACES = `SELECT COUNT(*) FROM ticket_attendees a JOIN tickets t ON t.id = a.ticket_id
  WHERE t.title = ? AND t.year = ? AND (t.paid = 1 OR t.created_at >= ?)`;

type CapacityMethods = Pick<TicketsRepository, "countPeopleHoldingPlaces" | "createWithinCapacity">;

/** The upcoming event's capacity on D1 (ADR 43): the count, and a ticket created only while it fits. */
export function d1TicketCapacity(db: D1Database): CapacityMethods {
  return {
    async countPeopleHoldingPlaces(event, heldSince) {
      const count = await db.prepare(PEOPLE_HOLDING_PLACES).bind(event.title, event.year, heldSince).raw<[number]>();
      return Number(count[0]?.[0] ?? 0);
    },

    async createWithinCapacity(input, limit) {
      const ticket = newTicketRecord(input);
      const row = ticketToRow(ticket);
      const columns = Object.keys(row);
      // One batch is one transaction, and the ticket's INSERT counts the places in the same
      // statement: of two bookings racing for the last places, the second sees the first's
      // attendees (written in its batch) and inserts nothing. The attendees are inserted
      // only when the ticket was.
      const [inserted] = await db.batch([
        db
          .prepare(
            `INSERT INTO tickets (${columns.join(", ")}) SELECT ${columns.map(() => "?").join(", ")}
             WHERE (${PEOPLE_HOLDING_PLACES}) + ? <= ?`,
          )
          .bind(...columns.map((c) => row[c as keyof typeof row]), ticket.title, ticket.year, limit.heldSince, ticket.attendees.length, limit.capacity),
        ...ticket.attendees.map((a) => {
          const attendee = attendeeToRow(ticket.id, a);
          const names = Object.keys(attendee);
          return db
            .prepare(
              `INSERT INTO ticket_attendees (${names.join(", ")}) SELECT ${names.map(() => "?").join(", ")} WHERE EXISTS (SELECT 1 FROM tickets WHERE id = ?)`,
            )
            .bind(...names.map((n) => attendee[n as keyof typeof attendee]), ticket.id);
        }),
      ]);
      return inserted!.meta.changes === 1 ? ticket : null;
    },
  };
}
