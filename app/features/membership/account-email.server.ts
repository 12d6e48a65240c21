import type { AppLoadContext } from "@remix-run/cloudflare";
import { readAssociationContact } from "~/kernel/layout/association.server";
import { createElement } from "react";
import {
  EMAIL_LINK_LIFETIME_SECONDS,
  EMAIL_TAKEN_MESSAGE,
  EMAIL_UNCHANGED_MESSAGE,
  emailChangeSubject,
  emailLinkState,
  readEmailChangeSubject,
  type ChangeEmailInput,
  type EmailChangeClaim,
  type EmailLinkState,
} from "./own-account";
import { emailChangeRateChecks } from "~/kernel/http/rate-limits";
import type { Member } from "~/kernel/store/records";
import { ConfirmEmailChangeEmail, CONFIRM_EMAIL_CHANGE_SUBJECT } from "~/features/membership/emails/ConfirmEmailChangeEmail";
import { EmailChangeRequestedEmail, EMAIL_CHANGE_REQUESTED_SUBJECT } from "~/features/membership/emails/EmailChangeRequestedEmail";
import { checkCurrentPassword } from "./account-current-password.server";
import { recordActivity } from "~/kernel/activity/activity.server";
import { createEmailService } from "~/kernel/email/email.server";
import { createRateLimiter } from "~/kernel/http/rate-limit.server";
import { signToken, verifyToken } from "~/kernel/auth/signed-token.server";
import { DuplicateEmailError } from "~/kernel/store/errors";

/**
 * A member changes their own e-mail address (docs/requirements.md §2.8, ADR 0051): a signed link goes to
 * the new address and a notice to the old one; the address changes only when the link is
 * opened and confirmed, and only if no other member has taken it meanwhile.
 */

const PURPOSE = "email-change";
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A short digest of an address: the link names the address the account had without carrying it. */
async function addressDigest(email: string): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(email)));
  return Array.from(hash.slice(0, 8), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

const nonce = () => Array.from(crypto.getRandomValues(new Uint8Array(6)), (byte) => byte.toString(16).padStart(2, "0")).join("");

/** The confirmation link's path for a token. */
export const emailConfirmPath = (token: string) => `/account/email/confirm/${token}`;

export type RequestEmailChangeResult =
  { ok: true; to: string } | { ok: false; status: 400 | 429; field: "email" | "currentPassword"; message: string; retryAfter?: number };

/**
 * Checks the current password and the new address, then e-mails the link (new address) and
 * the notice (old address), within the limits of app/kernel/http/rate-limits.ts: past them the
 * answer is the same and nothing is sent.
 */
export async function requestEmailChange(context: AppLoadContext, member: Member, input: ChangeEmailInput, siteUrl: string): Promise<RequestEmailChangeResult> {
  const current = await checkCurrentPassword(context, member, input.currentPassword);
  if (!current.ok) return { ...current, field: "currentPassword" };
  if (input.email === member.email) return { ok: false, status: 400, field: "email", message: EMAIL_UNCHANGED_MESSAGE };
  // A deleted member's record keeps its address, so it is taken too (the store would refuse it).
  if (await context.store.members.findByEmail(input.email)) return { ok: false, status: 400, field: "email", message: EMAIL_TAKEN_MESSAGE };
  const limit = await createRateLimiter(context.store.rateLimits).hit(emailChangeRateChecks(member.id, input.email));
  // Answered as if sent: a different answer would tell the member that someone else asked for this address today.
  if (!limit.allowed) return { ok: true, to: input.email };

  const claim: EmailChangeClaim = { memberId: member.id, fromDigest: await addressDigest(member.email), nonce: nonce(), to: input.email };
  const token = await signToken(context.env.LINK_SIGNING_SECRET, PURPOSE, { sub: emailChangeSubject(claim), exp: nowSeconds() + EMAIL_LINK_LIFETIME_SECONDS });
  const link = new URL(emailConfirmPath(token), siteUrl).toString();
  const email = createEmailService(context);
  await email.send({
    to: [input.email],
    subject: CONFIRM_EMAIL_CHANGE_SUBJECT,
    react: createElement(ConfirmEmailChangeEmail, { fullName: member.fullName, link }),
    purpose: "email-change-confirm",
    memberId: member.id,
  });
  await email.send({
    to: [member.email],
    subject: EMAIL_CHANGE_REQUESTED_SUBJECT,
    react: createElement(EmailChangeRequestedEmail, { fullName: member.fullName, contactEmail: (await readAssociationContact(context)).email }),
    purpose: "email-change-notice",
    memberId: member.id,
  });
  return { ok: true, to: input.email };
}

export type EmailLink = { ok: true; member: Member; to: string } | { ok: false; state: EmailLinkState };

/** What a confirmation link opens now: the member and the new address, or why not. */
export async function readEmailChangeLink(context: AppLoadContext, token: string | undefined): Promise<EmailLink> {
  const verified = await verifyToken(context.env.LINK_SIGNING_SECRET, PURPOSE, token, nowSeconds());
  if (!verified.ok) return { ok: false, state: verified.reason === "expired" ? "expired" : "invalid" };
  const claim = readEmailChangeSubject(verified.sub);
  if (!claim) return { ok: false, state: "invalid" };
  const member = await context.store.members.getById(claim.memberId);
  const state = emailLinkState(claim, member, member ? await addressDigest(member.email) : "");
  return state === "open" && member ? { ok: true, member, to: claim.to } : { ok: false, state: state === "open" ? "invalid" : state };
}

export type ConfirmEmailChangeResult = { ok: true } | { ok: false; state: EmailLinkState } | { ok: false; taken: true };

/** Applies an open link: the address must still be free now (the store refuses a taken one too). */
export async function confirmEmailChange(context: AppLoadContext, token: string | undefined): Promise<ConfirmEmailChangeResult> {
  const link = await readEmailChangeLink(context, token);
  if (!link.ok) return link;
  const holder = await context.store.members.findByEmail(link.to);
  if (holder && holder.id !== link.member.id) return { ok: false, taken: true };
  try {
    await context.store.members.update(link.member.id, { email: link.to });
  } catch (error) {
    if (error instanceof DuplicateEmailError) return { ok: false, taken: true };
    throw error;
  }
  await recordActivity(context, link.member, { kind: "own-email-changed", member: link.member });
  return { ok: true };
}
