import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentYear } from "~/kernel/dates/dates";
import { pendingMembersQuery } from "~/features/office/renewals-report";
import { reminderStageLines, ukDate } from "~/features/membership/renewal-reminder-stages";
import { d1Members } from "~/kernel/store/d1/members.server";
import { d1Transactions } from "~/kernel/store/d1/transactions.server";
import { openServerPlatform } from "../../../support/server-d1";
import { cockpitMode } from "../../../support/cockpit-mode";
import { newMember, newTransaction } from "../../../support/fixtures";
import { parseHtml, textOf } from "../../../support/html";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount, sessionCookieFor } from "../../../support/session";

/**
 * The daily scheduled run (server.ts `scheduled`, ADR 0050), triggered at chosen moments
 * through Miniflare's scheduled() on a private server (the worker as deployed, real D1). The demo's
 * reminder stages are 1 September, 1 October and 1 November. On the Cockpit store too
 * (E2E_STORE=cockpit): members and payments then live in the fake Cockpit.
 */

const Y = currentYear();
const ms = (month: number, day: number) => Date.UTC(Y, month - 1, day, 6);
const seconds = (month: number, day: number) => ms(month, day) / 1000;
const STAGES = [
  { label: "1 September", first: ms(9, 1), again: ms(9, 2) },
  { label: "1 October", first: ms(10, 1), again: ms(10, 1) + 60_000 },
  { label: "1 November", first: ms(11, 1), again: ms(11, 15) },
];

async function runAt(server: SeededServer, time: number) {
  expect(await server.scheduled(new Date(time))).toBe("ok");
}

async function withDb<T>(persistTo: string, read: (db: D1Database) => Promise<T>): Promise<T> {
  const { db, dispose } = await openServerPlatform(persistTo);
  try {
    return await read(db);
  } finally {
    await dispose();
  }
}

/** Renewal reminders in the outbox, per recipient. */
async function remindersPerEmail(persistTo: string): Promise<Map<string, number>> {
  return withDb(persistTo, async (db) => {
    const { results } = await db.prepare("SELECT recipients, COUNT(*) AS n FROM outbox WHERE purpose = 'renewal-reminder' GROUP BY recipients").all<{
      recipients: string;
      n: number;
    }>();
    return new Map(results.map((row) => [(JSON.parse(row.recipients) as string[])[0]!, Number(row.n)]));
  });
}

/** The activity log's first page, as text (the newest entries). */
async function activityText(base: string): Promise<string> {
  const response = await fetch(`${base}/accounts/activity`, { headers: { Cookie: await sessionCookieFor(demoAccount("treasurer").id) } });
  expect(response.status).toBe(200);
  return parseHtml(await response.text()).text("main");
}

describe("the daily scheduled run", () => {
  let server: SeededServer;
  let pending: string[] = [];
  const renewed = newMember({ fullName: "Renewed This Year Person", active: true, registrationPaid: true, lastRenewedYear: Y });
  const late = newMember({ fullName: "Reminder Late Person", active: true, registrationPaid: true, lastRenewedYear: Y - 1 });
  let oldPaymentId = "";

  beforeAll(async () => {
    server = await startSeededServer({
      prepare: async (db) => {
        const members = d1Members(db);
        await members.register(renewed);
        const payer = await members.register(late);
        const payment = await d1Transactions(db).create(newTransaction(payer.id, { year: Y, memberName: late.fullName, memberEmail: late.email }));
        oldPaymentId = payment.id;
        // A checkout started on 1 August and never finished: more than 24 hours old by 1 September.
        await db.batch([
          db.prepare("UPDATE transactions SET created_at = ?1 WHERE id = ?2").bind(seconds(8, 1), payment.id),
          db.prepare("INSERT INTO rate_limits (key, window_start, expires_at, hits) VALUES ('test:old', ?1, ?2, 1)").bind(seconds(8, 1), seconds(8, 2)),
          db.prepare("INSERT INTO rate_limits (key, window_start, expires_at, hits) VALUES ('test:live', ?1, ?2, 1)").bind(seconds(8, 1), seconds(12, 31)),
          db
            .prepare("INSERT INTO member_sessions (id, member_id, created_at, last_seen_at, expires_at) VALUES ('test-old-session', 'm', ?1, ?1, ?2)")
            .bind(seconds(7, 20), seconds(8, 2)),
          db
            .prepare("INSERT INTO member_sessions (id, member_id, created_at, last_seen_at, expires_at) VALUES ('test-live-session', 'm', ?1, ?1, ?2)")
            .bind(seconds(12, 20), seconds(12, 31)),
          db
            .prepare(
              "INSERT INTO sign_in_codes (id, member_id, browser_hash, code_hash, link_hash, created_at, expires_at) VALUES ('test-old-code', NULL, 'b', 'c', 'l', ?1, ?2)",
            )
            .bind(seconds(8, 1), seconds(8, 1) + 600),
          db
            .prepare(
              "INSERT INTO sign_in_codes (id, member_id, browser_hash, code_hash, link_hash, created_at, expires_at) VALUES ('test-live-code', NULL, 'b', 'c', 'l', ?1, ?2)",
            )
            .bind(seconds(12, 31), seconds(12, 31) + 600),
        ]);
        pending = (await members.list(pendingMembersQuery(Y))).rows.map((member) => member.email);
      },
    });
  });
  afterAll(() => server?.stop());

  it("sends nothing before the first stage", async () => {
    expect(pending).toContain(late.email);
    expect(pending).not.toContain(renewed.email);
    await runAt(server, ms(8, 15));
    expect((await remindersPerEmail(server.persistTo)).size).toBe(0);
  });

  it("reminds each member not renewed once per stage, however often it runs, and never a renewed member", async () => {
    for (const [index, stage] of STAGES.entries()) {
      await runAt(server, stage.first);
      await runAt(server, stage.again);
      const counts = await remindersPerEmail(server.persistTo);
      expect(counts.get(renewed.email), stage.label).toBeUndefined();
      expect([...counts.keys()].sort(), stage.label).toEqual([...pending].sort());
      for (const email of pending) expect(counts.get(email), `${email} after ${stage.label}`).toBe(index + 1);
    }
    const perStage = await withDb(server.persistTo, (db) =>
      db
        .prepare("SELECT stage, COUNT(*) AS n FROM renewal_reminders WHERE year = ?1 GROUP BY stage ORDER BY stage")
        .bind(Y)
        .all<{ stage: string; n: number }>(),
    );
    const log = await activityText(server.url);
    for (const stage of STAGES) expect(log).toContain(`Scheduled: sent ${pending.length} renewal reminders (${stage.label})`);
    // The subscriptions page says when each stage last went, and to how many.
    const page = await fetch(`${server.url}/mem-renewals`, { headers: { Cookie: await sessionCookieFor(demoAccount("treasurer").id) } });
    const lines = parseHtml(await page.text())
      .all(".reminder-stages li")
      .map((li) => textOf(li));
    expect(lines).toEqual(
      reminderStageLines(
        ["09-01", "10-01", "11-01"],
        STAGES.map((stage, index) => ({ stage: ["09-01", "10-01", "11-01"][index]!, lastSentAt: stage.first / 1000, reminded: pending.length })),
        ukDate(new Date()),
      ),
    );
    expect(perStage.results.map((row) => [row.stage, Number(row.n)])).toEqual([
      ["09-01", pending.length],
      ["10-01", pending.length],
      ["11-01", pending.length],
    ]);
  });

  it("closed the checkout left pending for more than 24 hours, and deleted only expired rate-limit, session and sign-in code rows", async () => {
    // Also run here, so that this test stands alone (the runs above have done the same).
    await runAt(server, ms(11, 20));
    const rows = await withDb(server.persistTo, async (db) => ({
      limits: (await db.prepare("SELECT key FROM rate_limits WHERE key LIKE 'test:%' ORDER BY key").all<{ key: string }>()).results.map((r) => r.key),
      sessions: (await db.prepare("SELECT id FROM member_sessions WHERE id LIKE 'test-%' ORDER BY id").all<{ id: string }>()).results.map((r) => r.id),
      codes: (await db.prepare("SELECT id FROM sign_in_codes WHERE id LIKE 'test-%' ORDER BY id").all<{ id: string }>()).results.map((r) => r.id),
      payment: await db.prepare("SELECT status FROM transactions WHERE id = ?1").bind(oldPaymentId).first<{ status: string }>(),
    }));
    expect(rows.limits).toEqual(["test:live"]);
    expect(rows.sessions).toEqual(["test-live-session"]);
    expect(rows.codes).toEqual(["test-live-code"]);
    if (cockpitMode()) {
      const entry = server.cockpit!.data.collections.membertransactions!.find((t) => JSON.stringify(t).includes(late.email));
      expect(entry && JSON.stringify(entry)).toContain('"failed"');
    } else {
      expect(rows.payment?.status).toBe("failed");
    }
  });
});
