import { beforeAll, describe, expect, it } from "vitest";
import type { NewTicket } from "~/kernel/store/records";
import { newEventFields, newMember, newTicket } from "../../support/fixtures";
import { describeStore, QUICK_CLAIM_PAUSE_MS, setTicketCreatedAt } from "../../support/store-adapters";

/**
 * The event payments report's port methods (listReportYears, listReportTitles,
 * summarizeReport, listReport: by event id, or by year and title for tickets with no
 * event, ADR 60) over a small fixture, the same on both adapters. markPaid and admit are
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
  const events: Record<string, string> = {};

  async function ticket(key: string, overrides: Partial<NewTicket>, state: { paid?: boolean; used?: boolean } = { paid: true }) {
    const userId = (await t.store.members.register(newMember())).id;
    const created = await t.store.tickets.create(
      newTicket(userId, { email: `${key}@example.com`, code: `EV${"ABCDEFGHJKMNPQRS"[Object.keys(ids).length]}`, ...overrides }),
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
    // Events as records: two events in 2026, one of them titled as the tickets above with no event.
    events.party = (await t.store.events.create(newEventFields("Party", "2026-12-19"))).id;
    events.fair = (await t.store.events.create(newEventFields("Fair", "2026-06-06"))).id;
    events.empty = (await t.store.events.create(newEventFields("Quiet Evening", "2026-03-01"))).id;
    await ticket("ev-party-1", {
      eventId: events.party,
      title: "Party",
      year: 2026,
      price: 3300,
      attendees: [
        { band: "adult", position: 1, name: "Eve Adult" },
        { band: "parent", position: 1, name: "Eve Parent" },
      ],
    });
    await ticket("ev-party-2", {
      eventId: events.party,
      title: "Party",
      year: 2026,
      price: 1200,
      attendees: [{ band: "below5", position: 1, name: "Eve Baby" }],
    });
    await ticket("ev-party-unpaid", { eventId: events.party, title: "Party", year: 2026, price: 9999 }, { paid: false });
    await ticket("ev-fair", { eventId: events.fair, title: "Fair", year: 2026, price: 800, attendees: [{ band: "above13", position: 1, name: "Fay Teen" }] });
    // An event of 2024 whose tickets are the only paid ones of that year.
    events.old = (await t.store.events.create(newEventFields("Barn Dance", "2024-05-04"))).id;
    await ticket("ev-2024", {
      eventId: events.old,
      title: "Barn Dance",
      year: 2024,
      price: 600,
      attendees: [{ band: "adult", position: 1, name: "Old Adult" }],
    });
  });

  describe("tickets", () => {
    it("lists the years of paid tickets, newest first, once each", async () => {
      expect(await t.store.tickets.listReportYears()).toEqual([2026, 2025, 2024]);
    });

    it("lists the titles of a year's paid tickets, alphabetically, once each; with noEvent, only those of tickets with no event", async () => {
      expect(await t.store.tickets.listReportTitles(2026)).toEqual(["Fair", "Party", "Picnic"]);
      expect(await t.store.tickets.listReportTitles(2026, { noEvent: true })).toEqual(["Party", "Picnic"]);
      expect(await t.store.tickets.listReportTitles(2025, { noEvent: true })).toEqual(["Party"]);
      expect(await t.store.tickets.listReportTitles(2024)).toEqual(["Barn Dance"]);
      expect(await t.store.tickets.listReportTitles(2024, { noEvent: true })).toEqual([]);
      expect(await t.store.tickets.listReportTitles(2020)).toEqual([]);
    });

    it("sums one event's paid tickets by its id: two events of a year each with their own totals", async () => {
      expect(await t.store.tickets.summarizeReport({ eventId: events.party! })).toEqual({
        tickets: 2,
        amount: 3300 + 1200,
        bands: { adult: 1, parent: 1, above13: 0, above5: 0, below5: 1 },
      });
      expect(await t.store.tickets.summarizeReport({ eventId: events.fair! })).toEqual({
        tickets: 1,
        amount: 800,
        bands: { adult: 0, parent: 0, above13: 1, above5: 0, below5: 0 },
      });
      expect(await t.store.tickets.summarizeReport({ eventId: events.empty! })).toEqual({
        tickets: 0,
        amount: 0,
        bands: { adult: 0, parent: 0, above13: 0, above5: 0, below5: 0 },
      });
    });

    it("sums a title's paid tickets with no event (the fallback), or every ticket of the title and year", async () => {
      expect(await t.store.tickets.summarizeReport({ year: 2026, title: "Party", noEvent: true })).toEqual({
        tickets: 3,
        amount: 5000 + 1500 + 2900,
        // party-a: 2 adults, 1 parent, 2 above13, 1 above5, 1 below5; party-b: 1 adult; party-c: 2 adults, 1 above5.
        bands: { adult: 5, parent: 1, above13: 2, above5: 2, below5: 1 },
      });
      expect(await t.store.tickets.summarizeReport({ year: 2026, title: "Party" })).toEqual({
        tickets: 5,
        amount: 5000 + 1500 + 2900 + 3300 + 1200,
        bands: { adult: 6, parent: 2, above13: 2, above5: 2, below5: 2 },
      });
      expect(await t.store.tickets.summarizeReport({ year: 2026, noEvent: true })).toEqual({
        tickets: 4,
        amount: 5000 + 1500 + 2900 + 1000,
        bands: { adult: 6, parent: 1, above13: 2, above5: 2, below5: 2 },
      });
      expect(await t.store.tickets.summarizeReport({ year: 2024, title: "Party", noEvent: true })).toEqual({
        tickets: 0,
        amount: 0,
        bands: { adult: 0, parent: 0, above13: 0, above5: 0, below5: 0 },
      });
    });

    it("lists one event's paid tickets by its id, newest first, paged, with the total", async () => {
      const party = await t.store.tickets.listReport({ eventId: events.party! });
      expect(party.total).toBe(2);
      expect(party.rows.map((r) => r.id)).toEqual([ids["ev-party-2"], ids["ev-party-1"]]);
      expect(party.rows[1]!.attendees.map((p) => p.name)).toEqual(["Eve Adult", "Eve Parent"]);
      const second = await t.store.tickets.listReport({ eventId: events.party!, page: 1, pageSize: 1 });
      expect(second).toEqual({ rows: [expect.objectContaining({ id: ids["ev-party-1"] })], total: 2 });
      expect((await t.store.tickets.listReport({ eventId: events.fair!, page: 0, pageSize: 15 })).rows.map((r) => r.id)).toEqual([ids["ev-fair"]]);
      expect(await t.store.tickets.listReport({ eventId: events.empty!, page: 0, pageSize: 15 })).toEqual({ rows: [], total: 0 });
    });

    it("lists the tickets newest first with their attendees, pages them and keeps the total", async () => {
      const all = await t.store.tickets.listReport({ year: 2026, title: "Party", noEvent: true });
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
      expect(all.rows.every((r) => r.paid && r.year === 2026 && r.title === "Party" && r.eventId === null)).toBe(true);

      const second = await t.store.tickets.listReport({ year: 2026, title: "Party", noEvent: true, page: 1, pageSize: 2 });
      expect(second.rows.map((r) => r.id)).toEqual([ids["party-a"]]);
      expect(second.rows[0]!.attendees).toHaveLength(7);
      expect(second.total).toBe(3);
      expect((await t.store.tickets.listReport({ year: 2026, title: "Party", noEvent: true, page: 0, pageSize: -1 })).rows).toHaveLength(1);
      expect((await t.store.tickets.listReport({ year: 2026, noEvent: true, page: 0, pageSize: 15 })).total).toBe(4);
      // Without noEvent, the title's tickets of every event too.
      expect((await t.store.tickets.listReport({ year: 2026, title: "Party", page: 0, pageSize: 15 })).total).toBe(5);
      expect((await t.store.tickets.listReport({ year: 2026, page: 0, pageSize: 15 })).total).toBe(7);
    });
  });
});
