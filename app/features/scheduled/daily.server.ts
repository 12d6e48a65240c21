import type { AppLoadContext } from "@remix-run/cloudflare";
import { formatStage, stageFromKey } from "../membership";
import { recordActivity } from "../../kernel/activity/activity.server";
import { settleOldEmailOwners } from "../data-rights/index.server";
import { expireOldCheckouts } from "../payments/index.server";
import { deleteRecordsPastRetention } from "../data-rights/index.server";
import { sendDueReminders, type ReminderRun } from "../membership/index.server";
import { adoptSettingsEvent, checkEventTotals } from "../tickets/index.server";
import { checkRenewalTotals } from "../office/index.server";
import { deleteOldWebhookReceipts } from "../mailings/index.server";
import { backfillSignUpDeclarations } from "../gift-aid/index.server";

/** Who the activity log names for the daily run: no one signed in did it. */
export const SCHEDULED_ACTOR = { id: "scheduled", fullName: "Scheduled" } as const;

export interface DailyRun {
  reminders: ReminderRun;
  expired: number;
  removed: number;
}

/**
 * The Worker's daily run (wrangler.toml's cron trigger, server.ts `scheduled`; ADR 0050):
 * renewal reminders for today's stage, expiry of checkouts older than 24 hours, cleanup of
 * rate-limit, session and sign-in code rows past their window (ADR 69, 70), the member each older e-mail is
 * about (email-owners.server.ts), and on the Cockpit store the sign-up Gift Aid declarations (ADR 74). Each part runs even if
 * another fails (the failure is logged and the next day tries again); a run that did
 * something leaves one entry in the activity log.
 */
export async function runDaily(context: AppLoadContext, at: Date): Promise<DailyRun> {
  const now = Math.floor(at.getTime() / 1000);
  const [reminders, expired, rateLimits, sessions, codes, receipts] = await Promise.all([
    attempt("renewal reminders", () => sendDueReminders(context, at), { kind: "none-due" } as ReminderRun),
    attempt("checkout expiry", () => expireOldCheckouts(context, at), 0),
    attempt("rate-limit cleanup", () => context.store.rateLimits.deleteExpired(now), 0),
    attempt("expired-session cleanup", () => context.store.memberSessions.deleteExpired(now), 0),
    attempt("expired sign-in code cleanup", () => context.store.signInCodes.deleteExpired(now), 0),
    // Resend webhook receipts older than a week (docs/requirements.md §13, ADR 73)
    attempt("webhook receipt cleanup", () => deleteOldWebhookReceipts(context, at), 0),
    // Members' data rights (docs/requirements.md §8.1): records past their retention; logs its own entry
    attempt("retention", () => deleteRecordsPastRetention(context, at, SCHEDULED_ACTOR), 0),
    // Whose is this record: older e-mails get the member they are about, a few each day (docs/security.md)
    attempt("e-mail owners", () => settleOldEmailOwners(context), 0),
    // Events as records (ADR 60): a site upgraded from the one settings event gets it as its first record
    attempt("event adoption", () => adoptSettingsEvent(context), null),
    // Running totals (ADR 62): expired holds give their places back; the totals are checked against a recount
    attempt("event totals", () => checkEventTotals(context, now), []),
    // Running totals per year (ADR 64): the subscriptions report's, checked against a recount
    attempt("renewal totals", () => checkRenewalTotals(context, at), []),
    // Gift Aid (docs/requirements.md §14, ADR 74): the Cockpit store's members' sign-up consents become declarations
    attempt("sign-up Gift Aid declarations", () => backfillSignUpDeclarations(context), 0),
  ]);
  if (reminders.kind === "no-site-address") console.warn("Daily run: renewal reminders are due but SITE_URL is not set, so none were sent (ADR 0050).");
  const run = { reminders, expired, removed: rateLimits + sessions + codes + receipts };
  const reminded = reminders.kind === "sent" ? reminders.reminded : 0;
  if (reminded + run.expired + run.removed > 0) {
    const stage = reminders.kind === "sent" ? stageFromKey(reminders.stage) : null;
    await recordActivity(context, SCHEDULED_ACTOR, {
      kind: "scheduled-run",
      stage: stage ? formatStage(stage) : null,
      reminded,
      expired: run.expired,
      removed: run.removed,
    });
  }
  return run;
}

async function attempt<T>(part: string, work: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    console.error(`Daily run: ${part} failed:`, error);
    return fallback;
  }
}
