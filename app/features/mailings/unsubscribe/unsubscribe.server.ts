import type { AppLoadContext } from "@remix-run/cloudflare";
import type { MailingKind } from "~/kernel/store/records";
import { readUnsubscribeToken } from "./unsubscribe-token.server";
import type { UnsubscribeClaim } from "./unsubscribe";

/**
 * The unsubscribe page's I/O (RFC 8058, docs/requirements.md §13). A GET only reads (mail scanners
 * follow links); the POST changes, once: a second POST finds the choice already made and changes
 * nothing. The mailing it came from is kept with the change (the report's "unsubscribed").
 */

export type UnsubscribeView = { ok: true; kind: MailingKind; firstName: string; subject: string | null; already: boolean } | { ok: false };

async function claimOf(context: AppLoadContext, token: unknown, now: Date): Promise<{ claim: UnsubscribeClaim; firstName: string } | null> {
  const claim = await readUnsubscribeToken(context.env.LINK_SIGNING_SECRET, token, now);
  if (!claim) return null;
  const member = await context.store.members.getById(claim.memberId);
  if (!member || member.deleted) return null;
  return { claim, firstName: member.fullName.trim().split(/\s+/)[0] ?? "" };
}

async function alreadyStopped(context: AppLoadContext, claim: UnsubscribeClaim): Promise<boolean> {
  const preferences = await context.store.mailPreferences.get(claim.memberId);
  return claim.kind === "newsletter" ? preferences?.newsletters === "no" : preferences?.notices === "no";
}

/** What the GET page shows: who, which kind, which mailing; nothing is changed. */
export async function loadUnsubscribe(context: AppLoadContext, token: unknown, now = new Date()): Promise<UnsubscribeView> {
  const found = await claimOf(context, token, now);
  if (!found) return { ok: false };
  const { claim, firstName } = found;
  const [mailing, already] = await Promise.all([context.store.mailings.get(claim.mailingId), alreadyStopped(context, claim)]);
  return { ok: true, kind: claim.kind, firstName, subject: mailing?.subject ?? null, already };
}

/** The POST (the page's button, or a mail client's one-click): withdraws consent or stops notices. */
export async function applyUnsubscribe(context: AppLoadContext, token: unknown, now = new Date()): Promise<UnsubscribeView> {
  const found = await claimOf(context, token, now);
  if (!found) return { ok: false };
  const { claim, firstName } = found;
  const at = Math.floor(now.getTime() / 1000);
  // Both writes change nothing when the choice is already made: a second click is harmless.
  // Someone who stops even the notices wants no mailing at all: their newsletter consent goes too
  // (docs/requirements.md §13.8), or a newsletter would reach them the day after they asked to stop.
  if (claim.kind === "notice") await context.store.mailPreferences.stopNotices(claim.memberId, claim.mailingId, at);
  const preferences = claim.kind === "notice" ? await context.store.mailPreferences.get(claim.memberId) : null;
  if (claim.kind === "newsletter" || preferences?.newsletters === "yes") {
    await context.store.mailPreferences.setNewsletters(claim.memberId, false, "unsubscribe", claim.mailingId, at);
  }
  const mailing = await context.store.mailings.get(claim.mailingId);
  return { ok: true, kind: claim.kind, firstName, subject: mailing?.subject ?? null, already: true };
}
