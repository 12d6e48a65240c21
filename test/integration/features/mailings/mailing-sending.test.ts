import type { AppLoadContext } from "@remix-run/cloudflare";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  audienceRecipients,
  consumeMailingQueue,
  mailingReport,
  reachableCount,
  resendFailed,
  runDueMailings,
  sendMailingTest,
  startMailing,
} from "~/features/mailings/index.server";
import { eventFieldsFromSettings } from "~/features/tickets/event-schedule";
import { defaultSiteSettings } from "~/kernel/store/site-settings-defaults";
import { MAX_QUEUE_RETRIES, type MailingMessage } from "~/features/mailings/sending/queue";
import { MAY_HAVE_BEEN_SENT, sendMailingBatch } from "~/features/mailings/sending/send.server";
import { currentYear } from "~/kernel/dates/dates";
import type { Member, NewMailing } from "~/kernel/store/records";
import { startFakeResend, type FakeResend } from "../../../support/fake-resend";
import { newMember, newTicket } from "../../../support/fixtures";
import { parseHtml } from "../../../support/html";
import { devEnv } from "../../../support/session";
import { describeStore, QUICK_CLAIM_PAUSE_MS, type StoreContext } from "../../../support/store-adapters";

/**
 * The sending core (docs/requirements.md §13, ADR 73) on both stores: Send claims the mailing
 * once, writes a delivery row per reachable member, enqueues one message per 100; the consumer
 * sends each batch once through Resend's batch API (a fake that honours idempotency keys as
 * Resend does) or stores it in the outbox. The queue here records messages and redelivers the
 * retried ones with their try count, as Cloudflare Queues does (max_retries, then the
 * dead-letter queue); the worker's own queue runs in mailing-queue-worker.test.ts.
 */

const SITE = "https://www.example.org.uk";
const Y = currentYear();
const at = () => new Date();

/** A recording queue producer, and a delivery loop with Queues' retry semantics. */
function testQueue() {
  const waiting: Array<{ body: MailingMessage; attempts: number }> = [];
  const sent: MailingMessage[] = [];
  const deadLetters: MailingMessage[] = [];
  /** The delaySeconds each retry asked for, in order. */
  const delays: Array<number | undefined> = [];
  const state = { down: false };
  const producer = {
    async send(body: MailingMessage) {
      if (state.down) throw new Error("Queue send failed: the service is unavailable");
      sent.push(body);
      waiting.push({ body, attempts: 1 });
    },
    async sendBatch(messages: Array<{ body: MailingMessage }>) {
      if (state.down) throw new Error("Queue sendBatch failed: the service is unavailable");
      for (const { body } of messages) await producer.send(body);
    },
  };
  /** Delivers every waiting message (5 a batch, as wrangler.toml), retrying as Queues does, until none waits. */
  async function drain(context: AppLoadContext, options: { beforeEachRound?: () => void } = {}) {
    while (waiting.length > 0) {
      options.beforeEachRound?.();
      const round = waiting.splice(0, 5);
      const acked = new Set<number>();
      const retried = new Set<number>();
      await consumeMailingQueue(
        context,
        {
          queue: "mma-community-mailings",
          messages: round.map((m, i) => ({
            id: String(i),
            timestamp: new Date(),
            body: m.body,
            attempts: m.attempts,
            ack: () => acked.add(i),
            retry: (retryOptions?: { delaySeconds?: number }) => {
              retried.add(i);
              delays.push(retryOptions?.delaySeconds);
            },
          })),
          ackAll() {},
          retryAll() {},
        } as unknown as MessageBatch<unknown>,
        { pauseMs: 0 },
      );
      round.forEach((m, i) => {
        if (acked.has(i)) return;
        if (m.attempts > MAX_QUEUE_RETRIES) deadLetters.push(m.body);
        else waiting.push({ body: m.body, attempts: m.attempts + 1 });
      });
    }
  }
  return { producer, sent, deadLetters, delays, drain, state };
}

function contextOf(t: StoreContext, queue: ReturnType<typeof testQueue>, resend?: FakeResend): AppLoadContext {
  return {
    cloudflare: { env: { MAILINGS: queue.producer }, ctx: { waitUntil() {}, passThroughOnException() {} } },
    env: { ...devEnv, DB: t.db, ...(resend ? { RESEND_API_KEY: "re_fake_test_key", RESEND_API_URL: resend.url } : {}) },
    store: t.store,
    origin: SITE,
  } as unknown as AppLoadContext;
}

const notice = (overrides: Partial<NewMailing> = {}): NewMailing => ({
  kind: "notice",
  subject: "Please renew",
  preview: "Your subscription is due",
  bodyHtml: "<p>Please renew <script>alert(1)</script>your membership.</p>",
  photo: null,
  buttonLabel: "Renew",
  buttonUrl: "/mem-account",
  audience: { kind: "not-renewed" },
  publishNews: false,
  createdBy: "editor-1",
  ...overrides,
});

const actor = { id: "editor-1", fullName: "Edith Editor" };

describeStore("sending a mailing", { verifyDelayMs: QUICK_CLAIM_PAUSE_MS }, (t) => {
  const late: Member[] = [];
  let renewed: Member;
  let resend: FakeResend;

  beforeAll(async () => {
    resend = await startFakeResend();
    renewed = await t.store.members.register(newMember({ fullName: "Rita Renewed", active: true, registrationPaid: true, lastRenewedYear: Y }));
    for (let i = 0; i < 150; i++) {
      late.push(await t.store.members.register(newMember({ fullName: `Late${i} Member`, active: true, registrationPaid: true, lastRenewedYear: Y - 1 })));
    }
  });
  afterAll(() => resend?.stop());

  const lateIds = () => late.map((m) => m.id).sort();

  it("sends a notice once to each member of the audience under two Sends at once, in the outbox with its headers", async () => {
    const queue = testQueue();
    const context = contextOf(t, queue);
    const mailing = await t.store.mailings.create(notice(), 1);
    expect(await reachableCount(context, "notice", mailing.audience, at())).toBe(150);
    const results = await Promise.all([startMailing(context, mailing.id, actor, SITE, at()), startMailing(context, mailing.id, actor, SITE, at())]);
    expect(results.map((r) => r.kind).sort()).toEqual(["already-started", "started"]);
    expect(results.find((r) => r.kind === "started")).toEqual({ kind: "started", recipients: 150 });
    expect(queue.sent).toEqual([
      { mailingId: mailing.id, round: 1, batch: 1 },
      { mailingId: mailing.id, round: 1, batch: 2 },
    ]);
    expect(await mailingReport(context, mailing.id)).toMatchObject({ queued: 150, sent: 0, waiting: 150 });
    await queue.drain(context);
    const { results: rows } = await t.db
      .prepare("SELECT member_id, recipients, html, headers FROM outbox WHERE purpose = 'mailing' AND subject = 'Please renew'")
      .all<{ member_id: string; recipients: string; html: string; headers: string }>();
    expect(rows.map((r) => r.member_id).sort()).toEqual(lateIds());
    expect(rows.map((r) => r.member_id)).not.toContain(renewed.id);
    const first = rows.find((r) => r.member_id === late[0]!.id)!;
    const headers = JSON.parse(first.headers) as Record<string, string>;
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(headers["List-Unsubscribe"]).toMatch(new RegExp(`^<${SITE}/unsubscribe/[^>]+>$`));
    const page = parseHtml(first.html);
    expect(page.text("body")).toContain("Dear Late0,");
    expect(page.all("script")).toHaveLength(0);
    expect(page.all("a").map((a) => a.attribs.href)).toEqual(expect.arrayContaining([`${SITE}/mem-account`, headers["List-Unsubscribe"]!.slice(1, -1)]));
    expect(await mailingReport(context, mailing.id)).toMatchObject({ queued: 150, sent: 150, failed: 0, waiting: 0 });
    expect((await t.store.mailings.get(mailing.id))?.status).toBe("sent");
    // A third Send, after it went, changes nothing.
    expect(await startMailing(context, mailing.id, actor, SITE, at())).toEqual({ kind: "already-started" });
  });

  it("publishes the mailing as news when asked, logs the Send with its count and no names, and sends a test to the sender only", async () => {
    const queue = testQueue();
    const context = contextOf(t, queue);
    const mailing = await t.store.mailings.create(notice({ subject: "Open day", audience: { kind: "children-born", years: [1980] }, publishNews: true }), 1);
    const family = await t.store.members.register(
      newMember({ fullName: "Nora News", membership: "Family", active: true, registrationPaid: true, children: [{ name: "Kid", birthYear: 1980 }] }),
    );
    const test = await sendMailingTest(context, mailing, family, SITE);
    expect(test).toMatchObject({ purpose: "mailing-test", memberId: family.id, to: [family.email], status: "stored", subject: "Test: Open day" });
    expect(test.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(parseHtml(test.html).text("body")).toContain("Dear Nora,");
    expect(queue.sent).toEqual([]);
    const result = await startMailing(context, mailing.id, actor, SITE, at());
    expect(result.kind).toBe("started");
    const sent = await t.store.mailings.get(mailing.id);
    expect(sent?.newsId).toBeTruthy();
    expect(await t.store.content.getNews(sent!.newsId!)).toMatchObject({ title: "Open day", published: true });
    expect(result).toEqual({ kind: "started", recipients: 1 });
    const { rows } = await t.store.activity.list({ page: 0, pageSize: 15 });
    const entry = rows.find((row) => row.kind === "mailing-sent" && row.subjectId === mailing.id);
    expect(entry).toMatchObject({ actorName: "Edith Editor", memberId: null, summary: 'Edith Editor sent the notice "Open day" to 1 member.' });
    expect(entry?.summary).not.toContain("Nora");
    await queue.drain(context);
  });

  it("sends to an event's paid ticket holders, not to a deleted one", async () => {
    const queue = testQueue();
    const context = contextOf(t, queue);
    const event = await t.store.events.create({
      ...eventFieldsFromSettings(defaultSiteSettings()),
      tickets: { ...defaultSiteSettings().tickets, title: "Mailing Gala", lastBookingDate: "2026-12-20" },
    });
    const holder = late[10]!;
    const gone = await t.store.members.register(newMember({ fullName: "Gone Holder", active: true, deleted: true }));
    for (const member of [holder, gone]) {
      const ticket = await t.store.tickets.create(newTicket(member.id, { eventId: event.id, title: "Mailing Gala" }));
      await t.store.tickets.markPaid(ticket.id);
    }
    expect((await audienceRecipients(context, { kind: "event-tickets", eventId: event.id }, at())).map((r) => r.memberId)).toEqual([holder.id]);
    const mailing = await t.store.mailings.create(notice({ subject: "Gala", audience: { kind: "event-tickets", eventId: event.id } }), 1);
    expect(await startMailing(context, mailing.id, actor, SITE, at())).toEqual({ kind: "started", recipients: 1 });
  });

  it("keeps a mailing to nobody a draft", async () => {
    const queue = testQueue();
    const mailing = await t.store.mailings.create(notice({ audience: { kind: "children-born", years: [1901] } }), 1);
    expect(await startMailing(contextOf(t, queue), mailing.id, actor, SITE, at())).toEqual({ kind: "empty-audience" });
    expect((await t.store.mailings.get(mailing.id))?.status).toBe("draft");
    expect(queue.sent).toEqual([]);
  });

  it("sends each member one copy through Resend when a batch is retried after Resend took it", async () => {
    const queue = testQueue();
    const context = contextOf(t, queue, resend);
    const mailing = await t.store.mailings.create(notice({ subject: "Retried" }), 1);
    resend.failAfterSending(1);
    expect(await startMailing(context, mailing.id, actor, SITE, at())).toEqual({ kind: "started", recipients: 150 });
    await queue.drain(context);
    const copies = resend.requests.filter((r) => r.body.subject === "Retried");
    expect(copies.map((r) => (r.body.to as string[])[0]).sort()).toEqual(late.map((m) => m.email).sort());
    const calls = resend.batchCalls.filter((c) => c.idempotencyKey?.startsWith(`mailing/${mailing.id}/`));
    // Batch 1 went, its answer was lost, and its retry was answered from the key: no second copy.
    expect(calls).toEqual([
      { idempotencyKey: `mailing/${mailing.id}/round/1/batch/1`, size: 100, replayed: false, status: 500 },
      { idempotencyKey: `mailing/${mailing.id}/round/1/batch/2`, size: 50, replayed: false, status: 200 },
      { idempotencyKey: `mailing/${mailing.id}/round/1/batch/1`, size: 100, replayed: true, status: 200 },
    ]);
    expect(copies.every((r) => r.body.headers?.["List-Unsubscribe-Post"] === "List-Unsubscribe=One-Click")).toBe(true);
    expect(await mailingReport(context, mailing.id)).toMatchObject({ sent: 150, failed: 0, waiting: 0 });
    const providerId = await deliveredId(t, mailing.id, late[0]!.id);
    expect(providerId).toMatch(/^fake-resend-/);
    expect(await t.store.mailingDeliveries.findByProviderId(providerId!)).toMatchObject({ memberId: late[0]!.id, status: "sent" });
  });

  it("a batch Resend took is retried with the same bytes seconds later: answered from its key, no second copy, rows sent", async () => {
    const queue = testQueue();
    const context = contextOf(t, queue, resend);
    const mailing = await t.store.mailings.create(notice({ subject: "Same bytes" }), 1);
    resend.failAfterSending(1);
    expect(await startMailing(context, mailing.id, actor, SITE, at())).toEqual({ kind: "started", recipients: 150 });
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      // Each delivery round two seconds later than the last: the retry's tokens are made at another time.
      await queue.drain(context, { beforeEachRound: () => vi.setSystemTime(Date.now() + 2000) });
    } finally {
      vi.useRealTimers();
    }
    const calls = resend.batchCalls.filter((c) => c.idempotencyKey === `mailing/${mailing.id}/round/1/batch/1`);
    expect(calls.map(({ status, replayed }) => ({ status, replayed }))).toEqual([
      { status: 500, replayed: false },
      { status: 200, replayed: true },
    ]);
    expect(resend.requests.filter((r) => r.body.subject === "Same bytes")).toHaveLength(150);
    expect(await mailingReport(context, mailing.id)).toMatchObject({ sent: 150, failed: 0, waiting: 0 });
  });

  it("leaves out a member whose address the site would not accept, and fails a batch Resend refuses as invalid at once, without retrying", async () => {
    const queue = testQueue();
    const context = contextOf(t, queue, resend);
    const good = await t.store.members.register(
      newMember({ fullName: "Vera Valid", active: true, registrationPaid: true, children: [{ name: "Kid", birthYear: 1971 }] }),
    );
    // An address typed long ago, before the site checked addresses.
    const broken = await t.store.members.register(
      newMember({ fullName: "Bob Broken", email: "bob at example", active: true, registrationPaid: true, children: [{ name: "Kid", birthYear: 1971 }] }),
    );
    const audience = { kind: "children-born" as const, years: [1971] };
    expect((await audienceRecipients(context, audience, at())).map((r) => r.memberId).sort()).toEqual([good.id, broken.id].sort());
    expect(await reachableCount(context, "notice", audience, at())).toBe(1);
    const mailing = await t.store.mailings.create(notice({ subject: "Invalid batch", audience }), 1);
    resend.failWith({ status: 422, name: "validation_error", message: "Invalid `to` field." });
    try {
      expect(await startMailing(context, mailing.id, actor, SITE, at())).toEqual({ kind: "started", recipients: 1 });
      await queue.drain(context);
    } finally {
      resend.failWith(null);
    }
    expect(resend.batchCalls.filter((c) => c.idempotencyKey?.startsWith(`mailing/${mailing.id}/`))).toHaveLength(1);
    expect(queue.delays).toEqual([]);
    const { rows } = await t.store.mailingDeliveries.unreachable(mailing.id);
    expect(rows.map((row) => [row.memberId, row.status])).toEqual([[good.id, "failed"]]);
    expect(rows[0]!.error).toMatch(/^validation_error:/);
  });

  it("in production without a Resend key the consumer stores nothing in the outbox: the copies stay waiting", async () => {
    const queue = testQueue();
    const mailing = await t.store.mailings.create(notice({ subject: "Key removed" }), 1);
    expect(await startMailing(contextOf(t, queue), mailing.id, actor, SITE, at())).toEqual({ kind: "started", recipients: 150 });
    const production = contextOf(t, queue);
    production.env = { ...production.env, isProduction: true, RESEND_API_KEY: undefined };
    await queue.drain(production);
    expect(queue.deadLetters).toHaveLength(2);
    const { results } = await t.db.prepare("SELECT COUNT(*) AS n FROM outbox WHERE subject = 'Key removed'").all<{ n: number }>();
    expect(results[0]!.n).toBe(0);
    expect(await mailingReport(production, mailing.id)).toMatchObject({ queued: 150, sent: 0, failed: 0, waiting: 150 });
  });

  it("a copy still waiting 23 hours after its round began is marked failed as possibly sent, not sent again", async () => {
    const queue = testQueue();
    const context = contextOf(t, queue);
    const mailing = await t.store.mailings.create(notice({ subject: "A day late" }), 1);
    queue.state.down = true;
    expect(await startMailing(context, mailing.id, actor, SITE, at())).toEqual({ kind: "started", recipients: 150 });
    queue.state.down = false;
    const dayLater = new Date(Date.now() + 24 * 60 * 60 * 1000);
    // A message delivered a day late sends nothing; the 15-minute run enqueues nothing and fails the rest.
    expect(await sendMailingBatch(context, { mailingId: mailing.id, round: 1, batch: 1 }, { lastTry: false, at: dayLater })).toEqual({ sent: 0, failed: 100 });
    await runDueMailings(context, dayLater);
    expect(queue.sent.filter((m) => m.mailingId === mailing.id)).toEqual([]);
    expect(await mailingReport(context, mailing.id)).toMatchObject({ sent: 0, failed: 150, waiting: 0 });
    expect((await t.store.mailingDeliveries.unreachable(mailing.id, { page: 0, pageSize: 5 })).rows.every((row) => row.error === MAY_HAVE_BEEN_SENT)).toBe(
      true,
    );
    expect((await t.store.mailings.get(mailing.id))?.status).toBe("sent");
    const { results } = await t.db.prepare("SELECT COUNT(*) AS n FROM outbox WHERE subject = 'A day late'").all<{ n: number }>();
    expect(results[0]!.n).toBe(0);
  });

  it("sending the failed again while the queue is down keeps them waiting, and the 15-minute run enqueues them", async () => {
    const queue = testQueue();
    const context = contextOf(t, queue, resend);
    const mailing = await t.store.mailings.create(notice({ subject: "Down again" }), 1);
    resend.failWith({ status: 503, name: "internal_server_error", message: "Resend is down." });
    try {
      await startMailing(context, mailing.id, actor, SITE, at());
      await queue.drain(context);
    } finally {
      resend.failWith(null);
    }
    expect(await mailingReport(context, mailing.id)).toMatchObject({ failed: 150 });
    queue.state.down = true;
    expect(await resendFailed(context, mailing.id, actor, at())).toBe(150);
    queue.state.down = false;
    expect(await mailingReport(context, mailing.id)).toMatchObject({ failed: 0, waiting: 150 });
    await runDueMailings(context, new Date(Date.now() + 31 * 60 * 1000));
    expect(queue.sent.filter((m) => m.mailingId === mailing.id && m.round === 2)).toHaveLength(2);
    await queue.drain(context);
    expect(await mailingReport(context, mailing.id)).toMatchObject({ sent: 150, waiting: 0 });
  });

  it("leaves a Resend outage's copies failed after the queue's retries, and sends only those again", async () => {
    const queue = testQueue();
    const context = contextOf(t, queue, resend);
    const mailing = await t.store.mailings.create(notice({ subject: "Outage" }), 1);
    resend.failWith({ status: 503, name: "internal_server_error", message: "Resend is down." });
    try {
      await startMailing(context, mailing.id, actor, SITE, at());
      await queue.drain(context);
    } finally {
      resend.failWith(null);
    }
    expect(queue.deadLetters).toEqual([]);
    // Each retry waits longer (a minute, doubling): a brief outage does not use every try at once.
    expect(queue.delays).toEqual([60, 60, 120, 120, 240, 240]);
    expect(resend.requests.filter((r) => r.body.subject === "Outage")).toHaveLength(0);
    expect(await mailingReport(context, mailing.id)).toMatchObject({ queued: 150, sent: 0, failed: 150, waiting: 0 });
    // One address bounced meanwhile (the webhook): that copy is not failed any more, so not sent again.
    await t.store.mailingDeliveries.markResults(mailing.id, [{ memberId: late[0]!.id, status: "bounced" }], Math.floor(Date.now() / 1000));
    expect(await resendFailed(context, mailing.id, actor, at())).toBe(149);
    expect(queue.sent.filter((m) => m.round === 2)).toEqual([
      { mailingId: mailing.id, round: 2, batch: 1 },
      { mailingId: mailing.id, round: 2, batch: 2 },
    ]);
    await queue.drain(context);
    const copies = resend.requests.filter((r) => r.body.subject === "Outage");
    expect(copies).toHaveLength(149);
    expect(copies.map((r) => (r.body.to as string[])[0])).not.toContain(late[0]!.email);
    expect(resend.batchCalls.filter((c) => c.idempotencyKey?.startsWith(`mailing/${mailing.id}/round/2/`) && !c.replayed)).toHaveLength(2);
    expect(await mailingReport(context, mailing.id)).toMatchObject({ sent: 149, failed: 0, bounced: 1, waiting: 0 });
    expect(await resendFailed(context, mailing.id, actor, at())).toBe(0);
  });

  it("keeps the copies waiting through a queue outage at Send, and the 15-minute run enqueues them again", async () => {
    const queue = testQueue();
    const context = contextOf(t, queue);
    const mailing = await t.store.mailings.create(notice({ subject: "Queue down" }), 1);
    queue.state.down = true;
    expect(await startMailing(context, mailing.id, actor, SITE, at())).toEqual({ kind: "started", recipients: 150 });
    queue.state.down = false;
    expect(queue.sent).toEqual([]);
    expect(await mailingReport(context, mailing.id)).toMatchObject({ queued: 150, sent: 0, waiting: 150 });
    // Soon after, the rows are not taken as lost; half an hour later they are.
    expect(await runDueMailings(context, at())).toBe(0);
    expect(queue.sent).toEqual([]);
    await runDueMailings(context, new Date(Date.now() + 31 * 60 * 1000));
    expect(queue.sent.filter((m) => m.mailingId === mailing.id)).toEqual([
      { mailingId: mailing.id, round: 1, batch: 1 },
      { mailingId: mailing.id, round: 1, batch: 2 },
    ]);
    await queue.drain(context);
    expect(await mailingReport(context, mailing.id)).toMatchObject({ sent: 150, waiting: 0 });
    const { results } = await t.db.prepare("SELECT COUNT(*) AS n FROM outbox WHERE subject = 'Queue down'").all<{ n: number }>();
    expect(results[0]!.n).toBe(150);
  });

  it("the 15-minute run starts only the scheduled mailings that are due", async () => {
    const queue = testQueue();
    const context = contextOf(t, queue);
    const now = Math.floor(Date.now() / 1000);
    const due = await t.store.mailings.create(notice({ subject: "Due now", audience: { kind: "children-born", years: [1981] } }), 1);
    const later = await t.store.mailings.create(notice({ subject: "Due later" }), 1);
    const family = await t.store.members.register(
      newMember({ fullName: "Fay Family", membership: "Family", active: true, registrationPaid: true, children: [{ name: "Kid", birthYear: 1981 }] }),
    );
    expect(await t.store.mailings.schedule(due.id, now - 60, "editor-1", now)).toBe(true);
    expect(await t.store.mailings.schedule(later.id, now + 3600, "editor-1", now)).toBe(true);
    expect(await runDueMailings(context, new Date(now * 1000))).toBe(1);
    expect(queue.sent.map((m) => m.mailingId)).toEqual([due.id]);
    expect((await t.store.mailings.get(later.id))?.status).toBe("scheduled");
    await queue.drain(context);
    const { results } = await t.db.prepare("SELECT member_id FROM outbox WHERE subject = 'Due now'").all<{ member_id: string }>();
    expect(results.map((r) => r.member_id)).toEqual([family.id]);
    expect(await runDueMailings(context, new Date(now * 1000))).toBe(0);
  });

  it("a scheduled mailing whose audience is empty at its time becomes a draft again, and nothing is sent", async () => {
    const queue = testQueue();
    const context = contextOf(t, queue);
    const now = Math.floor(Date.now() / 1000);
    const nobody = await t.store.mailings.create(notice({ subject: "Nobody born then", audience: { kind: "children-born", years: [1901] } }), 1);
    expect(await t.store.mailings.schedule(nobody.id, now - 60, "editor-1", now)).toBe(true);
    expect(await runDueMailings(context, new Date(now * 1000))).toBe(0);
    expect(queue.sent).toEqual([]);
    expect(await t.store.mailings.get(nobody.id)).toMatchObject({ status: "draft", scheduledAt: null });
    expect((await t.store.mailings.due(now, 10)).map((m) => m.id)).not.toContain(nobody.id);
    const { rows } = await t.store.activity.list({ page: 0, pageSize: 15 });
    expect(rows.find((row) => row.kind === "mailing-not-started" && row.subjectId === nobody.id)?.summary).toBe(
      'The notice "Nobody born then" was not sent at its scheduled time: nobody in its audience could be reached. It is a draft again.',
    );
  });

  it("a scheduled mailing does not start without the site's address, says why in the log, and is a draft again", async () => {
    const queue = testQueue();
    const context = { ...contextOf(t, queue), origin: "" } as AppLoadContext;
    const now = Math.floor(Date.now() / 1000);
    const mailing = await t.store.mailings.create(notice({ subject: "No address" }), 1);
    expect(await t.store.mailings.schedule(mailing.id, now - 60, "editor-1", now)).toBe(true);
    expect(await runDueMailings(context, new Date(now * 1000))).toBe(0);
    expect(queue.sent).toEqual([]);
    expect(await t.store.mailings.get(mailing.id)).toMatchObject({ status: "draft" });
    const { rows } = await t.store.activity.list({ page: 0, pageSize: 15 });
    expect(rows.find((row) => row.kind === "mailing-not-started" && row.subjectId === mailing.id)?.summary).toMatch(
      /not sent at its scheduled time: The site's address is not set up/,
    );
  });
});

/** The provider id a member's copy of a mailing was marked with. */
async function deliveredId(t: StoreContext, mailingId: string, memberId: string): Promise<string | null> {
  const row = await t.db
    .prepare("SELECT provider_id FROM mailing_deliveries WHERE mailing_id = ? AND member_id = ?")
    .bind(mailingId, memberId)
    .first<{ provider_id: string | null }>();
  return row?.provider_id ?? null;
}

describe("sending is refused where it cannot work", () => {
  it("says so in production without Resend, and without the queue", async () => {
    const base = { store: {}, origin: SITE } as unknown as AppLoadContext;
    const production = { ...base, env: { isProduction: true }, cloudflare: { env: { MAILINGS: {} } } } as unknown as AppLoadContext;
    const noQueue = { ...base, env: { isProduction: false }, cloudflare: { env: {} } } as unknown as AppLoadContext;
    for (const context of [production, noQueue]) {
      const result = await startMailing(context, "m1", actor, SITE, at());
      expect(result.kind).toBe("not-configured");
      expect(result.kind === "not-configured" && result.message).toMatch(/not set up/);
    }
    // Links in an e-mail must be absolute: no site address, no Send.
    const withQueue = { ...base, env: { isProduction: false }, cloudflare: { env: { MAILINGS: {} } } } as unknown as AppLoadContext;
    for (const siteUrl of ["", "/", "www.example.org.uk"]) {
      const result = await startMailing(withQueue, "m1", actor, siteUrl, at());
      expect(result.kind === "not-configured" && result.message).toMatch(/site's address is not set up/);
    }
  });
});
