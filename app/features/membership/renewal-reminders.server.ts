import type { AppLoadContext } from "@remix-run/cloudflare";
import { dueStage, ukDate } from "./renewal-reminder-stages";
import { pendingMembersQuery } from "../office";
import { createEmailService } from "../../kernel/email/email.server";
import { renewalReminderMessage } from "../office/index.server";

export type ReminderRun = { kind: "sent"; stage: string; reminded: number; failed: number } | { kind: "none-due" } | { kind: "no-site-address" };

/**
 * The daily run's renewal reminders (ADR 0050): today's due stage (the latest of the
 * accountant's dates on or before today), to every member not renewed this year (the same
 * selection as 'Send Notification To All'), each member once per stage: the record is
 * claimed first and only a new claim is sent. Through the outbox, like every e-mail.
 */
export async function sendDueReminders(context: AppLoadContext, at: Date): Promise<ReminderRun> {
  const today = ukDate(at);
  const { renewalReminderStages, membership: fees } = await context.content.getSiteSettings();
  const stage = dueStage(renewalReminderStages, today);
  if (stage === null) return { kind: "none-due" };
  // The e-mail links to the member's account page: without the site's address there is nothing to link to.
  if (context.origin === "") return { kind: "no-site-address" };
  const { rows: members } = await context.store.members.list(pendingMembersQuery(today.year));
  const fresh = await context.store.renewalReminders.claim({
    memberIds: members.map((member) => member.id),
    year: today.year,
    stage,
    at: Math.floor(at.getTime() / 1000),
  });
  const toSend = members.filter((member) => fresh.has(member.id));
  if (toSend.length === 0) return { kind: "sent", stage, reminded: 0, failed: 0 };
  const accountUrl = `${context.origin}/mem-account`;
  const results = await createEmailService(context).sendBatch(
    toSend.map((member) => renewalReminderMessage(member, { thisYear: today.year, fees, accountUrl })),
  );
  const failed = results.filter((result) => result.status === "failed").length;
  return { kind: "sent", stage, reminded: results.length - failed, failed };
}
