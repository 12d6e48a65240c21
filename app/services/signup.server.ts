import type { AppLoadContext } from "@remix-run/cloudflare";
import {
  CHILD_NAME_FIELDS,
  CHILD_YEAR_FIELDS,
  formText,
  INVALID_FORM_MESSAGE,
  isTicked,
  PERSON_FIELDS,
  PHOTO_CONSENT_FIELDS,
  SPOUSE_FIELDS,
  type FieldErrors,
} from "../domain/member-details";
import type { Member, NewMember } from "../domain/records";
import { parseSignup, type SignupData } from "../domain/signup";
import { SIGNUP_CONSENT_FIELDS, SIGNUP_MESSAGES } from "../domain/signup-form";
import { hashPassword } from "./password.server";
import { clientKey, createRateLimiter } from "./rate-limit.server";
import { SIGNUP_RATE_RULE } from "../domain/rate-limits";

export { SIGNUP_RATE_RULE };
import { DuplicateEmailError } from "./store/errors";


const TEXT_FIELDS = [...PERSON_FIELDS, "email", "membership", ...SPOUSE_FIELDS, "childCount", ...CHILD_NAME_FIELDS, ...CHILD_YEAR_FIELDS] as const;
const CHECKBOX_FIELDS = [...SIGNUP_CONSENT_FIELDS, ...PHOTO_CONSENT_FIELDS] as const;

/** The form as the page shows it again: text as typed (capped), boxes as ticked; never the passwords. */
export type SignupValues = Record<string, string>;

export function signupValues(raw: Record<string, unknown>): SignupValues {
  const values: SignupValues = {};
  for (const field of TEXT_FIELDS) values[field] = formText(raw[field]).slice(0, 300);
  for (const field of CHECKBOX_FIELDS) values[field] = isTicked(raw[field]) ? "on" : "";
  return values;
}

/** Every field the form posts, as text (a file where text belongs reads as empty). */
export function readSignupForm(form: FormData): Record<string, string> {
  const raw: Record<string, string> = {};
  for (const field of [...TEXT_FIELDS, ...CHECKBOX_FIELDS, "password", "confirm_password"]) raw[field] = formText(form.get(field));
  return raw;
}

export type SignupResult =
  | { ok: true; member: Member }
  | { ok: false; status: 400 | 429; errors: FieldErrors; formError: string; retryAfter?: number };

/**
 * Registers an applicant (spec §4, Registration): role member, not active, registration
 * not paid, renewed this year; the e-mail lower-cased and unique (deleted members' too);
 * the password hashed here (PBKDF2, per-user salt); the member number from the store.
 */
export async function registerApplicant(
  raw: Record<string, unknown>,
  request: Request,
  context: AppLoadContext,
  now: Date = new Date(),
): Promise<SignupResult> {
  const currentYear = now.getUTCFullYear();
  const parsed = parseSignup(raw, currentYear);
  if (!parsed.ok) return { ok: false, status: 400, errors: parsed.errors, formError: INVALID_FORM_MESSAGE };

  // Counted only for complete forms, so fixing mistakes costs nothing; the duplicate check below is behind it.
  const limit = await createRateLimiter(context.env.DB).hit([{ rule: SIGNUP_RATE_RULE, subject: clientKey(request) }]);
  if (!limit.allowed) return { ok: false, status: 429, errors: {}, formError: SIGNUP_MESSAGES.rateLimited, retryAfter: limit.retryAfter };

  const duplicate = { ok: false, status: 400, errors: { email: SIGNUP_MESSAGES.duplicateEmail }, formError: SIGNUP_MESSAGES.duplicateEmail } as const;
  if (await context.store.members.findByEmail(parsed.data.email)) return duplicate;
  try {
    return { ok: true, member: await context.store.members.register(await newApplicant(parsed.data, currentYear)) };
  } catch (error) {
    // Two sign-ups with one e-mail at the same moment: the store's unique index decides.
    if (error instanceof DuplicateEmailError) return duplicate;
    throw error;
  }
}

/** The record of a new applicant: not active, registration not paid, renewed this year (spec §4). */
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
