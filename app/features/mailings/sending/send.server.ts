import type { AppLoadContext } from "@remix-run/cloudflare";
import { recordActivity } from "~/kernel/activity/activity.server";
import { currentYear } from "~/kernel/dates/dates";
import { createEmailService, resendBatchTransport, type BatchTransport } from "~/kernel/email/email.server";
import { newId } from "~/kernel/store/ids";
import type { Audience, Id, Mailing, MailingCounts, MailingKind, MailingRecipient, Member, OutboxEmail } from "~/kernel/store/records";
import { createNews, newsDay } from "~/features/studio/index.server";
import { byMemberId, recipientOf } from "../audiences/audience-rule";
import { listUnsubscribeHeaders } from "../unsubscribe/unsubscribe";
import { unsubscribeUrl } from "../unsubscribe/unsubscribe-token.server";
import { batchIdempotencyKey, personalise } from "./copy";
import { renderMailingCopy, renderMailingTemplate } from "./render.server";
import { MAILING_BATCH_SIZE, MAX_QUEUE_MESSAGES_PER_SEND, type MailingMessage } from "./queue";

/**
 * Sending member mailings (docs/requirements.md §13, ADR 73). "Send" claims the mailing in one
 * conditional write, writes every recipient's delivery row in one statement (unique on mailing
 * and member), and enqueues one message per 100 of them; the queue's consumer (queue() in
 * server.ts) sends each batch with Resend's batch API under the batch's idempotency key, or,
 * without Resend (locally), stores each copy in the outbox. Either way a member gets one copy,
 * however often a Send is posted or a batch retried.
 */

type Actor = { id: Id; fullName: string };

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** How many members are read at once for an event's ticket holders. */
const HOLDERS_AT_ONCE = 20;

/** Members the audience holds (not deleted), ignoring kind; from the store (D1 SQL / Cockpit). */
export async function audienceRecipients(context: AppLoadContext, audience: Audience, at: Date): Promise<MailingRecipient[]> {
  if (audience.kind !== "event-tickets") return context.store.members.audience(audience, currentYear(at));
  const ids = await context.store.tickets.holders(audience.eventId);
  const members: Member[] = [];
  for (let start = 0; start < ids.length; start += HOLDERS_AT_ONCE) {
    const read = await Promise.all(ids.slice(start, start + HOLDERS_AT_ONCE).map((id) => context.store.members.getById(id)));
    for (const member of read) if (member && !member.deleted) members.push(member);
  }
  return byMemberId(members.map(recipientOf));
}

/** How many this mailing would reach now (audience ∩ kind rule ∩ no bad address). */
export async function reachableCount(context: AppLoadContext, kind: MailingKind, audience: Audience, at: Date): Promise<number> {
  return context.store.mailingDeliveries.countReachable(kind, await audienceRecipients(context, audience, at));
}

export type StartResult =
  { kind: "started"; recipients: number } | { kind: "already-started" } | { kind: "empty-audience" } | { kind: "not-configured"; message: string };

/** Why sending cannot start here, in words for a volunteer; null when it can. */
function notConfigured(context: AppLoadContext): string | null {
  if (context.env.isProduction && !context.env.RESEND_API_KEY) return "E-mail sending is not set up on this site yet. Please ask whoever looks after the site.";
  if (!context.cloudflare.env.MAILINGS) return "The mailing queue is not set up on this site yet. Please ask whoever looks after the site.";
  return null;
}

/** Enqueues one message per batch, at most 100 messages a call (the Queues limit). */
async function enqueue(context: AppLoadContext, mailingId: Id, round: number, batches: number[]): Promise<void> {
  const queue = context.cloudflare.env.MAILINGS as Queue<MailingMessage>;
  for (let start = 0; start < batches.length; start += MAX_QUEUE_MESSAGES_PER_SEND) {
    await queue.sendBatch(batches.slice(start, start + MAX_QUEUE_MESSAGES_PER_SEND).map((batch) => ({ body: { mailingId, round, batch } })));
  }
}

/** The news item a mailing also publishes, through the studio's own news write path. */
async function publishAsNews(context: AppLoadContext, mailing: Mailing, actor: Actor, at: Date): Promise<void> {
  try {
    const item = await createNews(
      context,
      actor,
      { intent: "publish", title: mailing.subject, date: newsDay(seconds(at)), excerpt: mailing.preview, content: mailing.bodyHtml },
      true,
      mailing.photo,
    );
    await context.store.mailings.setNewsId(mailing.id, item.id);
  } catch (error) {
    // The mailing is on its way: a news page that could not be written must not stop it.
    console.error(`Mailing ${mailing.id} could not be published as news:`, error);
  }
}

/** Send now (the Send button, the 15-minute cron): claim, write deliveries, enqueue, publish news if asked. */
export async function startMailing(context: AppLoadContext, mailingId: Id, actor: Actor, siteUrl: string, at: Date): Promise<StartResult> {
  const refused = notConfigured(context);
  if (refused) return { kind: "not-configured", message: refused };
  const { store } = context;
  const mailing = await store.mailings.get(mailingId);
  if (!mailing || (mailing.status !== "draft" && mailing.status !== "scheduled")) return { kind: "already-started" };
  const recipients = await audienceRecipients(context, mailing.audience, at);
  if ((await store.mailingDeliveries.countReachable(mailing.kind, recipients)) === 0) return { kind: "empty-audience" };
  const now = seconds(at);
  if (!(await store.mailings.claimStart(mailing.id, siteUrl.replace(/\/+$/, ""), actor.id, now))) return { kind: "already-started" };
  const { added, batches } = await store.mailingDeliveries.addRecipients(mailing.id, mailing.kind, recipients, MAILING_BATCH_SIZE, now);
  try {
    await enqueue(context, mailing.id, mailing.round, batches);
  } catch (error) {
    // The rows stay queued (the report says "waiting to send"); the 15-minute run enqueues them again.
    console.error(`Mailing ${mailing.id}: its batches could not be enqueued:`, error);
  }
  if (added === 0) await store.mailings.finish(mailing.id, now);
  if (mailing.publishNews && !mailing.newsId) await publishAsNews(context, mailing, actor, at);
  await recordActivity(context, actor, { kind: "mailing-sent", mailing: { id: mailing.id, subject: mailing.subject, kind: mailing.kind }, copies: added });
  return { kind: "started", recipients: added };
}

/** "Send the failed again": failed rows requeued in a new round; how many. */
export async function resendFailed(context: AppLoadContext, mailingId: Id, actor: Actor, at: Date): Promise<number> {
  const { store } = context;
  const mailing = await store.mailings.get(mailingId);
  if (!mailing || (mailing.status !== "sending" && mailing.status !== "sent")) return 0;
  if (notConfigured(context)) return 0;
  const failed = (await store.mailingDeliveries.counts(mailingId)).failed;
  if (failed === 0) return 0;
  const now = seconds(at);
  const round = await store.mailings.nextRound(mailingId, now);
  const batches = await store.mailingDeliveries.requeueFailed(mailingId, round, MAILING_BATCH_SIZE, now);
  if (batches.length === 0) {
    await store.mailings.finish(mailingId, now);
    return 0;
  }
  await enqueue(context, mailingId, round, batches);
  await recordActivity(context, actor, {
    kind: "mailing-failed-resent",
    mailing: { id: mailing.id, subject: mailing.subject, kind: mailing.kind },
    copies: failed,
  });
  return failed;
}

/** The report's counts plus "waiting to send" (rows still queued/sending). */
export async function mailingReport(context: AppLoadContext, mailingId: Id): Promise<MailingCounts & { waiting: number }> {
  const counts = await context.store.mailingDeliveries.counts(mailingId);
  return { ...counts, waiting: Math.max(0, counts.queued - counts.sent - counts.failed - counts.bounced - counts.complained) };
}

/** How many scheduled mailings one 15-minute run starts at most. */
const DUE_AT_ONCE = 10;

/** How long a batch's rows may wait before the 15-minute run takes its queue message as lost. */
export const STALE_BATCH_SECONDS = 30 * 60;
/** How many lost batches one 15-minute run enqueues again at most. */
const STALE_AT_ONCE = 100;

/**
 * Enqueues again the batches whose rows have waited longer than STALE_BATCH_SECONDS: a queue
 * that was down at Send, or a message the dead-letter queue kept, loses no copy. A batch sent
 * meanwhile is claimed by nobody (its rows are no longer waiting); one sent but not marked is
 * answered by Resend from its idempotency key. How many batches were enqueued.
 */
export async function requeueStaleBatches(context: AppLoadContext, at: Date): Promise<number> {
  const stale = await context.store.mailingDeliveries.staleBatches(seconds(at) - STALE_BATCH_SECONDS, STALE_AT_ONCE);
  if (stale.length === 0) return 0;
  try {
    await (context.cloudflare.env.MAILINGS as Queue<MailingMessage>).sendBatch(stale.map((body) => ({ body })));
    return stale.length;
  } catch (error) {
    console.error(`Mailings: ${stale.length} waiting batches could not be enqueued again:`, error);
    return 0;
  }
}

/** The 15-minute cron: starts the scheduled mailings that are due; how many started. Lost batches are enqueued again first. */
export async function runDueMailings(context: AppLoadContext, at: Date): Promise<number> {
  if (context.cloudflare.env.MAILINGS) {
    const requeued = await requeueStaleBatches(context, at);
    if (requeued > 0) console.log(`Mailings run: ${requeued} waiting batches enqueued again`);
  }
  const due = await context.store.mailings.due(seconds(at), DUE_AT_ONCE);
  const siteUrl = context.env.SITE_URL?.replace(/\/+$/, "") || context.origin;
  let started = 0;
  for (const mailing of due) {
    // The one who scheduled it sends it: the log names them, as if they had pressed Send.
    const who = await context.store.members.getById(mailing.updatedBy).catch(() => null);
    const result = await startMailing(context, mailing.id, { id: mailing.updatedBy, fullName: who?.fullName ?? "The scheduled run" }, siteUrl, at);
    if (result.kind === "started") started += 1;
    else if (result.kind !== "already-started") {
      // Nobody to send to (or no way to send) at its time: it goes back to being a draft, so
      // the studio shows it unsent instead of the cron trying it every 15 minutes for ever.
      await context.store.mailings.schedule(mailing.id, null, mailing.updatedBy, seconds(at));
      console.log(`Scheduled mailing ${mailing.id} did not start (${result.kind}): it is a draft again`);
    }
  }
  return started;
}

/** "Send me a test": one copy to the sender, personalised with the sender's first name, purpose "mailing-test". */
export async function sendMailingTest(context: AppLoadContext, mailing: Mailing, sender: Member, siteUrl: string): Promise<OutboxEmail> {
  const recipient = recipientOf(sender);
  const url = await unsubscribeUrl(context, siteUrl, { memberId: sender.id, kind: mailing.kind, mailingId: mailing.id });
  const copy = await renderMailingCopy(mailing, recipient, { siteUrl, unsubscribeUrl: url });
  return createEmailService(context).sendRendered({
    to: [sender.email],
    subject: `Test: ${mailing.subject}`,
    html: copy.html,
    text: copy.text,
    headers: copy.headers,
    purpose: "mailing-test",
    memberId: sender.id,
  });
}

export interface BatchOutcome {
  /** Copies sent (or stored in the outbox) by this call. */
  sent: number;
  failed: number;
}

/** The Resend batch transport, or null when e-mail stays in the outbox (no RESEND_API_KEY). */
function providerOf(context: AppLoadContext): BatchTransport | null {
  const { env } = context;
  if (!env.RESEND_API_KEY) return null;
  return resendBatchTransport(env.RESEND_API_KEY, env.RESEND_API_URL ? { baseUrl: env.RESEND_API_URL.replace(/\/+$/, "") } : {});
}

/**
 * The consumer's work for one queue message: claims the batch's rows still waiting, renders the
 * template once and each copy from it, sends them in one Resend batch call with the batch's
 * idempotency key (or stores them in the outbox), marks the rows, and finishes the mailing when
 * no row waits. A provider error throws, so the queue retries the message; on its `lastTry` the
 * rows are marked failed instead (the report offers "send the failed again").
 */
export async function sendMailingBatch(context: AppLoadContext, message: MailingMessage, options: { lastTry: boolean; at?: Date }): Promise<BatchOutcome> {
  const { store } = context;
  const now = seconds(options.at ?? new Date());
  const mailing = await store.mailings.get(message.mailingId);
  if (!mailing || (mailing.status !== "sending" && mailing.status !== "sent")) return { sent: 0, failed: 0 };
  const rows = await store.mailingDeliveries.claimBatch(mailing.id, message.round, message.batch, now);
  if (rows.length === 0) {
    await store.mailings.finish(mailing.id, now);
    return { sent: 0, failed: 0 };
  }
  const siteUrl = mailing.siteUrl ?? context.origin;
  const template = await renderMailingTemplate(mailing, siteUrl);
  const copies = await Promise.all(
    rows.map(async (row) => {
      const url = await unsubscribeUrl(context, siteUrl, { memberId: row.memberId, kind: mailing.kind, mailingId: mailing.id });
      return { row, copy: personalise(template, row.firstName, url, listUnsubscribeHeaders(url)) };
    }),
  );
  const provider = providerOf(context);
  let outcome: BatchOutcome;
  if (!provider) {
    const stored = await store.mailingDeliveries.storeInOutbox(
      mailing.id,
      copies.map(({ row, copy }) => ({
        memberId: row.memberId,
        outboxId: newId(),
        email: {
          to: [row.email],
          subject: mailing.subject,
          html: copy.html,
          text: copy.text,
          purpose: "mailing",
          memberId: row.memberId,
          headers: copy.headers,
        },
      })),
      now,
    );
    outcome = { sent: stored, failed: 0 };
  } else {
    let ids: string[];
    try {
      ids = await provider(
        copies.map(({ row, copy }) => ({
          from: context.env.MAIL_FROM,
          to: [row.email],
          subject: mailing.subject,
          html: copy.html,
          text: copy.text,
          headers: copy.headers,
        })),
        { idempotencyKey: batchIdempotencyKey(mailing.id, message.round, message.batch) },
      );
    } catch (error) {
      if (!options.lastTry) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      console.error(`Mailing ${mailing.id}, round ${message.round}, batch ${message.batch}: not sent after its last try:`, error);
      await store.mailingDeliveries.markResults(
        mailing.id,
        rows.map((row) => ({ memberId: row.memberId, status: "failed" as const, error: reason })),
        now,
      );
      ids = [];
    }
    if (ids.length > 0) {
      await store.mailingDeliveries.markResults(
        mailing.id,
        rows.map((row, index) => ({ memberId: row.memberId, status: "sent" as const, providerId: ids[index]!, error: null })),
        now,
      );
    }
    outcome = ids.length > 0 ? { sent: rows.length, failed: 0 } : { sent: 0, failed: rows.length };
  }
  await store.mailings.finish(mailing.id, now);
  return outcome;
}
