import type { MemberSettlement } from "../../../features/payments";
import { memberSettlementPatch } from "../../../features/payments";
import type { Transaction } from "../records";
import { newId, nowSeconds } from "../ids";
import { parseMemberNumber } from "../member-number";
import type { SettledQuery, TransactionsRepository } from "../port";
import { memberSetClause } from "./members.server";
import { transactionFromRow, transactionToRow } from "./rows";
import { insertRow, pageClause } from "./sql";
import { ukIsoDay } from "../received-day";
import { countRenewal, readRenewalTotals, recountRenewalTotals } from "./renewal-totals.server";

// transactions_renewed (year, payment_type, status, received_on DESC, id DESC) answers the WHERE
// of the report queries and the order of its pages (ADR 64).
const SETTLED = "FROM transactions WHERE year = ? AND payment_type = ? AND status = 'success'";

/**
 * The FROM and WHERE of the report queries and their values: the year's paid transactions
 * of a type, and those the search finds (the name or e-mail on the transaction, or the
 * member's number). instr, not LIKE: D1 refuses LIKE patterns over 50 bytes.
 */
function settledWhere(query: SettledQuery): { sql: string; params: unknown[] } {
  const params: unknown[] = [query.year, query.paymentType];
  const search = query.search?.trim();
  if (!search) return { sql: SETTLED, params };
  const needle = search.toLowerCase();
  const parts = ["instr(lower(member_name), ?) > 0", "instr(lower(member_email), ?) > 0"];
  params.push(needle, needle);
  const number = parseMemberNumber(search);
  if (number !== null) {
    parts.push("user_id IN (SELECT id FROM members WHERE member_number = ?)");
    params.push(number);
  }
  return { sql: `${SETTLED} AND (${parts.join(" OR ")})`, params };
}
/** The day the money came (ADR 64) as a moment: noon UTC of `received_on`, the same day in London. */
const RECEIVED_AT = "(CAST((julianday(received_on) - 2440587.5) * 86400 AS INTEGER) + 43200)";
const SETTLED_ORDER = "ORDER BY received_on DESC, id DESC";
/**
 * Paying: bound as ?1 the id, ?2 the settlement's UK day (the day received unless the
 * accountant recorded one), ?3 the moment. Its running totals go first in the same batch,
 * under the same condition (renewal-totals.server.ts).
 */
const SETTLE_PAID =
  "UPDATE transactions SET status = 'success', settled_at = ?3, received_on = COALESCE(paid_on, ?2) WHERE id = ?1 AND status IN ('pending', 'failed')";

/** The member already has the change (the SQL of memberSettlementApplied). */
function appliedSql(change: MemberSettlement): { sql: string; params: unknown[] } {
  switch (change.kind) {
    case "registration":
      return { sql: "registration_paid = 1", params: [] };
    case "renewal":
      return { sql: "last_renewed_year >= ?", params: [change.year] };
    case "upgrade":
      return { sql: "membership = 'Family'", params: [] };
  }
}

export function d1Transactions(db: D1Database): Omit<TransactionsRepository, "ticketPaymentMethods"> {
  return {
    async create(input) {
      const transaction: Transaction = {
        ...input,
        familyDetails: input.familyDetails ?? null,
        // Offline payments (docs/requirements.md §4.9): a checkout payment is a card payment
        method: input.method ?? "card",
        reference: input.reference ?? null,
        paidOn: input.paidOn ?? null,
        id: newId(),
        status: "pending",
        checkoutSessionId: null,
        createdAt: nowSeconds(),
        settledAt: null,
      };
      await insertRow(db, "transactions", transactionToRow(transaction)).run();
      return transaction;
    },

    async getById(id) {
      const row = await db.prepare("SELECT * FROM transactions WHERE id = ?").bind(id).first<Record<string, unknown>>();
      return row ? transactionFromRow(row) : null;
    },

    async listByUser(userId, status) {
      const statement = status
        ? db.prepare("SELECT * FROM transactions WHERE user_id = ? AND status = ? ORDER BY created_at DESC, id DESC").bind(userId, status)
        : db.prepare("SELECT * FROM transactions WHERE user_id = ? ORDER BY created_at DESC, id DESC").bind(userId);
      const { results } = await statement.all<Record<string, unknown>>();
      return results.map(transactionFromRow);
    },

    async setCheckoutSession(id, checkoutSessionId) {
      await db.prepare("UPDATE transactions SET checkout_session_id = ? WHERE id = ?").bind(checkoutSessionId, id).run();
    },

    async listPending(query = {}) {
      const limit = pageClause(query);
      const [rows, count] = await db.batch<Record<string, unknown>>([
        db.prepare(`SELECT * FROM transactions WHERE status = 'pending' ORDER BY created_at ASC, id ASC${limit.sql}`).bind(...limit.params),
        db.prepare("SELECT COUNT(*) AS total FROM transactions WHERE status = 'pending'"),
      ]);
      return { rows: rows!.results.map(transactionFromRow), total: Number(count!.results[0]?.total ?? 0) };
    },

    async settle(id, status, at) {
      if (status === "success") {
        const [, settled] = await db.batch([countRenewal(db, id, ukIsoDay(at)), db.prepare(SETTLE_PAID).bind(id, ukIsoDay(at), at)]);
        return settled!.meta.changes === 1;
      }
      const result = await db.prepare("UPDATE transactions SET status = ?, settled_at = ? WHERE id = ? AND status = 'pending'").bind(status, at, id).run();
      return result.meta.changes === 1;
    },

    async settlePaid(id, at, change) {
      const day = ukIsoDay(at);
      if (!change) {
        const [, settled] = await db.batch([countRenewal(db, id, day), db.prepare(SETTLE_PAID).bind(id, day, at)]);
        return settled!.meta.changes === 1;
      }
      const applied = appliedSql(change.settlement);
      const set = memberSetClause(memberSettlementPatch(change.settlement));
      const notApplied = { sql: ` AND NOT EXISTS (SELECT 1 FROM members WHERE id = ? AND ${applied.sql})`, params: [change.memberId, ...applied.params] };
      // One batch is one transaction: the member changes only when (changes() = 1) this
      // call settled the transaction, and neither write stands without the other. The
      // running totals (ADR 64) go first, under the settlement's own condition.
      const [, settled] = await db.batch([
        countRenewal(db, id, day, notApplied),
        db.prepare(`${SETTLE_PAID}${notApplied.sql}`).bind(id, day, at, ...notApplied.params),
        db.prepare(`UPDATE members SET ${set.sql}, updated_at = ? WHERE id = ? AND changes() = 1`).bind(...set.params, nowSeconds(), change.memberId),
      ]);
      return settled!.meta.changes === 1;
    },

    async listSettled(query) {
      const limit = pageClause(query);
      const where = settledWhere(query);
      const [rows, count] = await db.batch<Record<string, unknown>>([
        db.prepare(`SELECT * ${where.sql} ${SETTLED_ORDER}${limit.sql}`).bind(...where.params, ...limit.params),
        db.prepare(`SELECT COUNT(*) AS total ${where.sql}`).bind(...where.params),
      ]);
      return { rows: rows!.results.map(transactionFromRow), total: Number(count!.results[0]?.total ?? 0) };
    },

    async pageSettled(query) {
      const limit = pageClause(query);
      const where = settledWhere(query);
      const { results } = await db
        .prepare(`SELECT * ${where.sql} ${SETTLED_ORDER}${limit.sql}`)
        .bind(...where.params, ...limit.params)
        .all<Record<string, unknown>>();
      return results.map(transactionFromRow);
    },

    async listReceived({ types, from, to }) {
      if (types.length === 0) return [];
      // transactions_received (payment_type, received_on) WHERE status = 'success' answers it.
      const { results } = await db
        .prepare(
          `SELECT * FROM transactions WHERE status = 'success' AND payment_type IN (${types.map(() => "?").join(", ")}) AND received_on >= ? AND received_on <= ? ORDER BY received_on, id`,
        )
        .bind(...types, from, to)
        .all<Record<string, unknown>>();
      return results.map(transactionFromRow);
    },

    renewalTotals: (year) => readRenewalTotals(db, year),
    recountRenewalTotals: (year) => recountRenewalTotals(db, year),

    async summarizeSettled(query, periods) {
      const buckets = periods.map((_, i) => `SUM(CASE WHEN ${RECEIVED_AT} >= ? AND ${RECEIVED_AT} < ? THEN 1 ELSE 0 END) AS p${i}`);
      const where = settledWhere(query);
      const sql = `SELECT COUNT(*) AS count, COALESCE(SUM(unit_amount * qty), 0) AS amount${buckets.map((b) => `, ${b}`).join("")} ${where.sql}`;
      const params = [...periods.flatMap((p) => [p.from, p.to]), ...where.params];
      const row = await db
        .prepare(sql)
        .bind(...params)
        .first<Record<string, number | null>>();
      return {
        count: Number(row?.count ?? 0),
        amount: Number(row?.amount ?? 0),
        perPeriod: periods.map((_, i) => Number(row?.[`p${i}`] ?? 0)),
      };
    },
  };
}
