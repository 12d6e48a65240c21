import { beforeAll, describe, expect, it } from "vitest";
import type { NewTicket } from "~/domain/records";
import { useTestD1 } from "../../support/d1";
import { newMember, newTicket } from "../../support/fixtures";

/** The event payments report's queries on real D1: listReportTitles, summarizeReport, listReport. */
const t = useTestD1();

const everyBand: NewTicket["attendees"] = [
  { band: "adult", position: 1, name: "Ada Adult" },
  { band: "adult", position: 2, name: "Bob Adult" },
  { band: "parent", position: 1, name: "Pat Parent" },
  { band: "above13", position: 1, name: "Tia Teen" },
  { band: "above13", position: 2, name: "Tom Teen" },
  { band: "above5", position: 1, name: "Kim Kid" },
  { band: "below5", position: 1, name: "Bea Baby" },
];
const ids: Record<string, string> = {};

async function ticket(key: string, overrides: Partial<NewTicket>, state: { paid?: boolean; used?: boolean } = { paid: true }) {
  const userId = (await t.store.members.register(newMember())).id;
  const created = await t.store.tickets.create(newTicket(userId, { email: `${key}@example.com`, code: `EV${"ABCDEFGH"[Object.keys(ids).length]}`, ...overrides }));
  if (state.paid) await t.store.tickets.markPaid(created.id);
  if (state.used) await t.store.tickets.admit(created.id, [{ band: "adult", position: 1 }], 1_800_000_000);
  ids[key] = created.id;
  // Distinct creation times, so the order is known.
  await t.db.prepare("UPDATE tickets SET created_at = ? WHERE id = ?").bind(1_700_000_000 + Object.keys(ids).length * 60, created.id).run();
}

beforeAll(async () => {
  await ticket("party-a", { title: "Party", year: 2026, price: 5000, attendees: everyBand });
  await ticket("party-b", { title: "Party", year: 2026, price: 1500, attendees: [{ band: "adult", position: 1, name: "Solo Adult" }] }, { paid: true, used: true });
  await ticket("party-c", { title: "Party", year: 2026, price: 2900 });
  await ticket("picnic", { title: "Picnic", year: 2026, price: 1000, attendees: [{ band: "adult", position: 1, name: "Pic Adult" }, { band: "below5", position: 1, name: "Pic Baby" }] });
  // Not in the 2026 Party report: unpaid, another year.
  await ticket("unpaid", { title: "Party", year: 2026, price: 9999 }, { paid: false });
  await ticket("unpaid-only", { title: "Unpaid Gala", year: 2026, price: 9999 }, { paid: false });
  await ticket("old", { title: "Party", year: 2025, price: 700 });
});

describe("tickets: the event payments report (D1)", () => {
  it("lists the titles of a year's paid tickets, alphabetically, once each", async () => {
    expect(await t.store.tickets.listReportTitles(2026)).toEqual(["Party", "Picnic"]);
    expect(await t.store.tickets.listReportTitles(2025)).toEqual(["Party"]);
    expect(await t.store.tickets.listReportTitles(2020)).toEqual([]);
  });

  it("sums one event's paid tickets: count, amount and attendees per band", async () => {
    expect(await t.store.tickets.summarizeReport({ year: 2026, title: "Party" })).toEqual({
      tickets: 3,
      amount: 5000 + 1500 + 2900,
      // party-a: 2 adults, 1 parent, 2 above13, 1 above5, 1 below5; party-b: 1 adult; party-c: 2 adults, 1 above5.
      bands: { adult: 5, parent: 1, above13: 2, above5: 2, below5: 1 },
    });
    expect(await t.store.tickets.summarizeReport({ year: 2026 })).toEqual({
      tickets: 4,
      amount: 5000 + 1500 + 2900 + 1000,
      bands: { adult: 6, parent: 1, above13: 2, above5: 2, below5: 2 },
    });
    expect(await t.store.tickets.summarizeReport({ year: 2024, title: "Party" })).toEqual({
      tickets: 0,
      amount: 0,
      bands: { adult: 0, parent: 0, above13: 0, above5: 0, below5: 0 },
    });
  });

  it("lists the tickets newest first with their attendees, pages them and keeps the total", async () => {
    const all = await t.store.tickets.listReport({ year: 2026, title: "Party" });
    expect(all.total).toBe(3);
    expect(all.rows.map((r) => r.id)).toEqual([ids["party-c"], ids["party-b"], ids["party-a"]]);
    const a = all.rows[2]!;
    expect(a.attendees.map((p) => `${p.band}${p.position} ${p.name}`)).toEqual([
      "adult1 Ada Adult",
      "adult2 Bob Adult",
      "parent1 Pat Parent",
      "above131 Tia Teen",
      "above132 Tom Teen",
      "above51 Kim Kid",
      "below51 Bea Baby",
    ]);
    expect(all.rows[1]!.used).toBe(true);
    expect(all.rows.every((r) => r.paid && r.year === 2026 && r.title === "Party")).toBe(true);

    const second = await t.store.tickets.listReport({ year: 2026, title: "Party", page: 1, pageSize: 2 });
    expect(second.rows.map((r) => r.id)).toEqual([ids["party-a"]]);
    expect(second.rows[0]!.attendees).toHaveLength(7);
    expect(second.total).toBe(3);
    expect((await t.store.tickets.listReport({ year: 2026, title: "Party", page: 0, pageSize: -1 })).rows).toHaveLength(1);
    expect((await t.store.tickets.listReport({ year: 2026, page: 0, pageSize: 15 })).total).toBe(4);
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
});
