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
  const now = Math.floor(at.getTime() / 1000);
  const current = await context.store.mailPreferences.get(memberId);
  const stored = current?.newsletters ?? null;
  if (stored === (given ? "yes" : "no")) return;
  if (!given && stored === null && source === "accountant") return;
  await context.store.mailPreferences.setNewsletters(memberId, given, source, null, now);
}
