import { activityToCockpit } from "~/kernel/store/cockpit/activity.server";
import { activityFromRow } from "~/kernel/store/d1/activity.server";
import { memberFromRow, ticketFromRow, transactionFromRow } from "~/kernel/store/d1/rows";
import type { SiteSettings } from "~/kernel/store/site-settings";
import { cockpitDemoAccounts, cockpitDemoContent, type CockpitDemo } from "../../seed/cockpit-demo";
import { buildDemo } from "../../seed/demo";

/**
 * The browser tests' second run (`npm run test:e2e:cockpit`, E2E_STORE=cockpit): every
 * test server (the shared one and startSeededServer's private ones) is the same worker
 * with CMS_API_URL pointing at its own fake Cockpit (test/support/fake-cockpit.ts) that
 * holds what the D1 seed (and the test's `prepare`) wrote, in Cockpit's shapes.
 */
export const cockpitMode = (): boolean => process.env.E2E_STORE === "cockpit";

export { COCKPIT_E2E } from "./cockpit-e2e";

const TICKETS_WITH_ATTENDEES = `SELECT t.*, (
    SELECT json_group_array(json_object('band', a.band, 'position', a.position, 'name', a.name, 'admittedAt', a.admitted_at))
    FROM ticket_attendees a WHERE a.ticket_id = t.id
  ) AS attendees
  FROM tickets t`;

async function rows(db: D1Database, sql: string): Promise<Record<string, unknown>[]> {
  return (await db.prepare(sql).all<Record<string, unknown>>()).results;
}

/**
 * A seeded D1 in Cockpit's shapes: the public content of the demo for `date` (the day
 * the D1 seed used), and, read back from the database, the site settings, members,
 * transactions, tickets and the activity log, so whatever a test's `prepare` changed there is
 * in the fake too.
 */
export async function cockpitDataFromD1(db: D1Database, date: Date): Promise<CockpitDemo> {
  const demo = await buildDemo(date);
  const general = await db.prepare("SELECT data FROM singletons WHERE name = 'general'").first<{ data: string }>();
  const content = cockpitDemoContent({ ...demo, settings: JSON.parse(general!.data) as SiteSettings });
  const accounts = cockpitDemoAccounts({
    members: (await rows(db, "SELECT * FROM members")).map(memberFromRow),
    transactions: (await rows(db, "SELECT * FROM transactions")).map(transactionFromRow),
    tickets: (await rows(db, TICKETS_WITH_ATTENDEES)).map(ticketFromRow),
  });
  const activity = (await rows(db, "SELECT * FROM activity ORDER BY rowid"))
    .map(activityFromRow)
    .map(({ id, ...entry }) => ({ _id: id, ...activityToCockpit(entry) }));
  return { collections: { ...content.collections, ...accounts, activity }, singletons: content.singletons };
}
