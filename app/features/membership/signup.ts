import { z } from "zod";
import { emailField, formText, memberDetailsFrom, memberDetailsSchema, requiredConsent, type MemberDetails } from "./member-details";
import { isTicked } from "./member-details-form";
import { PASSWORD_MAX, PASSWORD_MIN, SIGNUP_MESSAGES as M } from "./signup-form";

/**
 * The sign-up form (docs/requirements.md §3.2): the member details (member-details.ts, with the
 * child photo consents required for every Family), the account (e-mail, password and its
 * confirmation) and the four consents every applicant gives. The server's action and the
 * browser's lazily loaded check (app/features/membership/components/signup-check.ts) both parse with
 * `signupSchema` through conform's parseWithZod, so both give the same messages.
 */

/** The account and the four consents; `password` is the password as posted, which the confirmation must match. */
function accountFields(password: string) {
  return {
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
    confirm_password: z.preprocess(
      formText,
      z
        .string()
        .min(1, { error: M.confirmPassword, abort: true })
        .refine((confirm) => confirm === password, { error: M.passwordMismatch }),
    ),
    agreeTerms: requiredConsent,
    giftAidConcent: requiredConsent,
    residentConcent: requiredConsent,
    paymentConcent: requiredConsent,
  };
}

export interface SignupData {
  email: string;
  password: string;
  details: MemberDetails;
  consents: { agreeTerms: true; giftAid: true; resident: true; payment: true };
  /** The optional, unticked "Send me the association's newsletters" box (docs/requirements.md §13). */
  newsletters: boolean;
}

/**
 * The schema of one sign-up post (`raw`, the form's entries): the fields its membership
 * and child count show, the account and the consents; its output is what registering
 * needs. Parsed with parseWithZod (disableAutoCoercion: every field reads its own text).
 */
export function signupSchema(raw: Record<string, unknown>, currentYear: number) {
  return memberDetailsSchema(raw, { rule: "family", currentYear })
    .extend(accountFields(formText(raw.password)))
    .transform((d): SignupData => ({
      email: d.email as string,
      password: d.password as string,
      details: memberDetailsFrom(d, raw),
      consents: { agreeTerms: true, giftAid: true, resident: true, payment: true },
      newsletters: isTicked(raw.newsletters),
    }));
}
