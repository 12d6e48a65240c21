import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCockpitClient } from "~/kernel/store/cockpit/client.server";
import { createCockpitStore } from "~/kernel/store/cockpit/index.server";
import { createD1Store } from "~/kernel/store/d1/index.server";
import type { Store } from "~/kernel/store/port";
import { seedDatabase } from "../../../../../seed/seed";
import { cockpitDataFromD1 } from "../../../../support/cockpit-mode";
import { createTestD1 } from "../../../../support/d1";
import { startFakeCockpit, type FakeCockpit } from "../../../../support/fake-cockpit";
import { newMember, newTicket } from "../../../../support/fixtures";

/**
 * The browser tests' Cockpit run (test/support/cockpit-mode.ts) serves what the D1 seed and a
 * test's `prepare` wrote, copied into a fake Cockpit: read back through the Cockpit store,
 * it is the same members, transactions, tickets and settings the D1 store reads.
 */

const date = new Date();
let d1: Store;
let cockpit: Store;
let fake: FakeCockpit;
let dispose: () => Promise<void>;
const ids = { members: [] as string[], transactions: [] as string[], tickets: [] as string[] };

beforeAll(async () => {
  const test = await createTestD1();
  dispose = test.dispose;
  await seedDatabase(test.db, { date });
  d1 = createD1Store(test.db);
  // As a test's prepare would: a member with a paid, partly admitted ticket, and a changed setting.
  const member = await d1.members.register(newMember({ fullName: "Prepared Person", active: true, registrationPaid: true }));
  const ticket = await d1.tickets.create(newTicket(member.id, { code: "PREP23", email: member.email }));
  await d1.tickets.markPaid(ticket.id);
  await d1.tickets.admit(ticket.id, [{ band: "adult", position: 1 }], 1_800_000_000);
  await test.db.prepare("UPDATE singletons SET data = json_set(data, '$.tickets.title', 'Prepared Party') WHERE name = 'general'").run();
  for (const table of ["members", "transactions", "tickets"] as const) {
    ids[table] = (await test.db.prepare(`SELECT id FROM ${table}`).all<{ id: string }>()).results.map((r) => r.id);
  }
  fake = await startFakeCockpit(await cockpitDataFromD1(test.db, date));
  cockpit = createCockpitStore(createCockpitClient({ baseUrl: fake.url, token: fake.token }), test.db);
});
afterAll(async () => {
  await fake?.stop();
  await dispose?.();
});

describe("the Cockpit run's data", () => {
  it("holds every member, transaction and ticket of the D1, read back alike", async () => {
    expect(ids.members.length).toBeGreaterThan(4);
    expect(ids.tickets.length).toBeGreaterThan(1);
    expect(fake.data.collections.userlist).toHaveLength(ids.members.length);
    for (const id of ids.members) expect(await cockpit.members.getById(id)).toEqual(await d1.members.getById(id));
    for (const id of ids.transactions) expect(await cockpit.transactions.getById(id)).toEqual(await d1.transactions.getById(id));
    for (const id of ids.tickets) expect(await cockpit.tickets.getById(id)).toEqual(await d1.tickets.getById(id));
    const prepared = await cockpit.tickets.getByCode("prep23");
    expect(prepared?.paid).toBe(true);
    expect(prepared?.attendees.find((a) => a.band === "adult" && a.position === 1)?.admittedAt).toBe(1_800_000_000);
  });

  it("has the settings as the D1 holds them after prepare, and the demo's public content", async () => {
    const settings = await cockpit.content.getSiteSettings();
    expect(settings.tickets.title).toBe("Prepared Party");
    expect(settings).toEqual(await d1.content.getSiteSettings());
    expect((await cockpit.documents.list()).map((d) => d.id)).toEqual((await d1.documents.list()).map((d) => d.id));
  });
});
