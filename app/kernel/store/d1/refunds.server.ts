import type { MembershipDecision, NewRefund, Refund } from "../../../features/payments";
import { applyRefund } from "./event-totals.server";
import type { PaymentType, Pence } from "../records";
import type { RefundsRepository } from "../port";

/**
 * Refunds (docs/requirements.md §4.10, ADR 0055) in D1, on both stores: the Cockpit store keeps them here too,
 * as it keeps the contact inbox's state (ADR 0049), because "never more than was paid" needs
 * one conditional write, which Cockpit's API does not have.
 */

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const str = (value: unknown) => (typeof value === "string" ? value : "");

export function refundFromRow(row: Record<string, unknown>): Refund {
  const title = typeof row.event_title === "string" ? row.event_title : null;
  const year = num(row.event_year);
  return {
    id: str(row.id),
    transactionId: str(row.transaction_id),
    userId: str(row.user_id),
    paymentType: (str(row.payment_type) || "registration") as PaymentType,
    year: Number(row.year ?? 0),
    amount: Number(row.amount),
    reason: str(row.reason),
    by: str(row.by_name),
    at: Number(row.created_at),
    method: row.method === "card" ? "card" : "record",
    providerRefundId: typeof row.provider_refund_id === "string" ? row.provider_refund_id : null,
    status: row.status === "succeeded" || row.status === "failed" ? row.status : "pending",
    completes: Number(row.completes) === 1,
    ticketId: typeof row.ticket_id === "string" ? row.ticket_id : null,
    event: title !== null && year !== null ? { id: typeof row.event_id === "string" ? row.event_id : null, title, year } : null,
    people: Number(row.people ?? 0),
    membershipDecision: row.membership_decision === "kept" || row.membership_decision === "undone" ? (row.membership_decision as MembershipDecision) : null,
  };
}

// What counts against the amount paid: every refund of the transaction but a failed one.
const REFUNDED_SO_FAR = "(SELECT COALESCE(SUM(amount), 0) FROM refunds WHERE transaction_id = ?1 AND status != 'failed')";

/**
 * `placesInD1`: the store keeps its running count of places in D1 (the D1 store), so a refund
 * completing a ticket's payment frees them there; beside Cockpit places are counted afresh (ADR 62).
 */
export function d1Refunds(db: D1Database, options: { placesInD1: boolean } = { placesInD1: true }): RefundsRepository {
  const refundTotals = (id: string) => applyRefund(db, id, { places: options.placesInD1 });
  const get = async (id: string) => {
    const row = await db.prepare("SELECT * FROM refunds WHERE id = ?").bind(id).first<Record<string, unknown>>();
    return row ? refundFromRow(row) : null;
  };
  const list = async (column: "transaction_id" | "user_id", value: string) => {
    const { results } = await db.prepare(`SELECT * FROM refunds WHERE ${column} = ? ORDER BY created_at, rowid`).bind(value).all<Record<string, unknown>>();
    return results.map(refundFromRow);
  };
  return {
    async create(refund: NewRefund, paid: Pence) {
      const existing = await get(refund.id);
      if (existing) return { kind: "exists", refund: existing };
      // One statement: inserted only while the refunds so far plus this one stay within what was paid.
      // `completes` is decided by the same count. OR IGNORE: the same id posted twice at once is one row.
      // A refund recorded as done joins its event's totals in the same transaction (ADR 62).
      const [result] = await db.batch([
        db
          .prepare(
            `INSERT OR IGNORE INTO refunds
             (id, transaction_id, user_id, amount, reason, by_name, created_at, method, provider_refund_id, status, completes, ticket_id, event_title, event_year, people, payment_type, year, event_id)
           SELECT ?2, ?1, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, CASE WHEN ${REFUNDED_SO_FAR} + ?4 = ?11 THEN 1 ELSE 0 END, ?12, ?13, ?14, ?15, ?16, ?17, ?18
           WHERE ${REFUNDED_SO_FAR} + ?4 <= ?11`,
          )
          .bind(
            refund.transactionId,
            refund.id,
            refund.userId,
            refund.amount,
            refund.reason,
            refund.by,
            refund.at,
            refund.method,
            refund.providerRefundId,
            refund.status,
            paid,
            refund.ticketId,
            refund.event?.title ?? null,
            refund.event?.year ?? null,
            refund.people,
            refund.paymentType,
            refund.year,
            refund.event?.id ?? null,
          ),
        ...refundTotals(refund.id),
      ]);
      const stored = await get(refund.id);
      if (!stored) return { kind: "over" };
      return { kind: result!.meta.changes > 0 ? "created" : "exists", refund: stored };
    },
    get,
    async findByProviderId(providerRefundId) {
      const row = await db.prepare("SELECT * FROM refunds WHERE provider_refund_id = ?").bind(providerRefundId).first<Record<string, unknown>>();
      return row ? refundFromRow(row) : null;
    },
    async refundedBy(by, ids) {
      const column = by === "ticket" ? "ticket_id" : "transaction_id";
      const totals: Record<string, number> = {};
      // D1 binds at most 100 parameters a statement.
      for (let start = 0; start < ids.length; start += 90) {
        const chunk = ids.slice(start, start + 90);
        const { results } = await db
          .prepare(
            `SELECT ${column} AS id, SUM(amount) AS amount FROM refunds WHERE status = 'succeeded' AND ${column} IN (${chunk.map(() => "?").join(", ")}) GROUP BY ${column}`,
          )
          .bind(...chunk)
          .all<{ id: string; amount: number }>();
        for (const row of results) totals[row.id] = Number(row.amount);
      }
      return totals;
    },
    listByTransaction: (transactionId) => list("transaction_id", transactionId),
    listByUser: (userId) => list("user_id", userId),
    async settle(id, outcome) {
      // A refund that has now succeeded joins its event's totals in the same transaction (ADR 62).
      const [result] = await db.batch([
        db
          .prepare("UPDATE refunds SET status = ?, provider_refund_id = COALESCE(?, provider_refund_id) WHERE id = ? AND status = 'pending'")
          .bind(outcome.status, outcome.providerRefundId, id),
        ...refundTotals(id),
      ]);
      return result!.meta.changes > 0;
    },
    async setMembershipDecision(id, decision) {
      await db.prepare("UPDATE refunds SET membership_decision = ? WHERE id = ?").bind(decision, id).run();
    },
    async isTicketRefunded(ticketId) {
      const row = await db
        .prepare("SELECT 1 AS yes FROM refunds WHERE ticket_id = ? AND completes = 1 AND status = 'succeeded' LIMIT 1")
        .bind(ticketId)
        .first();
      return row !== null;
    },
    async sumRefunded({ year, paymentType, eventTitle }) {
      const event = eventTitle === undefined ? "" : " AND event_title = ?";
      const row = await db
        .prepare(`SELECT COALESCE(SUM(amount), 0) AS amount FROM refunds WHERE year = ? AND payment_type = ? AND status = 'succeeded'${event}`)
        .bind(year, paymentType, ...(eventTitle === undefined ? [] : [eventTitle]))
        .first<{ amount: number }>();
      return Number(row?.amount ?? 0);
    },
    async countPeopleFreed(eventId) {
      const row = await db
        .prepare("SELECT COALESCE(SUM(people), 0) AS people FROM refunds WHERE event_id = ? AND completes = 1 AND status = 'succeeded'")
        .bind(eventId)
        .first<{ people: number }>();
      return Number(row?.people ?? 0);
    },
  };
}
