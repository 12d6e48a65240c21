import { describe, expect, it } from "vitest";
import { useTestD1 } from "../../../support/d1";

/**
 * D1 only: the reports' queries are answered through their indexes (the contract tests of
 * the same port methods, on both adapters, are in test/integration/contract/*-report.contract.test.ts).
 */
const t = useTestD1();

describe("report indexes (D1)", () => {
  it("is answered through the transactions_report index", async () => {
    const plan = await t.db
      .prepare("EXPLAIN QUERY PLAN SELECT COUNT(*) FROM transactions WHERE year = ? AND payment_type = ? AND status = 'success'")
      .bind(2026, "renew")
      .all<{ detail: string }>();
    expect(plan.results.map((r) => r.detail).join(" ")).toContain("transactions_report");
  });

  it("is answered through the tickets_report index", async () => {
    for (const sql of [
      "SELECT DISTINCT title FROM tickets WHERE year = ? AND paid = 1 ORDER BY title",
      "SELECT t.price FROM tickets t LEFT JOIN ticket_attendees a ON a.ticket_id = t.id WHERE t.year = ? AND t.paid = 1 AND t.title = 'Party' GROUP BY t.id",
      "SELECT * FROM tickets WHERE year = ? AND paid = 1 AND title = 'Party' ORDER BY created_at DESC, id DESC LIMIT 15",
    ]) {
      const plan = await t.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(2026).all<{ detail: string }>();
      const details = plan.results.map((r) => r.detail).join(" | ");
      expect(details).toContain("tickets_report");
      if (sql.includes("ticket_attendees")) expect(details).toMatch(/SEARCH a USING (COVERING )?INDEX sqlite_autoindex_ticket_attendees_1 \(ticket_id=\?\)/);
    }
  });

  it("answers one event's tickets through the tickets_event_report index (ADR 60)", async () => {
    for (const sql of [
      // The page of the table; its figures and count are the event's running totals (ADR 62).
      "SELECT * FROM tickets WHERE event_id = ? AND paid = 1 ORDER BY created_at DESC, id DESC LIMIT 15",
    ]) {
      const plan = await t.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind("event-id").all<{ detail: string }>();
      expect(plan.results.map((r) => r.detail).join(" | ")).toMatch(/USING (COVERING )?INDEX tickets_event_report \(event_id=\? AND paid=\?\)/);
    }
  });

  /** The plan of a query, its steps joined. */
  const planOf = async (sql: string, ...params: unknown[]) =>
    (
      await t.db
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>()
    ).results
      .map((r) => r.detail)
      .join(" | ");

  it("reads the subscriptions report's tiles and chart from the year's running totals, and its renewed page in index order (ADR 64)", async () => {
    expect(await planOf("SELECT month, renewals, amount FROM renewal_totals WHERE year = ?", 2026)).toMatch(/SEARCH renewal_totals USING .*\(year=\?\)/);
    const page = await planOf(
      "SELECT * FROM transactions WHERE year = ? AND payment_type = ? AND status = 'success' ORDER BY received_on DESC, id DESC LIMIT ? OFFSET ?",
      2026,
      "renew",
      15,
      0,
    );
    expect(page).toMatch(/SEARCH transactions USING INDEX transactions_renewed \(year=\? AND payment_type=\? AND status=\?\)/);
    expect(page).not.toContain("TEMP B-TREE");
  });

  it("reads a period's paid payments of some kinds through transactions_received (the Gift Aid claim, docs/requirements.md §14)", async () => {
    // The statement of d1/transactions.server.ts listReceived, for two kinds.
    const plan = await planOf(
      "SELECT * FROM transactions WHERE status = 'success' AND payment_type IN (?, ?) AND received_on >= ? AND received_on <= ? ORDER BY received_on, id",
      "renew",
      "donation",
      "2026-04-06",
      "2027-04-05",
    );
    expect(plan).toMatch(/SEARCH transactions USING INDEX transactions_received \(payment_type=\? AND received_on>\? AND received_on<\?\)/);
  });

  it("reads the pending members' page in index order and counts them over index ranges (ADR 64)", async () => {
    const pending = "deleted = 0 AND rejected IS NULL AND active = 1";
    const page = await planOf(
      `SELECT * FROM members INDEXED BY members_pending_renewal WHERE ${pending} AND (last_renewed_year IS NULL OR last_renewed_year <> ?) ORDER BY created_at DESC, id DESC LIMIT 15`,
      2026,
    );
    expect(page).toContain("members_pending_renewal");
    expect(page).not.toContain("TEMP B-TREE");
    const count = await planOf(
      `SELECT COUNT(*) FROM (${["IS NULL", "< ?1", "> ?1"].map((range) => `SELECT 1 FROM members INDEXED BY members_pending_count WHERE ${pending} AND last_renewed_year ${range}`).join(" UNION ALL ")} LIMIT ?2)`,
      2026,
      500,
    );
    expect(count).toMatch(/SEARCH members USING (COVERING )?INDEX members_pending_count \(last_renewed_year<\?\)/);
    expect(count).toMatch(/SEARCH members USING (COVERING )?INDEX members_pending_count \(last_renewed_year>\?\)/);
    expect(count).not.toMatch(/SCAN members/);
  });

  it("pages and counts the pending payments through their partial index", async () => {
    const page = await planOf("SELECT * FROM transactions WHERE status = 'pending' ORDER BY created_at ASC, id ASC LIMIT ? OFFSET ?", 50, 0);
    expect(page).toContain("transactions_pending");
    expect(page).not.toContain("TEMP B-TREE");
    expect(await planOf("SELECT COUNT(*) AS total FROM transactions WHERE status = 'pending'")).toContain("transactions_pending");
  });
});
