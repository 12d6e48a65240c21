import { beforeAll, describe, expect, it } from "vitest";
import { bulkUpsert } from "~/kernel/store/d1/sql";
import { memberToRow } from "~/kernel/store/d1/rows";
import { buildDemo } from "../../../../seed/demo";
import { seedDatabase } from "../../../../seed/seed";
import { useTestD1 } from "../../../support/d1";
import { newMember, newTicket } from "../../../support/fixtures";

const t = useTestD1();
const date = new Date("2026-11-21T12:00:00Z");

beforeAll(async () => {
  await seedDatabase(t.db, { date });
});

describe("bulk writes (seed and import)", () => {
  it("re-seeding updates the demo rows in place and keeps everything else", async () => {
    const demo = await buildDemo(date);
    const signUp = await t.store.members.register(newMember());
    const ticket = await t.store.tickets.create(newTicket(signUp.id));
    await t.store.tickets.markPaid(ticket.id);
    await t.store.tickets.admit(ticket.id, [{ band: "adult", position: 1 }], 1234);
    await t.store.members.update(demo.members[1]!.id, { fullName: "Changed Locally" });

    await seedDatabase(t.db, { date });

    expect(await t.store.members.getById(signUp.id)).toEqual(signUp);
    expect((await t.store.tickets.getById(ticket.id))?.attendees.find((a) => a.position === 1 && a.band === "adult")?.admittedAt).toBe(1234);
    expect((await t.store.members.getById(demo.members[1]!.id))?.fullName).toBe(demo.members[1]!.fullName);
    expect((await t.store.tickets.getById(demo.tickets[0]!.id))?.attendees).toHaveLength(demo.tickets[0]!.attendees.length);
  });

  it("fails loudly instead of replacing another member who has the same e-mail", async () => {
    const existing = await t.store.members.findByEmail("member@example.org");
    const now = 1_790_000_000;
    const intruder = { ...newMember({ email: "member@example.org" }), id: "ffffffffffffffffffffffff", memberNumber: 999_999, createdAt: now };
    await expect(t.db.batch(bulkUpsert(t.db, "members", [memberToRow(intruder, now)]))).rejects.toThrow(/UNIQUE/);
    expect(await t.store.members.getById(existing!.id)).toEqual(existing);
  });

  it("stores quotes and non-ASCII text exactly, splitting statements by bytes", async () => {
    const now = 1_790_000_000;
    const names = Array.from({ length: 400 }, (_, i) => `Ø'Brien “Ñandú” 名前 ${i} ${"é".repeat(200)}`);
    const rows = names.map((fullName, i) =>
      memberToRow({ ...newMember({ fullName }), id: `ee${String(i).padStart(22, "0")}`, memberNumber: 500_000 + i, createdAt: now }, now),
    );
    const statements = bulkUpsert(t.db, "members", rows);
    expect(statements.length).toBeGreaterThan(1);
    await t.db.batch(statements);
    expect((await t.store.members.getById(`ee${"0".repeat(21)}7`))?.fullName).toBe(names[7]);
  });

  it("refuses values it cannot store faithfully", () => {
    expect(() => bulkUpsert(t.db, "news", [{ id: "x", title: { nested: true } }])).toThrow(/object/);
    expect(() => bulkUpsert(t.db, "news", [{ id: "x", title: "a\u0000b" }])).toThrow(/NUL/);
    expect(() => bulkUpsert(t.db, "news", [{ id: "x", title: Number.NaN }])).toThrow(/NaN/);
    expect(() => bulkUpsert(t.db, "news; DROP TABLE news", [{ id: "x" }])).toThrow(/Unsafe/);
  });
});
