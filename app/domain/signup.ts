import { z } from "zod";
import {
  emailField,
  fieldErrors,
  formText,
  parseMemberDetails,
  requiredConsent,
  type FieldErrors,
  type MemberDetails,
  type Parse,
} from "./member-details";
import { PASSWORD_MAX, PASSWORD_MIN, SIGNUP_MESSAGES as M } from "./signup-form";

/**
 * The sign-up form (spec §5, Signup): the member details (member-details.ts, with the
 * child photo consents required for every Family), the account (e-mail, password and its
 * confirmation) and the four consents every applicant gives. The server's action and the
 * browser's lazily loaded check (app/components/forms/signup-check.ts) both call
 * `parseSignup`, so both give the same messages.
 */

export const accountSchema = z.object({
  email: emailField(M.email),
  // Not trimmed: a password is taken exactly as typed.
  password: z.preprocess(
    formText,
    z
      .string()
      .min(1, { error: M.password, abort: true })
      .min(PASSWORD_MIN, { error: M.passwordShort, abort: true })
      .max(PASSWORD_MAX, { error: M.passwordLong }),
  ),
  confirm_password: z.preprocess(formText, z.string().min(1, { error: M.confirmPassword })),
  agreeTerms: requiredConsent,
  giftAidConcent: requiredConsent,
  residentConcent: requiredConsent,
  paymentConcent: requiredConsent,
});

export interface SignupData {
  email: string;
  password: string;
  details: MemberDetails;
  consents: { agreeTerms: true; giftAid: true; resident: true; payment: true };
}

/** Checks a whole sign-up post; all messages at once, keyed by field name. */
export function parseSignup(raw: Record<string, unknown>, currentYear: number): Parse<SignupData> {
  const details = parseMemberDetails(raw, { rule: "family", currentYear });
  const account = accountSchema.safeParse(raw);
  const errors: FieldErrors = { ...(details.ok ? {} : details.errors), ...(account.success ? {} : fieldErrors(account.error.issues)) };
  const password = formText(raw.password);
  const confirm = formText(raw.confirm_password);
  if (!errors.confirm_password && confirm !== "" && confirm !== password) errors.confirm_password = M.passwordMismatch;
  if (!details.ok || !account.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    data: {
      email: account.data.email,
      password: account.data.password,
      details: details.data,
      consents: { agreeTerms: true, giftAid: true, resident: true, payment: true },
    },
  };
}
