import type { RenewalTotals } from "../records";

/**
 * The running totals per year of the subscriptions report in D1 (ADR 64): the statement that
 * keeps `renewal_totals` in step with a settlement, put in that settlement's batch (one batch
 * is one transaction), and the full recount it must equal. The statement runs before the
 * settlement's UPDATE under the same condition, so it applies exactly when that does.
 */

type Row = Record<string, unknown>;

/**
 * The month (1–12) a transaction row's received day falls in within its subscription year,
 * 0 when received in another year (the SQL of `totalsMonth`). `received` is an SQL expression.
 */
const monthOf = (received: string) => `CASE WHEN substr(${received}, 1, 4) = CAST(year AS TEXT) THEN CAST(substr(${received}, 6, 2) AS INTEGER) ELSE 0 END`;

/** The day received as a settlement records it: the accountant's day, else the settlement's UK day (bound as ?2). */
export const RECEIVED_ON_SETTLING = "COALESCE(paid_on, ?2)";

/**
 * Before the UPDATE that pays a transaction (bound: its id as ?1, the settlement's UK day as
 * ?2, then `condition`'s values): a renewal not yet paid joins its year's totals in the month
 * its money came. `condition` is the rest of that UPDATE's WHERE, over `transactions`.
 */
export function countRenewal(
  db: D1Database,
  transactionId: string,
  settledDay: string,
  condition: { sql: string; params: unknown[] } = { sql: "", params: [] },
) {
  return db
    .prepare(
      `INSERT INTO renewal_totals (year, month, renewals, amount)
       SELECT year, ${monthOf(RECEIVED_ON_SETTLING)}, 1, unit_amount * qty FROM transactions
       WHERE id = ?1 AND payment_type = 'renew' AND status IN ('pending', 'failed')${condition.sql}
       ON CONFLICT (year, month) DO UPDATE SET renewals = renewals + excluded.renewals, amount = amount + excluded.amount`,
    )
    .bind(transactionId, settledDay, ...condition.params);
}

function totalsFromRows(rows: Row[]): RenewalTotals {
  const perMonth = Array<number>(12).fill(0);
  let count = 0;
  let amount = 0;
  for (const row of rows) {
    const month = Number(row.month ?? 0);
    const renewals = Number(row.renewals ?? 0);
    count += renewals;
    amount += Number(row.amount ?? 0);
    if (month >= 1 && month <= 12) perMonth[month - 1]! += renewals;
  }
  return { count, amount, perMonth };
}

/** A year's running totals: its rows of renewal_totals (13 at most). */
export async function readRenewalTotals(db: D1Database, year: number): Promise<RenewalTotals> {
  const { results } = await db.prepare("SELECT month, renewals, amount FROM renewal_totals WHERE year = ?").bind(year).all<Row>();
  return totalsFromRows(results);
}

/** The recount of the year's totals from its paid renewals (through transactions_renewed). */
const RECOUNT = `SELECT ${monthOf("received_on")} AS month, COUNT(*) AS renewals, COALESCE(SUM(unit_amount * qty), 0) AS amount
  FROM transactions WHERE year = ? AND payment_type = 'renew' AND status = 'success' GROUP BY 1`;

export async function recountRenewalTotals(db: D1Database, year: number): Promise<RenewalTotals> {
  const { results } = await db.prepare(RECOUNT).bind(year).all<Row>();
  return totalsFromRows(results);
}

/** Every year's totals made again from a recount (the seed, an import, a repair after a difference was found). */
export function rebuildRenewalTotals(db: D1Database) {
  return [
    db.prepare("DELETE FROM renewal_totals"),
    db.prepare(
      `INSERT INTO renewal_totals (year, month, renewals, amount)
       SELECT year, ${monthOf("received_on")}, COUNT(*), SUM(unit_amount * qty)
       FROM transactions WHERE payment_type = 'renew' AND status = 'success' GROUP BY 1, 2`,
    ),
  ];
}

/** The years that have paid renewals or totals (npm run totals:check). */
export async function renewalYears(db: D1Database): Promise<number[]> {
  const { results } = await db
    .prepare(
      "SELECT DISTINCT year FROM transactions WHERE payment_type = 'renew' AND status = 'success' UNION SELECT DISTINCT year FROM renewal_totals ORDER BY 1",
    )
    .all<{ year: number }>();
  return results.map((r) => Number(r.year));
}
