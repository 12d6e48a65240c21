import { z } from "zod";
import { EMPTY_FIELD_MESSAGE, PASSWORD_MAX_LENGTH, asText } from "../sign-in";
import { resetPasswordSchema } from "../sign-in";
import { emailAddress } from "../../kernel/values/email-address-schema";

/**
 * A member's own account (docs/requirements.md §2.8): changing their password and their e-mail address.
 * The forms' schemas and the texts the pages show; the new-password rule is the reset
 * form's own (app/features/sign-in/password-reset.ts), so the two can never drift apart. Server-only (zod).
 */

export const WRONG_CURRENT_PASSWORD_MESSAGE = "That is not your current password.";
export const OWN_PASSWORD_CHANGED_MESSAGE = "Your password has been changed.";
export const EMAIL_INVALID_MESSAGE = "Please enter a valid e-mail address.";
export const EMAIL_TOO_LONG_MESSAGE = "This e-mail address is too long.";
export const EMAIL_UNCHANGED_MESSAGE = "This is already your e-mail address.";
export const EMAIL_TAKEN_MESSAGE = "Another member already uses this e-mail address.";
export const emailLinkSentMessage = (email: string) => `We have sent a link to ${email}. Open it to finish changing your e-mail address.`;
export const EMAIL_CHANGED_MESSAGE = "Your e-mail address has been changed. Sign in with the new one from now on.";
export const EMAIL_LINK_INVALID_MESSAGE = "This link is invalid.";
export const EMAIL_LINK_EXPIRED_MESSAGE = "This link has expired. Ask for a new one on the Change e-mail page.";
export const EMAIL_LINK_USED_MESSAGE = "This link has already been used.";
/** The address changed again after the link was sent: an older link must not undo that. */
export const EMAIL_LINK_REPLACED_MESSAGE = "This link no longer works: your e-mail address has changed since it was sent.";

/** How long the confirmation link works. */
export const EMAIL_LINK_LIFETIME_SECONDS = 24 * 60 * 60;
/**
 * Shorter than an address may be (app/kernel/values/email-address.ts): the new address
 * travels inside the signed link (at most 256 bytes with the member's id and the checks,
 * ADR 51, docs/decisions/0051-own-email-change-link.md), so a longer one could not be sent.
 */
export const NEW_EMAIL_MAX_LENGTH = 180;

const currentPassword = z.preprocess(
  asText,
  z
    .string({ error: EMPTY_FIELD_MESSAGE })
    .min(1, { error: EMPTY_FIELD_MESSAGE, abort: true })
    .max(PASSWORD_MAX_LENGTH, { error: WRONG_CURRENT_PASSWORD_MESSAGE }),
);

/** Current password, then the new one twice with the reset form's rules (length, match). */
export const changePasswordSchema = z.object({ currentPassword }).and(resetPasswordSchema);
export type ChangePasswordInput = z.output<typeof changePasswordSchema>;

/** The new address (an e-mail address as the store keeps them, short enough for the link) and the current password. */
export const changeEmailSchema = z.object({
  email: emailAddress({ required: EMPTY_FIELD_MESSAGE, tooLong: EMAIL_TOO_LONG_MESSAGE, invalid: EMAIL_INVALID_MESSAGE }, { fitsIn: NEW_EMAIL_MAX_LENGTH }),
  currentPassword,
});
export type ChangeEmailInput = z.output<typeof changeEmailSchema>;

/** What the confirmation link carries: whose account, the address it had when the link was sent, the new one. */
export interface EmailChangeClaim {
  memberId: string;
  /** A short digest of the address the account had then (app/features/membership/account-email.server.ts). */
  fromDigest: string;
  nonce: string;
  to: string;
}

const SEPARATOR = " ";

/** The token's subject: fields joined by spaces (none of them can hold a space). */
export function emailChangeSubject(claim: EmailChangeClaim): string {
  return [claim.memberId, claim.fromDigest, claim.nonce, claim.to].join(SEPARATOR);
}

/** The claim of a subject made by emailChangeSubject, or null. */
export function readEmailChangeSubject(subject: string): EmailChangeClaim | null {
  const parts = subject.split(SEPARATOR);
  if (parts.length !== 4 || parts.some((part) => part === "")) return null;
  const [memberId, fromDigest, nonce, to] = parts as [string, string, string, string];
  return { memberId, fromDigest, nonce, to };
}

export type EmailLinkState = "invalid" | "expired" | "used" | "replaced";

export const EMAIL_LINK_MESSAGES: Record<EmailLinkState, string> = {
  invalid: EMAIL_LINK_INVALID_MESSAGE,
  expired: EMAIL_LINK_EXPIRED_MESSAGE,
  used: EMAIL_LINK_USED_MESSAGE,
  replaced: EMAIL_LINK_REPLACED_MESSAGE,
};

/**
 * Whether a verified link can still change the address, given the account as it is now
 * and the digest of its current address: already the new one, used; another address
 * than when it was sent, replaced. Single use without storing anything (ADR 0051).
 */
export function emailLinkState(claim: EmailChangeClaim, member: { email: string; deleted: boolean } | null, currentDigest: string): EmailLinkState | "open" {
  if (!member || member.deleted) return "invalid";
  if (member.email === claim.to) return "used";
  if (currentDigest !== claim.fromDigest) return "replaced";
  return "open";
}
