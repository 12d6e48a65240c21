import type { AppLoadContext } from "@remix-run/cloudflare";
import { emailProviderMissing } from "./configuration";
import { recordActivity } from "~/kernel/activity/activity.server";
import { currentYear } from "~/kernel/dates/dates";
import { createEmailService, resendBatchTransport, type BatchTransport } from "~/kernel/email/email.server";
import { newId } from "~/kernel/store/ids";
import { emailAddress } from "~/kernel/values/email-address-schema";
import type { Audience, Id, Mailing, MailingCounts, MailingKind, MailingRecipient, Member, OutboxEmail } from "~/kernel/store/records";
import { createNews, newsDay } from "~/features/studio/index.server";
import { recipientOf } from "../audiences/audience-rule";
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

/** Members the audience holds (not deleted), ignoring kind; from the store (D1 SQL / Cockpit). */
export async function audienceRecipients(context: AppLoadContext, audience: Audience, at: Date): Promise<MailingRecipient[]> {
  if (audience.kind !== "event-tickets") return context.store.members.audience(audience, currentYear(at));
  // One read of the holders' records, not one per holder.
  return context.store.members.recipientsByIds(await context.store.tickets.holders(audience.eventId));
}

/** The site's one address rule (app/kernel/values/email-address-schema.ts); the messages are never shown. */
const addressRule = emailAddress({ required: "required", tooLong: "too long", invalid: "invalid" });

/**
 * The recipients whose address the site itself would accept: Resend refuses a whole batch for
 * one malformed address (ADR 73), so such a member gets no delivery row (and is not counted).
 */
export function sendableRecipients(recipients: MailingRecipient[]): MailingRecipient[] {
  return recipients.filter((recipient) => addressRule.safeParse(recipient.email).success);
}

/** How many this mailing would reach now (audience ∩ kind rule ∩ no bad address). */
export async function reachableCount(context: AppLoadContext, kind: MailingKind, audience: Audience, at: Date): Promise<number> {
  return context.store.mailingDeliveries.countReachable(kind, sendableRecipients(await audienceRecipients(context, audience, at)));
}

export type StartResult =
  { kind: "started"; recipients: number } | { kind: "already-started" } | { kind: "empty-audience" } | { kind: "not-configured"; message: string };

/** Whether `siteUrl` is an absolute http(s) address: a copy's links and images must work outside the site. */
function isAbsoluteSiteUrl(siteUrl: string): boolean {
  try {
    const url = new URL(siteUrl);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/**
 * Why sending cannot start here, in words for a volunteer; null when it can. Without the
 * site's address (SITE_URL for the 15-minute run) every link in a copy would be relative,
 * and no mail client could follow it (docs/requirements.md §13).
 */
export function sendingNotConfigured(context: AppLoadContext, siteUrl: string): string | null {
  if (emailProviderMissing(context.env)) return "E-mail sending is not set up on this site yet. Please ask whoever looks after the site.";
  if (!context.cloudflare.env.MAILINGS) return "The mailing queue is not set up on this site yet. Please ask whoever looks after the site.";
  if (!isAbsoluteSiteUrl(siteUrl))
    return "The site's address is not set up, so the links in a mailing would not work. Please ask whoever looks after the site.";
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
  const refused = sendingNotConfigured(context, siteUrl);
  if (refused) return { kind: "not-configured", message: refused };
  const { store } = context;
  const now = seconds(at);
  // The claim holds only for the version read (its updated_at), and writes the rows in the same
  // transaction (ADR 73): a save between the read and the claim sends neither version mixed;
  // it is read again once. A claim that misses twice is another Send's.
  let mailing: Mailing | null = null;
  let written: { added: number; batches: number[] } | null = null;
  for (let attempt = 0; attempt < 2 && !written; attempt++) {
    mailing = await store.mailings.get(mailingId);
    if (!mailing || (mailing.status !== "draft" && mailing.status !== "scheduled")) return { kind: "already-started" };
    const recipients = sendableRecipients(await audienceRecipients(context, mailing.audience, at));
    if ((await store.mailingDeliveries.countReachable(mailing.kind, recipients)) === 0) return { kind: "empty-audience" };
    written = await store.mailings.start(
      mailing.id,
      { siteUrl: siteUrl.replace(/\/+$/, ""), by: actor.id, now, updatedAt: mailing.updatedAt },
      { kind: mailing.kind, recipients, batchSize: MAILING_BATCH_SIZE },
    );
  }
  if (!mailing || !written) return { kind: "already-started" };
  const { added, batches } = written;
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
  if (sendingNotConfigured(context, mailing.siteUrl ?? context.origin)) return 0;
  const failed = (await store.mailingDeliveries.counts(mailingId)).failed;
  if (failed === 0) return 0;
  const now = seconds(at);
  const round = await store.mailings.nextRound(mailingId, now);
  if (round === null) return 0;
  const batches = await store.mailingDeliveries.requeueFailed(mailingId, round, MAILING_BATCH_SIZE, now);
  if (batches.length === 0) {
    await store.mailings.finish(mailingId, now);
    return 0;
  }
  try {
    await enqueue(context, mailingId, round, batches);
  } catch (error) {
    // As at Send: the rows stay queued ("waiting to send"), and the 15-minute run enqueues them again.
    console.error(`Mailing ${mailingId}: the failed copies' batches could not be enqueued:`, error);
  }
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
  await expireWaiting(context, at);
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

/**
 * How long a round's copies may wait to be sent (ADR 73): Resend keeps an idempotency key 24
 * hours; after that a retry of a batch it took would send a second copy, so a copy still
 * waiting after 23 hours is marked failed, to be checked before "send the failed again".
 */
export const ROUND_LIFETIME_SECONDS = 23 * 60 * 60;
export const MAY_HAVE_BEEN_SENT = "Not confirmed within 23 hours: it may have been sent; check before sending again.";

/** Marks the copies waiting past ROUND_LIFETIME_SECONDS failed, and finishes their mailings. */
async function expireWaiting(context: AppLoadContext, at: Date): Promise<void> {
  const now = seconds(at);
  const mailings = await context.store.mailingDeliveries.expireWaiting(now - ROUND_LIFETIME_SECONDS, MAY_HAVE_BEEN_SENT, now);
  for (const id of mailings) await context.store.mailings.finish(id, now);
  if (mailings.length > 0) console.log(`Mailings run: copies of ${mailings.length} mailings waited past 23 hours and were marked failed`);
}

/** Why a scheduled mailing did not start, in words for the activity log. */
function notStartedReason(result: Exclude<StartResult, { kind: "started" } | { kind: "already-started" }>): string {
  return result.kind === "empty-audience" ? "nobody in its audience could be reached." : result.message;
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
      // The log says why (docs/requirements.md §13.5), by subject, never names.
      await context.store.mailings.schedule(mailing.id, null, mailing.updatedBy, seconds(at));
      console.log(`Scheduled mailing ${mailing.id} did not start (${result.kind}): it is a draft again`);
      await recordActivity(
        context,
        { id: mailing.updatedBy, fullName: who?.fullName ?? "The scheduled run" },
        { kind: "mailing-not-started", mailing: { id: mailing.id, subject: mailing.subject, kind: mailing.kind }, reason: notStartedReason(result) },
      );
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

/**
 * Resend's answers that a retry cannot change (resendBatchTransport's "name: message"):
 * validation_error (a batch it will not take) and invalid_idempotent_request (the key with
 * other bytes, after which the batch may or may not have gone).
 */
function isPermanentRefusal(reason: string): boolean {
  return /^(validation_error|invalid_idempotent_request):/.test(reason);
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
  const provider = providerOf(context);
  // In production the outbox is no way to send (ADR 73): without Resend the rows stay waiting,
  // and the queue (then the 15-minute run) tries again once the key is back.
  if (!provider && context.env.isProduction) throw new Error("RESEND_API_KEY is not set: the mailing's copies stay waiting to send.");
  const mailing = await store.mailings.get(message.mailingId);
  if (!mailing || (mailing.status !== "sending" && mailing.status !== "sent")) return { sent: 0, failed: 0 };
  const rows = await store.mailingDeliveries.claimBatch(mailing.id, message.round, message.batch, now);
  if (rows.length === 0) {
    await store.mailings.finish(mailing.id, now);
    return { sent: 0, failed: 0 };
  }
  // Past Resend's idempotency window a retry could send a second copy (ROUND_LIFETIME_SECONDS).
  const roundBegan = message.round === mailing.round ? mailing.updatedAt : (mailing.startedAt ?? mailing.updatedAt);
  if (now - roundBegan > ROUND_LIFETIME_SECONDS) {
    await store.mailingDeliveries.markResults(
      mailing.id,
      rows.map((row) => ({ memberId: row.memberId, status: "failed" as const, error: MAY_HAVE_BEEN_SENT })),
      now,
    );
    await store.mailings.finish(mailing.id, now);
    return { sent: 0, failed: rows.length };
  }
  const siteUrl = mailing.siteUrl ?? context.origin;
  const template = await renderMailingTemplate(mailing, siteUrl);
  // The token's time is the mailing's start, not now: every try of a batch is then byte for byte
  // the same, as Resend's idempotency key requires (ADR 73).
  const issuedAt = new Date((mailing.startedAt ?? mailing.createdAt) * 1000);
  const copies = await Promise.all(
    rows.map(async (row) => {
      const url = await unsubscribeUrl(context, siteUrl, { memberId: row.memberId, kind: mailing.kind, mailingId: mailing.id }, issuedAt);
      return { row, copy: personalise(template, row.firstName, url, listUnsubscribeHeaders(url)) };
    }),
  );
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
      const reason = error instanceof Error ? error.message : String(error);
      // Resend refuses a malformed batch the same way on every try: no retry (ADR 73).
      if (!options.lastTry && !isPermanentRefusal(reason)) throw error;
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
