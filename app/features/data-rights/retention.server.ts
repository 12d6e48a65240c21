import type { AppLoadContext } from "@remix-run/cloudflare";
import { recordActivity } from "../../kernel/activity/activity.server";

const DAY = 24 * 60 * 60;

/**
 * The daily run's retention (docs/requirements.md §8.1, ADR 0056): outbox e-mails and contact messages
 * older than the settings keep them (/studio/settings, "How long we keep records") are deleted,
 * and the run says how many in the log. Payments and tickets are never deleted here: the
 * payment period is what docs/privacy.md promises, and their records are pseudonymised on
 * erasure instead. Returns how many records went.
 */
export async function deleteRecordsPastRetention(context: AppLoadContext, at: Date, actor: { id: string; fullName: string }): Promise<number> {
  const { retention } = await context.store.content.getSiteSettings();
  const now = Math.floor(at.getTime() / 1000);
  const emails = await context.store.personalData.deleteOutboxBefore(now - retention.outboxDays * DAY);
  const messages = await context.store.personalData.deleteContactMessagesBefore(now - retention.contactDays * DAY);
  if (emails + messages > 0) await recordActivity(context, actor, { kind: "records-past-retention-deleted", emails, messages });
  return emails + messages;
}
