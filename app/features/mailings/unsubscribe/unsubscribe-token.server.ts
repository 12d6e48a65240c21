import type { AppLoadContext } from "@remix-run/cloudflare";
import { signToken, verifyToken } from "~/kernel/auth/signed-token.server";
import type { Id, MailingKind } from "~/kernel/store/records";
import { readUnsubscribeSubject, unsubscribeSubject, type UnsubscribeClaim } from "./unsubscribe";

/**
 * The one-click unsubscribe token (RFC 8058, docs/requirements.md §13, ADR 15's signed tokens):
 * signed with LINK_SIGNING_SECRET for its own purpose over (kind, member, mailing), so it needs
 * no sign-in and cannot be turned into another member's or another kind's. It works for five
 * years: an old newsletter in a mailbox still unsubscribes.
 */

export const UNSUBSCRIBE_PURPOSE = "unsubscribe";
const LIFETIME_SECONDS = 5 * 366 * 24 * 60 * 60;

export async function unsubscribeToken(secret: string, claim: UnsubscribeClaim, now: Date = new Date()): Promise<string> {
  return signToken(secret, UNSUBSCRIBE_PURPOSE, { sub: unsubscribeSubject(claim), exp: Math.floor(now.getTime() / 1000) + LIFETIME_SECONDS });
}

/**
 * The one-click unsubscribe address for a copy: `${siteUrl}/unsubscribe/${token}`. `issuedAt`
 * fixes the token's expiry: a mailing's copies pass the time it started, so a retried batch
 * carries the same bytes and Resend's idempotency key matches it (ADR 73; a different body
 * under the same key is refused, and its copies would be counted failed though sent).
 */
export async function unsubscribeUrl(
  context: AppLoadContext,
  siteUrl: string,
  who: { memberId: Id; kind: MailingKind; mailingId: Id },
  issuedAt: Date = new Date(),
): Promise<string> {
  const token = await unsubscribeToken(context.env.LINK_SIGNING_SECRET, who, issuedAt);
  return `${siteUrl.replace(/\/+$/, "")}/unsubscribe/${token}`;
}

/** The claim of a token we made, or null (malformed, forged, expired): never throws. */
export async function readUnsubscribeToken(secret: string, token: unknown, now: Date = new Date()): Promise<UnsubscribeClaim | null> {
  const verified = await verifyToken(secret, UNSUBSCRIBE_PURPOSE, token, Math.floor(now.getTime() / 1000));
  return verified.ok ? readUnsubscribeSubject(verified.sub) : null;
}
