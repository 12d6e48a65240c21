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
});
