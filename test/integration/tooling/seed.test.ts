import { describe, expect, it } from "vitest";
import { seedDatabase } from "../../../seed/seed";
import { useTestD1 } from "../../support/d1";

const t = useTestD1();
const date = new Date("2026-11-21T12:00:00Z");

/** Seeding D1 (the contract tests of reading the seeded content: test/integration/contract/content.contract.test.ts). */
describe("seeding (D1)", () => {
  it("seeds the demo, and seeding again changes nothing", async () => {
    const first = await seedDatabase(t.db, { date });
    expect(first.counts).toMatchObject({
      home_slides: 3,
      office_bearers: 8,
      previous_teams: 3,
      calendar_events: 6,
      galleries: 4,
      news: 13,
      documents: 3,
      members: 6, // the demo accounts, the door steward too (ADR 65)
    });
    // Their sign-up consents are Gift Aid declarations, as migration 0031 made them (docs/requirements.md §14).
    const consenting = await t.db
      .prepare("SELECT COUNT(*) AS n FROM members WHERE json_extract(consents, '$.giftAid') = 1 AND rejected IS NULL")
      .first<{ n: number }>();
    expect(consenting!.n).toBeGreaterThan(0);
    expect(first.counts.gift_aid_declarations).toBe(consenting!.n);
    const again = await seedDatabase(t.db, { date });
    expect(again.counts).toEqual(first.counts);
    expect((await seedDatabase(t.db, { date, ifEmpty: true })).demo).toBe("kept");
  });

  it("seeds synthetic members on top, and a rerun gives the same rows", async () => {
    const report = await seedDatabase(t.db, { date, members: 300, tickets: 500 });
    expect(report.counts.members).toBe(306);
    expect(report.counts.tickets).toBe(501);
    expect((await seedDatabase(t.db, { date, members: 300, tickets: 500 })).counts).toEqual(report.counts);
  });
});
