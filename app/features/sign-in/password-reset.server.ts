import type { AppLoadContext } from "@remix-run/cloudflare";
import { readAssociationContact } from "~/kernel/layout/association.server";
import { createElement } from "react";
import { TOO_MANY_ATTEMPTS_MESSAGE } from "./login";
import { EMAIL_NOT_FOUND_MESSAGE, isResetKeyShape, resetKeyMatches, resetKeyToSend } from "./password-reset";
import type { Member } from "~/kernel/store/records";
import { PasswordChangedEmail, PASSWORD_CHANGED_SUBJECT } from "~/features/sign-in/emails/PasswordChangedEmail";
import { ResetPasswordEmail, RESET_PASSWORD_SUBJECT } from "~/features/sign-in/emails/ResetPasswordEmail";
import { createEmailService } from "~/kernel/email/email.server";
import { hashPassword } from "~/kernel/auth/password.server";
import { createRateLimiter } from "~/kernel/http/rate-limit.server";
import { FORGOT_RATE_RULES } from "~/kernel/http/rate-limits";
import { knowsMember } from "~/kernel/auth/device-cookie.server";
import type { SignInVisitor } from "./login.server";

export { FORGOT_RATE_RULES };

/**
 * Forgot password and reset password (docs/requirements.md §2.5; limits §11.1).
 * 'Email not found!' stays (docs/requirements.md §2.5 asks for it), behind the limits of
 * app/kernel/http/rate-limits.ts.
 */

const nowSeconds = () => Date.now() / 1000;

export type ForgotResult = { ok: true } | { ok: false; status: 404 | 429; message: string; retryAfter?: number };

/** The link in the e-mail: absolute, on the origin the request came to (`siteUrl`). */
export function resetLink(siteUrl: string, member: Pick<Member, "id">, key: string): string {
  return new URL(`/reset-account-password/${encodeURIComponent(member.id)}/${key}`, siteUrl).toString();
}

async function sendQuietly(context: AppLoadContext, send: () => Promise<unknown>, what: string) {
  try {
    await send();
  } catch (error) {
    // Rendering or recording failed (a provider failure is handled inside send).
    console.error(`The ${what} e-mail could not be prepared:`, error);
  }
}

/**
 * E-mails the member a reset link: their still-valid key again, or a fresh one (valid for
 * an hour). The limits (app/kernel/http/rate-limits.ts) never stop the owner: their known
 * browser skips them; elsewhere the per-address limit answers 429 before anything else is
 * counted, and the per-e-mail cap on re-sends only decides whether one more copy of a
 * link the member already has is sent: the page answers the same either way.
 */
export async function requestPasswordReset(context: AppLoadContext, email: string, visitor: SignInVisitor, siteUrl: string): Promise<ForgotResult> {
  const found = await context.store.members.findByEmail(email);
  const member = found && !found.deleted ? found : null;
  const knownBrowser = knowsMember(visitor.note, member?.id);
  const limiter = createRateLimiter(context.store.rateLimits);
  if (!knownBrowser) {
    const limit = await limiter.hit([{ rule: FORGOT_RATE_RULES.perIp, subject: visitor.address }]);
    if (!limit.allowed) return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS_MESSAGE, retryAfter: limit.retryAfter };
  }
  if (!member) return { ok: false, status: 404, message: EMAIL_NOT_FOUND_MESSAGE };

  const plan = resetKeyToSend(member, nowSeconds());
  let key = plan.key;
  if (plan.fresh) {
    await context.store.members.update(member.id, { resetKey: key, resetKeyExpiresAt: plan.expiresAt });
    // Two requests at once may both have made a key: whichever was stored last is the one both send.
    const stored = await context.store.members.getById(member.id);
    if (stored?.resetKey && resetKeyMatches(stored, stored.resetKey, nowSeconds())) key = stored.resetKey;
  } else if (!knownBrowser) {
    const resend = await limiter.hit([{ rule: FORGOT_RATE_RULES.resendPerEmail, subject: email }]);
    // The member already has this same working link; one more copy is not worth an inbox flood.
    if (!resend.allowed) return { ok: true };
  }
  const link = resetLink(siteUrl, member, key);
  await sendQuietly(
    context,
    () =>
      createEmailService(context).send({
        to: [member.email],
        subject: RESET_PASSWORD_SUBJECT,
        react: createElement(ResetPasswordEmail, { fullName: member.fullName, link }),
        purpose: "reset-password",
        memberId: member.id,
      }),
    "reset link",
  );
  return { ok: true };
}

/** The member a reset link opens, or null when it matches nobody, has expired or was used. */
export async function memberForResetLink(context: AppLoadContext, id: string | undefined, key: string | undefined): Promise<Member | null> {
  if (!id || !key || id.length > 64 || !isResetKeyShape(key)) return null;
  const member = await context.store.members.getById(id);
  return member && resetKeyMatches(member, key, nowSeconds()) ? member : null;
}

export type ResetResult = { ok: true } | { ok: false; invalid: true };

/**
 * Sets the new password of the member `member` (the link's, from memberForResetLink):
 * PBKDF2, the key claimed (single use, even under concurrency), and the change time
 * recorded so every earlier session is refused (ADR 7); then the notice is e-mailed.
 */
export async function resetPassword(context: AppLoadContext, member: Member, key: string, password: string, siteUrl: string): Promise<ResetResult> {
  const passwordHash = await hashPassword(password);

  // The key is spent first, conditionally: of two resets posted at once with one key, one changes the password.
  if (!(await context.store.members.claimResetKey(member.id, key, nowSeconds()))) return { ok: false, invalid: true };
  await context.store.members.update(member.id, { passwordHash, passwordChangedAt: nowSeconds() });
  await sendQuietly(
    context,
    async () =>
      createEmailService(context).send({
        to: [member.email],
        subject: PASSWORD_CHANGED_SUBJECT,
        react: createElement(PasswordChangedEmail, {
          fullName: member.fullName,
          change: { by: "reset", loginUrl: new URL("/login", siteUrl).toString() },
          contactEmail: (await readAssociationContact(context)).email,
        }),
        purpose: "password-changed",
        memberId: member.id,
      }),
    "password-updated",
  );
  return { ok: true };
}
