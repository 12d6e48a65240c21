import { beforeAll, describe, expect, it } from "vitest";
import type { NewTicket } from "~/kernel/store/records";
import { newMember, newTicket } from "../../support/fixtures";
import { describeStore, QUICK_CLAIM_PAUSE_MS, setTicketCreatedAt } from "../../support/store-adapters";

/**
 * The event payments report's port methods (listReportTitles, summarizeReport,
 * listReport) over a small fixture, the same on both adapters. markPaid and admit are
 * only setup here, so Cockpit's claim pause is short. (The D1 index behind these
 * queries: test/integration/kernel/store/report-indexes.test.ts.)
 */

const everyBand: NewTicket["attendees"] = [
  { band: "adult", position: 1, name: "Ada Adult" },
  { band: "adult", position: 2, name: "Bob Adult" },
  { band: "parent", position: 1, name: "Pat Parent" },
  { band: "above13", position: 1, name: "Tia Teen" },
  { band: "above13", position: 2, name: "Tom Teen" },
  { band: "above5", position: 1, name: "Kim Kid" },
  { band: "below5", position: 1, name: "Bea Baby" },
];

describeStore("event payments report", { verifyDelayMs: QUICK_CLAIM_PAUSE_MS }, (t) => {
  const ids: Record<string, string> = {};

  async function ticket(key: string, overrides: Partial<NewTicket>, state: { paid?: boolean; used?: boolean } = { paid: true }) {
    const userId = (await t.store.members.register(newMember())).id;
    const created = await t.store.tickets.create(
      newTicket(userId, { email: `${key}@example.com`, code: `EV${"ABCDEFGH"[Object.keys(ids).length]}`, ...overrides }),
    );
    if (state.paid) await t.store.tickets.markPaid(created.id);
    if (state.used) await t.store.tickets.admit(created.id, [{ band: "adult", position: 1 }], 1_800_000_000);
    ids[key] = created.id;
    // Distinct creation times, so the order is known.
    await setTicketCreatedAt(t, created.id, 1_700_000_000 + Object.keys(ids).length * 60);
  }

  beforeAll(async () => {
    await ticket("party-a", { title: "Party", year: 2026, price: 5000, attendees: everyBand });
    await ticket(
      "party-b",
      { title: "Party", year: 2026, price: 1500, attendees: [{ band: "adult", position: 1, name: "Solo Adult" }] },
      { paid: true, used: true },
    );
    await ticket("party-c", { title: "Party", year: 2026, price: 2900 });
    await ticket("picnic", {
      title: "Picnic",
      year: 2026,
      price: 1000,
      attendees: [
        { band: "adult", position: 1, name: "Pic Adult" },
        { band: "below5", position: 1, name: "Pic Baby" },
      ],
    });
    // Not in the 2026 Party report: unpaid, another year.
    await ticket("unpaid", { title: "Party", year: 2026, price: 9999 }, { paid: false });
    await ticket("unpaid-only", { title: "Unpaid Gala", year: 2026, price: 9999 }, { paid: false });
    await ticket("old", { title: "Party", year: 2025, price: 700 });
  });

  describe("tickets", () => {
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
  });
});
