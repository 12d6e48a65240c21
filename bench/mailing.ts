import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { Miniflare } from "miniflare";
import { unstable_splitSqlQuery } from "wrangler";
import { ROOT } from "../scripts/lib";
import { bindingsOnOwnProxy } from "../scripts/own-proxy";
import { startFakeResend } from "../test/support/fake-resend";
import { consumeMailingQueue, mailingReport, renderMailingCopy, startMailing, unsubscribeUrl } from "../app/features/mailings/index.server";
import { renderMailingTemplate } from "../app/features/mailings/sending/render.server";
import { personalise } from "../app/features/mailings/sending/copy";
import type { MailingMessage } from "../app/features/mailings/sending/queue";
import { BATCH_PAUSE_MS } from "../app/kernel/email/email.server";
import { parseEnv } from "../app/kernel/http/env.server";
import { createD1Store } from "../app/kernel/store/d1/index.server";
import { currentYear } from "../app/kernel/dates/dates";
import type { Mailing, NewMailing } from "../app/kernel/store/records";
import { countingD1, noRows } from "./d1-rows-count";

/**
 * npm run bench:mailing — a member mailing to 1,000 members (docs/requirements.md §13, ADR 73):
 * - Send: startMailing's time and D1 statements (budget: under 1 s, at most 20 statements);
 * - delivery: the time until all 1,000 copies are in the outbox (no Resend key), and through the
 *   fake Resend at Resend's 2 calls a second (budget: under 60 s), with the Resend calls and queue
 *   messages (budgets: at most 20 and 40);
 * - rendering: ms per copy and the HTML's size (budgets: under 20 ms, under 100 kB).
 * The sending core runs in Node against a real D1 in workerd (Miniflare) through its proxy, so
 * every statement pays a round trip the Worker would not: the times are upper bounds. The queue
 * is a recording producer drained by the worker's own consumer code (consumeMailingQueue), five
 * messages a batch as wrangler.toml has it. Writes bench/results/mailing.json; exits 1 when a
 * budget fails.
 */

const MEMBERS = 1_000;
const SITE = "https://www.example.org.uk";
const RESULTS_FILE = path.join(ROOT, "bench", "results", "mailing.json");

export const MAILING_BUDGETS = {
  sendMs: 1_000,
  sendStatements: 20,
  allCopiesMs: 60_000,
  resendCalls: 20,
  queueMessages: 40,
  renderMsPerCopy: 20,
  htmlBytes: 100 * 1024,
};

async function freshD1() {
  const mf = new Miniflare({
    name: "bench-mailing",
    modules: true,
    script: "export default {}",
    compatibilityDate: "2026-04-20",
    host: "127.0.0.1",
    d1Databases: { DB: "bench-mailing-db" },
    r2Buckets: { MEDIA: "bench-mailing-media" },
    d1Persist: false,
    r2Persist: false,
  });
  const own = await bindingsOnOwnProxy(mf, { worker: "bench-mailing", d1: "DB", r2: "MEDIA" });
  const dir = path.join(ROOT, "migrations");
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    const statements = unstable_splitSqlQuery(readFileSync(path.join(dir, file), "utf8"));
    await own.db.batch(statements.map((sql) => own.db.prepare(sql)));
  }
  return { db: own.db, stop: async () => (await own.dispose(), await mf.dispose()) };
}

/** 1,000 members who have not renewed this year, in one batch of inserts. */
async function addMembers(db: D1Database): Promise<void> {
  const year = currentYear();
  const statements = Array.from({ length: MEMBERS }, (_, i) =>
    db
      .prepare(
        `INSERT INTO members (id, member_number, email, password_hash, title, full_name, membership, consents, role, active, registration_paid, last_renewed_year, created_at, updated_at)
         VALUES (?, ?, ?, 'x', 'Mrs', ?, 'Single', '{}', 'member', 1, 1, ?, 1, 1)`,
      )
      .bind(`bench-member-${String(i).padStart(5, "0")}`, 10_000 + i, `member${i}@example.org`, `Member${i} Surname`, year - 1),
  );
  for (let start = 0; start < statements.length; start += 250) await db.batch(statements.slice(start, start + 250));
}

function recordingQueue() {
  const waiting: MailingMessage[] = [];
  let messages = 0;
  return {
    producer: {
      async send(body: MailingMessage) {
        messages += 1;
        waiting.push(body);
      },
      async sendBatch(batch: Array<{ body: MailingMessage }>) {
        for (const { body } of batch) await this.send(body);
      },
    },
    messages: () => messages,
    async drain(context: AppLoadContext, pauseMs: number) {
      while (waiting.length > 0) {
        const batch = waiting.splice(0, 5).map((body, i) => ({ id: String(i), timestamp: new Date(), body, attempts: 1, ack() {}, retry() {} }));
        await consumeMailingQueue(
          context,
          { queue: "mma-community-mailings", messages: batch, ackAll() {}, retryAll() {} } as unknown as MessageBatch<unknown>,
          {
            pauseMs,
          },
        );
      }
    },
  };
}

const notice: NewMailing = {
  kind: "notice",
  subject: "Please renew your membership",
  preview: "Your subscription for this year is due",
  bodyHtml: `<h2>Renewals are open</h2>${"<p>Thank you for being part of the association this year. Renewing keeps the school, the festivals and the library going. Please renew before 30 September.</p>".repeat(8)}`,
  photo: { path: "/media/photos/bench/original.jpg", width: 2000, height: 1333, alt: "The hall", renditions: [350, 700, 1100, 1600] },
  buttonLabel: "Renew my membership",
  buttonUrl: "/mem-account",
  audience: { kind: "not-renewed" },
  publishNews: false,
  createdBy: "bench-editor",
};

async function sendOnce(options: { resend: boolean }) {
  const { db, stop } = await freshD1();
  const resend = options.resend ? await startFakeResend() : null;
  try {
    await addMembers(db);
    const totals = noRows();
    const counted = countingD1(db, totals);
    const queue = recordingQueue();
    const env = parseEnv({
      DB: counted,
      ENVIRONMENT: "development",
      ...(resend ? { RESEND_API_KEY: "re_bench", RESEND_API_URL: resend.url } : {}),
    });
    const context = {
      cloudflare: { env: { MAILINGS: queue.producer }, ctx: { waitUntil() {}, passThroughOnException() {} } },
      env,
      store: createD1Store(counted),
      origin: SITE,
    } as unknown as AppLoadContext;
    const mailing = await context.store.mailings.create(notice, 1);
    Object.assign(totals, noRows());
    const started = performance.now();
    const result = await startMailing(context, mailing.id, { id: "bench-editor", fullName: "Bench Editor" }, SITE, new Date());
    const sendMs = performance.now() - started;
    const atSend = { ...totals };
    const sendStatements = totals.statements;
    if (result.kind !== "started" || result.recipients !== MEMBERS) throw new Error(`The mailing did not start for ${MEMBERS}: ${JSON.stringify(result)}`);
    const deliveryStart = performance.now();
    await queue.drain(context, resend ? BATCH_PAUSE_MS : 0);
    const allCopiesMs = performance.now() - deliveryStart;
    const report = await mailingReport(context, mailing.id);
    const outbox = await db.prepare("SELECT COUNT(*) AS n FROM outbox WHERE purpose = 'mailing'").first<{ n: number }>();
    const delivered = resend ? resend.requests.length : Number(outbox?.n ?? 0);
    if (report.sent !== MEMBERS || delivered !== MEMBERS) throw new Error(`Expected ${MEMBERS} copies, got ${delivered} (report: ${JSON.stringify(report)})`);
    return {
      sendMs: Math.round(sendMs),
      sendStatements,
      allCopiesMs: Math.round(allCopiesMs),
      resendCalls: resend ? resend.batchCalls.length : 0,
      queueMessages: queue.messages(),
      statementsPerBatch: Math.round((totals.statements - sendStatements) / queue.messages()),
      // D1's own figures (meta.rows_read / rows_written, indexes included): the free plan's daily allowances.
      sendRowsRead: atSend.read,
      sendRowsWritten: atSend.written,
      deliveryRowsRead: totals.read - atSend.read,
      deliveryRowsWritten: totals.written - atSend.written,
    };
  } finally {
    await resend?.stop();
    await stop();
  }
}

async function rendering() {
  const mailing = {
    ...notice,
    id: "bench-mailing",
    newsId: null,
    status: "sending",
    scheduledAt: null,
    startedAt: 1,
    finishedAt: null,
    round: 1,
    siteUrl: SITE,
    updatedBy: "x",
    createdAt: 1,
    updatedAt: 1,
  } as Mailing;
  const url = `${SITE}/unsubscribe/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;
  // Warm up, then a batch as the consumer renders it: one template render and 100 copies from it.
  await renderMailingCopy(mailing, { memberId: "m", firstName: "Sarah" }, { siteUrl: SITE, unsubscribeUrl: url });
  const batchStart = performance.now();
  const template = await renderMailingTemplate(mailing, SITE);
  let html = "";
  for (let i = 0; i < 100; i++) html = personalise(template, `Member${i}`, url, {}).html;
  const perCopyInBatch = (performance.now() - batchStart) / 100;
  // A copy rendered on its own (the preview and the test copy).
  const singleStart = performance.now();
  for (let i = 0; i < 20; i++) await renderMailingCopy(mailing, { memberId: "m", firstName: `Member${i}` }, { siteUrl: SITE, unsubscribeUrl: url });
  const perCopyAlone = (performance.now() - singleStart) / 20;
  // A consumer's own work for one batch of 100, without its I/O: one render, 100 signed unsubscribe addresses, 100 copies.
  const context = { env: parseEnv({ DB: { prepare() {}, batch() {} }, ENVIRONMENT: "development" }) } as unknown as AppLoadContext;
  const workStart = performance.now();
  const batchTemplate = await renderMailingTemplate(mailing, SITE);
  for (let i = 0; i < 100; i++) {
    const address = await unsubscribeUrl(context, SITE, { memberId: `member-${i}`, kind: "notice", mailingId: mailing.id });
    personalise(batchTemplate, `Member${i}`, address, {});
  }
  const batchWorkMs = performance.now() - workStart;
  return {
    renderMsPerCopy: Number(perCopyInBatch.toFixed(2)),
    renderMsPerCopyAlone: Number(perCopyAlone.toFixed(2)),
    htmlBytes: new TextEncoder().encode(html).length,
    batchWorkMs: Number(batchWorkMs.toFixed(1)),
  };
}

async function main() {
  console.log(`Mailing bench: ${MEMBERS} members, notice "not renewed"`);
  const outbox = await sendOnce({ resend: false });
  console.log(`  outbox: ${JSON.stringify(outbox)}`);
  const viaResend = await sendOnce({ resend: true });
  console.log(`  fake Resend: ${JSON.stringify(viaResend)}`);
  const render = await rendering();
  console.log(`  render: ${JSON.stringify(render)}`);
  const checks: Array<[string, number, number]> = [
    ["Send request (ms)", outbox.sendMs, MAILING_BUDGETS.sendMs],
    ["Send D1 statements", outbox.sendStatements, MAILING_BUDGETS.sendStatements],
    ["all copies in the outbox (ms)", outbox.allCopiesMs, MAILING_BUDGETS.allCopiesMs],
    ["all copies through the fake Resend (ms)", viaResend.allCopiesMs, MAILING_BUDGETS.allCopiesMs],
    ["Resend calls", viaResend.resendCalls, MAILING_BUDGETS.resendCalls],
    ["queue messages", viaResend.queueMessages, MAILING_BUDGETS.queueMessages],
    ["render per copy (ms)", render.renderMsPerCopy, MAILING_BUDGETS.renderMsPerCopy],
    ["HTML part (bytes)", render.htmlBytes, MAILING_BUDGETS.htmlBytes],
  ];
  console.log("\n| Measure | Value | Budget | |\n|---|---:|---:|---|");
  for (const [name, value, budget] of checks) console.log(`| ${name} | ${value} | ${budget} | ${value <= budget ? "ok" : "OVER"} |`);
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify({ members: MEMBERS, outbox, viaResend, render, budgets: MAILING_BUDGETS }, null, 2)}\n`);
  if (checks.some(([, value, budget]) => value > budget)) process.exitCode = 1;
}

await main();
