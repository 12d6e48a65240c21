import type { AppLoadContext } from "@remix-run/cloudflare";
import type { ConsentSource, Id } from "~/kernel/store/records";

/**
 * Records newsletter consent from a form (sign-up, My Account, an accountant's Edit Member):
 * docs/requirements.md §13. A change is written, with its date and source, only when the choice
 * changes, so saving a form again leaves the date the member chose. The member's own unticked box
 * is a "no" (they were asked); an accountant saving a member's address with the box left unticked
 * keeps "not asked", because the member was not asked.
 */
export async function recordNewsletterChoice(context: AppLoadContext, memberId: Id, given: boolean, source: ConsentSource, at: Date): Promise<void> {
  await changeNewsletterChoice(context, memberId, given, source, at);
}

export interface NewsletterChoiceChange {
  before: "yes" | "no" | "not asked";
  after: "yes" | "no";
}

/** The same, saying what changed (an accountant's change goes in the activity log), or null when nothing did. */
export async function changeNewsletterChoice(
  context: AppLoadContext,
  memberId: Id,
  given: boolean,
  source: ConsentSource,
  at: Date,
): Promise<NewsletterChoiceChange | null> {
  const now = Math.floor(at.getTime() / 1000);
  const current = await context.store.mailPreferences.get(memberId);
  const stored = current?.newsletters ?? null;
  const after = given ? "yes" : "no";
  if (stored === after) return null;
  if (!given && stored === null && source === "accountant") return null;
  await context.store.mailPreferences.setNewsletters(memberId, given, source, null, now);
  return { before: stored ?? "not asked", after };
}

/**
 * The member starts membership notices again, after a notice's one-click unsubscribe stopped them
 * (docs/requirements.md §13): recorded as a change with its source, only while they are stopped.
 */
export async function restartNotices(context: AppLoadContext, memberId: Id, source: ConsentSource, at: Date): Promise<void> {
  await context.store.mailPreferences.restartNotices(memberId, source, Math.floor(at.getTime() / 1000));
}
