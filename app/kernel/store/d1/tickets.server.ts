import { ATTENDEE_BANDS, type AttendeeBand, type Ticket } from "../records";
import { someoneStillToCome } from "../../../features/tickets";
import type { TicketReportQuery, TicketsRepository } from "../port";
import { attendeeToRow, ticketFromRow, ticketToRow } from "./rows";
import { insertRow, pageClause } from "./sql";
import { newTicketRecord, normaliseCode } from "./new-ticket";
import { d1TicketCapacity } from "./tickets-capacity.server";
import { admitPeople, holdPlaces, settleTicket } from "./event-totals.server";

/** A ticket with its attendees in one query. */
const TICKET_SELECT = `SELECT t.*, (
    SELECT json_group_array(json_object('band', a.band, 'position', a.position, 'name', a.name, 'admittedAt', a.admitted_at))
    FROM ticket_attendees a WHERE a.ticket_id = t.id
  ) AS attendees
  FROM tickets t`;

/**
 * The report's tickets (docs/requirements.md §6.10, paymentStatus true): one event's through
 * the tickets_by_event index (event_id, paid, created_at; ADR 60), or a year's, one title or
 * all, through the tickets_report index (year, paid, title).
 */
function reportWhere(query: TicketReportQuery, table = "") {
  if ("eventId" in query) return { sql: `${table}event_id = ? AND ${table}paid = 1`, params: [query.eventId] as unknown[] };
  const clauses = [`${table}year = ?`, `${table}paid = 1`];
  const params: unknown[] = [query.year];
  if (query.title !== undefined) {
    clauses.push(`${table}title = ?`);
    params.push(query.title);
  }
  if (query.noEvent) clauses.push(`${table}event_id IS NULL`);
  return { sql: clauses.join(" AND "), params };
}
const REPORT_ORDER = "created_at DESC, id DESC";

export function d1Tickets(db: D1Database): TicketsRepository {
  const one = async (where: string, value: string) => {
    const row = await db.prepare(`${TICKET_SELECT} WHERE ${where}`).bind(value).first<Record<string, unknown>>();
    return row ? ticketFromRow(row) : null;
  };

  const repository: TicketsRepository = {
    async create(input) {
      const ticket = newTicketRecord(input);
      await db.batch([
        insertRow(db, "tickets", ticketToRow(ticket)),
        ...ticket.attendees.map((a) => insertRow(db, "ticket_attendees", attendeeToRow(ticket.id, a))),
        // Its people hold places at its event (ADR 62), in the same transaction.
        holdPlaces(db, ticket.id),
      ]);
      return ticket;
    },

    async holders(eventId) {
      // A mailing's audience (ADR 73): the paid tickets through tickets_by_event, their members once each, not deleted.
      const { results } = await db
        .prepare(
          `SELECT DISTINCT m.id AS id FROM tickets t JOIN members m ON m.id = t.user_id
            WHERE t.event_id = ? AND t.paid = 1 AND m.deleted = 0 ORDER BY m.id`,
        )
        .bind(eventId)
        .all<{ id: string }>();
      return results.map((row) => row.id);
    },

    getById: (id) => one("t.id = ?", id),
    getByCode: (code) => one("t.code = ?", normaliseCode(code)),

    async listOpenByUser(userId) {
      // Paid, with someone still to come: a household's ticket stays after the first are admitted.
      const { results } = await db
        .prepare(
          `${TICKET_SELECT} WHERE t.user_id = ? AND t.paid = 1
             AND EXISTS (SELECT 1 FROM ticket_attendees w WHERE w.ticket_id = t.id AND w.admitted_at IS NULL)
           ORDER BY t.created_at DESC, t.id DESC`,
        )
        .bind(userId)
        .all<Record<string, unknown>>();
      return results.map(ticketFromRow).filter(someoneStillToCome);
    },

    async listByUser(userId) {
      const { results } = await db
        .prepare(`${TICKET_SELECT} WHERE t.user_id = ? ORDER BY t.created_at DESC, t.id DESC`)
        .bind(userId)
        .all<Record<string, unknown>>();
      return results.map(ticketFromRow);
    },

    async markPaid(id) {
      // The event's totals first, under the same condition (unpaid), then the ticket: both or neither (ADR 62).
      const [, result] = await db.batch([settleTicket(db, id), db.prepare("UPDATE tickets SET paid = 1 WHERE id = ? AND paid = 0").bind(id)]);
      return result!.meta.changes === 1;
    },

    async admit(id, people, at) {
      if (people.length === 0) return [];
      const keys = people.map((p) => `${p.band}:${p.position}`);
      // One batch is one transaction: the conditional UPDATE admits each person once
      // however many stewards press SAVE at the same moment.
      const [, admitted] = await db.batch<{ band: string; position: number }>([
        // The event's admitted total first, counting the same people the UPDATE admits (ADR 62).
        admitPeople(db, id, keys),
        db
          .prepare(
            `UPDATE ticket_attendees SET admitted_at = ?
             WHERE ticket_id = ? AND admitted_at IS NULL
               AND (band || ':' || position) IN (${keys.map(() => "?").join(", ")})
               AND EXISTS (SELECT 1 FROM tickets WHERE id = ? AND paid = 1)
             RETURNING band, position`,
          )
          .bind(at, id, ...keys, id),
        db.prepare("UPDATE tickets SET used = 1 WHERE id = ? AND paid = 1").bind(id),
      ]);
      return admitted!.results.map((r) => ({ band: r.band as Ticket["attendees"][number]["band"], position: Number(r.position) }));
    },

    async listReportYears() {
      // A skip-scan down the tickets_report index (year first): one seek per year, not a read of every ticket.
      const { results } = await db
        .prepare(
          `WITH RECURSIVE y(year) AS (
             SELECT (SELECT year FROM tickets WHERE paid = 1 ORDER BY year DESC LIMIT 1)
             UNION ALL SELECT (SELECT year FROM tickets WHERE paid = 1 AND year < y.year ORDER BY year DESC LIMIT 1) FROM y WHERE y.year IS NOT NULL)
           SELECT year FROM y WHERE year IS NOT NULL`,
        )
        .all<{ year: number }>();
      return results.map((r) => Number(r.year));
    },

    async listReportTitles(year, options = {}) {
      const where = reportWhere({ year, noEvent: options.noEvent });
      // A skip-scan down an index on (year, title): one seek per title, not a read of the year's
      // tickets. Those of no event through their partial index, named: left to choose, the
      // planner takes tickets_report and reads every ticket of the year looking for one.
      const from = options.noEvent ? "tickets INDEXED BY tickets_without_event" : "tickets";
      const { results } = await db
        .prepare(
          `WITH RECURSIVE t(title) AS (
             SELECT MIN(title) FROM ${from} WHERE ${where.sql}
             UNION ALL SELECT (SELECT MIN(title) FROM ${from} WHERE ${where.sql} AND title > t.title) FROM t WHERE t.title IS NOT NULL)
           SELECT title FROM t WHERE title IS NOT NULL`,
        )
        .bind(...where.params, ...where.params)
        .all<{ title: string }>();
      return results.map((r) => r.title);
    },

    async summarizeReport(query) {
      const where = reportWhere(query, "t.");
      // One statement: each ticket's attendees counted per band through the
      // ticket_attendees primary key (ticket_id first), then summed with the prices.
      const perBand = ATTENDEE_BANDS.map((band) => `SUM(a.band = '${band}') AS ${band}`).join(", ");
      const totals = ATTENDEE_BANDS.map((band) => `COALESCE(SUM(${band}), 0) AS ${band}`).join(", ");
      const row = await db
        .prepare(
          `SELECT COUNT(*) AS tickets, COALESCE(SUM(price), 0) AS amount, ${totals}
           FROM (SELECT t.price, ${perBand}
                 FROM tickets t LEFT JOIN ticket_attendees a ON a.ticket_id = t.id
                 WHERE ${where.sql}
                 GROUP BY t.id)`,
        )
        .bind(...where.params)
        .first<Record<string, number | null>>();
      return {
        tickets: Number(row?.tickets ?? 0),
        amount: Number(row?.amount ?? 0),
        bands: Object.fromEntries(ATTENDEE_BANDS.map((band) => [band, Number(row?.[band] ?? 0)])) as Record<AttendeeBand, number>,
      };
    },

    async listReport(query) {
      const where = reportWhere(query);
      const limit = pageClause(query);
      // The page is chosen first (inner query), so the attendees are read for its rows only.
      const [rows, count] = await db.batch<Record<string, unknown>>([
        db
          .prepare(
            `${TICKET_SELECT.replace("FROM tickets t", `FROM (SELECT * FROM tickets WHERE ${where.sql} ORDER BY ${REPORT_ORDER}${limit.sql}) t`)}
             ORDER BY t.created_at DESC, t.id DESC`,
          )
          .bind(...where.params, ...limit.params),
        // An event's paid tickets are counted already (its running totals, ADR 62): one row, not thousands.
        "eventId" in query
          ? db.prepare("SELECT COALESCE((SELECT tickets_paid FROM event_totals WHERE event_id = ?), 0) AS total").bind(query.eventId)
          : db.prepare(`SELECT COUNT(*) AS total FROM tickets WHERE ${where.sql}`).bind(...where.params),
      ]);
      return { rows: rows!.results.map(ticketFromRow), total: Number(count!.results[0]?.total ?? 0) };
    },

    async linkToEvent(eventId, event) {
      const result = await db
        .prepare("UPDATE tickets SET event_id = ? WHERE event_id IS NULL AND title = ? AND year = ?")
        .bind(eventId, event.title, event.year)
        .run();
      return result.meta.changes;
    },

    ...d1TicketCapacity(db, (input) => repository.create(input)),
  };
  return repository;
}
