import { ATTENDEE_BANDS, type EventTotals } from "../records";

/**
 * An event's running totals in D1 (ADR 62): the statements that keep `event_totals` in step
 * with the write they follow, put in that write's batch (one batch is one transaction), and
 * the full recount they must equal. Each update is guarded by the same condition as its
 * write and runs before it, so it applies exactly when the write does.
 */

type Row = Record<string, unknown>;

const PEOPLE_OF_TICKET = "(SELECT COUNT(*) FROM ticket_attendees WHERE ticket_id = ?1)";
const BAND_OF_TICKET = (band: string) => `(SELECT COUNT(*) FROM ticket_attendees WHERE ticket_id = ?1 AND band = '${band}')`;

/** People on an event's unpaid tickets still counted as holding places though made before ?2 (expired). Bound: event id, heldSince. */
const EXPIRED_HOLDS = `(SELECT COUNT(*) FROM ticket_attendees a JOIN tickets t ON t.id = a.ticket_id
  WHERE t.event_id = ?1 AND t.paid = 0 AND t.hold_released = 0 AND t.created_at < ?2)`;

/** Places held now at an event (bound: event id, heldSince): the running count less the holds expired since it last gave them back. */
export const PLACES_HELD_NOW = `(COALESCE((SELECT places_held FROM event_totals WHERE event_id = ?1), 0) - ${EXPIRED_HOLDS})`;

export const ZERO_TOTALS: EventTotals = {
  placesHeld: 0,
  ticketsPaid: 0,
  amountPaid: 0,
  amountRefunded: 0,
  bands: { adult: 0, parent: 0, above13: 0, above5: 0, below5: 0 },
  admitted: 0,
};

/** An event's totals row, made with the event: zeros. */
export const startTotals = (db: D1Database, eventId: string) => db.prepare("INSERT OR IGNORE INTO event_totals (event_id) VALUES (?)").bind(eventId);

/** Gives back the places of the event's expired unpaid holds, then marks them given back: once each. */
export const releaseExpiredHolds = (db: D1Database, eventId: string, heldSince: number) => [
  db.prepare(`UPDATE event_totals SET places_held = places_held - ${EXPIRED_HOLDS} WHERE event_id = ?1`).bind(eventId, heldSince),
  db.prepare("UPDATE tickets SET hold_released = 1 WHERE event_id = ?1 AND paid = 0 AND hold_released = 0 AND created_at < ?2").bind(eventId, heldSince),
];

/** After a ticket and its attendees were inserted (in the same batch): its people hold places. Nothing when it was not inserted or has no event. */
export const holdPlaces = (db: D1Database, ticketId: string) =>
  db
    .prepare(`UPDATE event_totals SET places_held = places_held + ${PEOPLE_OF_TICKET} WHERE event_id = (SELECT event_id FROM tickets WHERE id = ?1)`)
    .bind(ticketId);

/**
 * Before `UPDATE tickets SET paid = 1 WHERE id = ? AND paid = 0`: the ticket's price and
 * people join the paid figures; a ticket whose hold was given back holds its places again.
 */
export const settleTicket = (db: D1Database, ticketId: string) =>
  db
    .prepare(
      `UPDATE event_totals SET
         tickets_paid = tickets_paid + 1,
         amount_paid = amount_paid + (SELECT price FROM tickets WHERE id = ?1),
         ${ATTENDEE_BANDS.map((band) => `${band} = ${band} + ${BAND_OF_TICKET(band)}`).join(", ")},
         places_held = places_held + CASE WHEN (SELECT hold_released FROM tickets WHERE id = ?1) = 1 THEN ${PEOPLE_OF_TICKET} ELSE 0 END
       WHERE event_id = (SELECT event_id FROM tickets WHERE id = ?1 AND paid = 0)`,
    )
    .bind(ticketId);

/** Before the admission's UPDATE: the people it will admit (same condition: not yet in, on a paid ticket). `keys` are "band:position". */
export const admitPeople = (db: D1Database, ticketId: string, keys: string[]) =>
  db
    .prepare(
      `UPDATE event_totals SET admitted = admitted + (
         SELECT COUNT(*) FROM ticket_attendees WHERE ticket_id = ?1 AND admitted_at IS NULL
           AND (band || ':' || position) IN (${keys.map(() => "?").join(", ")}))
       WHERE event_id = (SELECT event_id FROM tickets WHERE id = ?1 AND paid = 1)`,
    )
    .bind(ticketId, ...keys);

/**
 * A refund once it has succeeded: its amount joins the refunded total, and a refund that
 * completes a ticket's payment frees its people's places (where D1 keeps the count of places:
 * `places`, the D1 store). `totals_applied` makes it once.
 */
export const applyRefund = (db: D1Database, refundId: string, options: { places: boolean }) => [
  db
    .prepare(
      `UPDATE event_totals SET
         amount_refunded = amount_refunded + (SELECT amount FROM refunds WHERE id = ?1)${
           options.places
             ? ",\n         places_held = places_held - (SELECT CASE WHEN completes = 1 AND ticket_id IS NOT NULL THEN people ELSE 0 END FROM refunds WHERE id = ?1)"
             : ""
         }
       WHERE event_id = (SELECT event_id FROM refunds WHERE id = ?1 AND status = 'succeeded' AND totals_applied = 0)`,
    )
    .bind(refundId),
  db.prepare("UPDATE refunds SET totals_applied = 1 WHERE id = ? AND status = 'succeeded'").bind(refundId),
];

/** The full recount the running totals must equal (one statement; bound: event id). */
const RECOUNT = `SELECT
  (SELECT COUNT(*) FROM ticket_attendees a JOIN tickets t ON t.id = a.ticket_id WHERE t.event_id = ?1 AND (t.paid = 1 OR t.hold_released = 0))
    - (SELECT COALESCE(SUM(people), 0) FROM refunds WHERE event_id = ?1 AND status = 'succeeded' AND completes = 1 AND ticket_id IS NOT NULL) AS places_held,
  (SELECT COUNT(*) FROM tickets WHERE event_id = ?1 AND paid = 1) AS tickets_paid,
  (SELECT COALESCE(SUM(price), 0) FROM tickets WHERE event_id = ?1 AND paid = 1) AS amount_paid,
  (SELECT COALESCE(SUM(amount), 0) FROM refunds WHERE event_id = ?1 AND status = 'succeeded') AS amount_refunded,
  ${ATTENDEE_BANDS.map(
    (band) =>
      `(SELECT COUNT(*) FROM ticket_attendees a JOIN tickets t ON t.id = a.ticket_id WHERE t.event_id = ?1 AND t.paid = 1 AND a.band = '${band}') AS ${band}`,
  ).join(",\n  ")},
  (SELECT COUNT(*) FROM ticket_attendees a JOIN tickets t ON t.id = a.ticket_id WHERE t.event_id = ?1 AND a.admitted_at IS NOT NULL) AS admitted`;

export function totalsFromRow(row: Row | null): EventTotals {
  if (!row) return ZERO_TOTALS;
  const n = (key: string) => Number(row[key] ?? 0);
  return {
    placesHeld: n("places_held"),
    ticketsPaid: n("tickets_paid"),
    amountPaid: n("amount_paid"),
    amountRefunded: n("amount_refunded"),
    bands: Object.fromEntries(ATTENDEE_BANDS.map((band) => [band, n(band)])) as EventTotals["bands"],
    admitted: n("admitted"),
  };
}

export const readTotals = async (db: D1Database, eventId: string) =>
  totalsFromRow(await db.prepare("SELECT * FROM event_totals WHERE event_id = ?").bind(eventId).first<Row>());

export const recountTotals = async (db: D1Database, eventId: string) => totalsFromRow(await db.prepare(RECOUNT).bind(eventId).first<Row>());

/** Replaces an event's totals (the adoption's first count; a repair). */
export function writeTotals(db: D1Database, eventId: string, totals: EventTotals) {
  const columns = ["places_held", "tickets_paid", "amount_paid", "amount_refunded", ...ATTENDEE_BANDS, "admitted"];
  const values = [
    totals.placesHeld,
    totals.ticketsPaid,
    totals.amountPaid,
    totals.amountRefunded,
    ...ATTENDEE_BANDS.map((b) => totals.bands[b]),
    totals.admitted,
  ];
  return db
    .prepare(
      `INSERT INTO event_totals (event_id, ${columns.join(", ")}) VALUES (?, ${columns.map(() => "?").join(", ")})
       ON CONFLICT (event_id) DO UPDATE SET ${columns.map((c) => `${c} = excluded.${c}`).join(", ")}`,
    )
    .bind(eventId, ...values);
}

/**
 * Running totals kept beside a store that cannot share D1's batches (Cockpit holds the
 * tickets, ADR 62): the change a ticket write made, added after it. Places are not kept
 * there: Cockpit's capacity is counted afresh for each booking (ADR 43).
 */
export function addToTotals(
  db: D1Database,
  eventId: string,
  change: Partial<Omit<EventTotals, "bands" | "placesHeld">> & { bands?: Partial<EventTotals["bands"]> },
) {
  const sets: string[] = [];
  const values: number[] = [];
  const add = (column: string, value: number | undefined) => {
    if (!value) return;
    sets.push(`${column} = ${column} + ?`);
    values.push(value);
  };
  add("tickets_paid", change.ticketsPaid);
  add("amount_paid", change.amountPaid);
  add("amount_refunded", change.amountRefunded);
  add("admitted", change.admitted);
  for (const band of ATTENDEE_BANDS) add(band, change.bands?.[band]);
  if (sets.length === 0) return null;
  return db.prepare(`UPDATE event_totals SET ${sets.join(", ")} WHERE event_id = ?`).bind(...values, eventId);
}
