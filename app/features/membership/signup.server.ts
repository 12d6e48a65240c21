import type { AppLoadContext } from "@remix-run/cloudflare";
import { currentYear } from "~/kernel/dates/dates";
import type { Member, NewMember } from "~/kernel/store/records";
import type { SignupData } from "./signup";
import { SIGNUP_MESSAGES } from "./signup-form";
import { hashPassword } from "~/kernel/auth/password.server";
import { createRateLimiter } from "~/kernel/http/rate-limit.server";
import { SIGNUP_RATE_RULE } from "~/kernel/http/rate-limits";
import { DuplicateEmailError } from "~/kernel/store/errors";

export { SIGNUP_RATE_RULE };

export type SignupResult =
  { ok: true; member: Member } | { ok: false; status: 400 | 429; message: string; /** The e-mail is taken. */ duplicate?: true; retryAfter?: number };

/**
 * Registers a valid sign-up (parsed with signupSchema) from the client at `address`: an applicant (docs/requirements.md §3.2, On success): role member, not active, registration
 * not paid, renewed this year; the e-mail lower-cased and unique (deleted members' too);
 * the password hashed here (PBKDF2, per-user salt); the member number from the store.
 */
export async function registerApplicant(context: AppLoadContext, data: SignupData, address: string, now: Date = new Date()): Promise<SignupResult> {
  const year = currentYear(now);
  // Counted only for complete forms, so fixing mistakes costs nothing; the duplicate check below is behind it.
  const limit = await createRateLimiter(context.store.rateLimits).hit([{ rule: SIGNUP_RATE_RULE, subject: address }]);
  if (!limit.allowed) return { ok: false, status: 429, message: SIGNUP_MESSAGES.rateLimited, retryAfter: limit.retryAfter };

  const duplicate = { ok: false, status: 400, message: SIGNUP_MESSAGES.duplicateEmail, duplicate: true } as const;
  if (await context.store.members.findByEmail(data.email)) return duplicate;
  try {
    return { ok: true, member: await context.store.members.register(await newApplicant(data, year)) };
  } catch (error) {
    // Two sign-ups with one e-mail at the same moment: the store's unique index decides.
    if (error instanceof DuplicateEmailError) return duplicate;
    throw error;
  }
}

/** The record of a new applicant: not active, registration not paid, renewed this year (docs/requirements.md §3.2). */
export async function newApplicant(data: SignupData, currentYear: number): Promise<NewMember> {
  const { childPhotoConsent, childPhotoShareConsent, ...details } = data.details;
  return {
    ...details,
    email: data.email,
    passwordHash: await hashPassword(data.password),
    consents: { ...data.consents, childPhoto: childPhotoConsent, childPhotoShare: childPhotoShareConsent },
    role: "member",
    active: false,
    registrationPaid: false,
    lastRenewedYear: currentYear,
    deleted: false,
    resetKey: null,
    resetKeyExpiresAt: null,
  };
}
