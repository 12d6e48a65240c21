import type { MailPreferences } from "~/kernel/store/records";
import { formatDay } from "../../../kernel/dates/dates";

/**
 * Newsletter consent (docs/requirements.md §13, UK GDPR art. 7, PECR reg. 22): an unticked box,
 * given or withdrawn by the member and kept with the date and where it was given. Pure: the
 * wording and the rule for what a form's box means, unit-tested.
 */

/** The box's name in every form that shows it (sign-up, Edit Account, the accountants' Edit Member). */
export const NEWSLETTER_FIELD = "newsletters";

/** The box's label: the member ticks it themselves, never ticked for them. */
export const NEWSLETTER_LABEL = "Send me the association's newsletters";

export const NEWSLETTER_HINT =
  "News and events, a few times a year. Membership notices (the AGM, renewals, receipts) come either way. You can stop them at any time.";

/** The member's choice as My Account and Edit Member show it: "Not asked", "Yes, since 05-03-2026", "No, since …". */
export function newsletterChoiceLabel(preferences: MailPreferences | null): string {
  if (!preferences || preferences.newsletters === null) return "Not asked";
  const since = preferences.newslettersAt === null ? "" : `, since ${formatDay(preferences.newslettersAt)}`;
  return `${preferences.newsletters === "yes" ? "Yes" : "No"}${since}`;
}

/** The box on Edit Account that starts membership notices again, shown only while they are stopped. */
export const RESTART_NOTICES_FIELD = "restartNotices";

/** Whether the member stopped membership notices with a notice's one-click unsubscribe (docs/requirements.md §13). */
export const noticesStopped = (preferences: MailPreferences | null): boolean => preferences?.notices === "no";

/** My Account's line for stopped notices, saying where to start them again; null while they come. */
export const noticesStoppedLabel = (preferences: MailPreferences | null): string | null =>
  noticesStopped(preferences) ? "Stopped. You can start them again on Edit Account." : null;

/** Whether the box starts ticked: only when the member said yes (never for "not asked"). */
export const newsletterBoxTicked = (preferences: MailPreferences | null): boolean => preferences?.newsletters === "yes";
