import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bulkUpsert } from "~/services/store/d1/sql";
import { createD1Store } from "~/services/store/d1/index.server";
import { memberToRow } from "~/services/store/d1/rows";
import type { Store } from "~/services/store/port";
import { buildDemo } from "../../../seed/demo";
import { seedDatabase } from "../../../seed/seed";
import { createTestD1 } from "../../support/d1";
import { newMember, newTicket } from "../../support/fixtures";

let db: D1Database;
let store: Store;
let dispose: () => Promise<void>;
const date = new Date("2026-11-21T12:00:00Z");

beforeAll(async () => {
  ({ db, dispose } = await createTestD1());
  store = createD1Store(db);
  await seedDatabase(db, { date });
});
afterAll(() => dispose());

describe("bulk writes (seed and import)", () => {
  it("re-seeding updates the demo rows in place and keeps everything else", async () => {
    const demo = await buildDemo(date);
    const signUp = await store.members.register(newMember());
    const ticket = await store.tickets.create(newTicket(signUp.id));
    await store.tickets.markPaid(ticket.id);
    await store.tickets.admit(ticket.id, [{ band: "adult", position: 1 }], 1234);
    await store.members.update(demo.members[1]!.id, { fullName: "Changed Locally" });

    await seedDatabase(db, { date });

    expect(await store.members.getById(signUp.id)).toEqual(signUp);
    expect((await store.tickets.getById(ticket.id))?.attendees.find((a) => a.position === 1 && a.band === "adult")?.admittedAt).toBe(1234);
    expect((await store.members.getById(demo.members[1]!.id))?.fullName).toBe(demo.members[1]!.fullName);
    expect((await store.tickets.getById(demo.tickets[0]!.id))?.attendees).toHaveLength(demo.tickets[0]!.attendees.length);
  });

  it("fails loudly instead of replacing another member who has the same e-mail", async () => {
    const existing = await store.members.findByEmail("member@example.org");
    const now = 1_790_000_000;
    const intruder = { ...newMember({ email: "member@example.org" }), id: "ffffffffffffffffffffffff", memberNumber: 999_999, createdAt: now };
    await expect(db.batch(bulkUpsert(db, "members", [memberToRow(intruder, now)]))).rejects.toThrow(/UNIQUE/);
    expect(await store.members.getById(existing!.id)).toEqual(existing);
  });

  it("stores quotes and non-ASCII text exactly, splitting statements by bytes", async () => {
    const now = 1_790_000_000;
    const names = Array.from({ length: 400 }, (_, i) => `Ø'Brien “Ñandú” 名前 ${i} ${"é".repeat(200)}`);
    const rows = names.map((fullName, i) =>
      memberToRow({ ...newMember({ fullName }), id: `ee${String(i).padStart(22, "0")}`, memberNumber: 500_000 + i, createdAt: now }, now),
    );
    const statements = bulkUpsert(db, "members", rows);
    expect(statements.length).toBeGreaterThan(1);
    await db.batch(statements);
    expect((await store.members.getById(`ee${"0".repeat(21)}7`))?.fullName).toBe(names[7]);
  });

  it("refuses values it cannot store faithfully", () => {
    expect(() => bulkUpsert(db, "news", [{ id: "x", title: { nested: true } }])).toThrow(/object/);
    expect(() => bulkUpsert(db, "news", [{ id: "x", title: "a\u0000b" }])).toThrow(/NUL/);
    expect(() => bulkUpsert(db, "news", [{ id: "x", title: Number.NaN }])).toThrow(/NaN/);
    expect(() => bulkUpsert(db, "news; DROP TABLE news", [{ id: "x" }])).toThrow(/Unsafe/);
  });
});
