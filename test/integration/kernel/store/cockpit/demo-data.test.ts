import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCockpitDemo } from "../../../../../seed/cockpit-demo";
import { DEMO_ACCOUNTS } from "../../../../../seed/demo-accounts";
import { seedDatabase } from "../../../../../seed/seed";
import { verifyPassword } from "~/kernel/auth/password.server";
import { createCockpitClient } from "~/kernel/store/cockpit/client.server";
import { cockpitMembers } from "~/kernel/store/cockpit/members.server";
import { cockpitTickets } from "~/kernel/store/cockpit/tickets.server";
import { cockpitTransactions } from "~/kernel/store/cockpit/transactions.server";
import { startFakeCockpit, type FakeCockpit } from "../../../../support/fake-cockpit";
import { useTestD1 } from "../../../../support/d1";

/**
 * The demo accounts in Cockpit's shapes (seed/cockpit-demo.ts) read back through the
 * Cockpit adapter as the D1 seed's records: a site served from the demo Cockpit signs in
 * the same people with the same payments and tickets.
 */

const date = new Date("2026-11-21T12:00:00Z");
const t = useTestD1();
let fake: FakeCockpit;

beforeAll(async () => {
  await seedDatabase(t.db, { date });
  const demo = await buildCockpitDemo(date);
  expect(JSON.parse(JSON.stringify(demo))).toEqual(demo);
  fake = await startFakeCockpit({ collections: demo.collections, singletons: demo.singletons });
});
afterAll(async () => {
  await fake?.stop();
});

describe("the demo data in Cockpit's shapes", () => {
  it("holds the demo accounts, their payments and tickets as the D1 seed does", async () => {
    const client = createCockpitClient({ baseUrl: fake.url, token: fake.token });
    const members = cockpitMembers(client);
    const transactions = cockpitTransactions(client);
    const tickets = cockpitTickets(client, null);
    for (const account of DEMO_ACCOUNTS) {
      const expected = await t.store.members.findByEmail(account.email);
      const member = await members.findByEmail(account.email);
      expect(member, account.email).toEqual(expected);
      expect(await verifyPassword(account.password, member!.passwordHash)).toBeTruthy();
      expect(await transactions.listByUser(member!.id), account.email).toEqual(await t.store.transactions.listByUser(member!.id));
      expect(await tickets.listOpenByUser(member!.id), account.email).toEqual(await t.store.tickets.listOpenByUser(member!.id));
    }
    expect(fake.data.collections.userlist).toHaveLength(DEMO_ACCOUNTS.length);
    expect(fake.data.collections.tickets!.length).toBeGreaterThan(0);
  });
});
