import { z } from "zod";
import {
  activeMemberDetailsFields,
  CHILD_INDEXES,
  formText,
  isTicked,
  MEMBER_DETAILS_LIMITS as LIMITS,
  MEMBER_DETAILS_MESSAGES as M,
  EARLIEST_BIRTH_YEAR,
  normaliseMobile,
  readMembership,
  TITLES,
  type MemberDetailsField,
  type PhotoConsentRule,
} from "./member-details-form";
import type { Member, Membership, PersonTitle } from "~/kernel/store/records";
import { emailAddress } from "../../kernel/values/email-address-schema";

/**
 * The member-details rules (docs/requirements.md §3.2 and §2.7), shared by the sign-up form
 * and the Edit Account form: one zod schema per field, named as the form posts it, and a
 * parser that checks only the fields the chosen membership and child count show.
 *
 * Server code imports this (actions, *.server.ts); the sign-up page loads it in the
 * browser only lazily, on first use of the form (docs/decisions/0012).
 */

export * from "./member-details-form";

/** Trimmed text, required, with a cap. */
export function requiredText(required: string, max: number) {
  return z.preprocess(
    formText,
    z
      .string()
      .trim()
      .min(1, { error: required, abort: true })
      .max(max, { error: M.tooLong(max) }),
  );
}

export function optionalText(max: number) {
  return z.preprocess(
    formText,
    z
      .string()
      .trim()
      .max(max, { error: M.tooLong(max) }),
  );
}

export function titleField(message: string) {
  return z.preprocess((v) => formText(v).trim(), z.enum(TITLES, { error: message }));
}

/** Numeric, 10 to 11 digits; spaces and dashes people type are dropped first. */
export function mobileField(required: string) {
  return z.preprocess(
    (v) => normaliseMobile(formText(v).trim()),
    z
      .string()
      .min(1, { error: required, abort: true })
      .regex(/^\d{10,11}$/, { error: M.mobileFormat }),
  );
}

/** Required, an e-mail address as the store keeps them (app/kernel/values/email-address.ts). */
export function emailField(required: string) {
  return emailAddress({ required, tooLong: M.tooLong(LIMITS.email), invalid: M.emailFormat });
}

/** A ticked box; unticked gives 'Please agree to proceed.'. */
export const requiredConsent = z.preprocess(isTicked, z.literal(true, { error: M.consent }));

/** Year of birth: numeric, at most 4 characters, a real year from 1900 to this one. */
export function childYearField(currentYear: number) {
  return z.preprocess(
    (v) => formText(v).trim(),
    z
      .string()
      .min(1, { error: M.childYear, abort: true })
      .regex(/^\d{1,4}$/, { error: M.childYearFormat(currentYear), abort: true })
      .transform(Number)
      .refine((year) => year >= EARLIEST_BIRTH_YEAR && year <= currentYear, { error: M.childYearFormat(currentYear) }),
  );
}

export const childCountField = z.preprocess(
  (v) => formText(v).trim(),
  z
    .string()
    .regex(/^[0-5]$/, { error: M.childCount })
    .transform(Number),
);

/** Every field's schema, keyed by the name the forms post. */
export function memberDetailsFieldSchemas(currentYear: number): Record<MemberDetailsField, z.ZodType> {
  const schemas: Partial<Record<MemberDetailsField, z.ZodType>> = {
    title: titleField(M.title),
    fullName: requiredText(M.fullName, LIMITS.fullName),
    address: requiredText(M.address, LIMITS.address),
    city: requiredText(M.city, LIMITS.city),
    county: optionalText(LIMITS.county),
    postcode: requiredText(M.postcode, LIMITS.postcode),
    mobile: mobileField(M.mobile),
    membership: z.preprocess((v) => formText(v).trim(), z.enum(["Family", "Single"], { error: M.membership })),
    spouseTitle: titleField(M.spouseTitle),
    spouseName: requiredText(M.spouseName, LIMITS.fullName),
    spouseEmail: emailField(M.spouseEmail),
    spouseMobile: mobileField(M.spouseMobile),
    childCount: childCountField,
    childPhotoConcent: requiredConsent,
    childPhotoShareConcent: requiredConsent,
  };
  for (const i of CHILD_INDEXES) {
    schemas[`childName${i}`] = requiredText(M.childName, LIMITS.childName);
    schemas[`childYear${i}`] = childYearField(currentYear);
  }
  return schemas as Record<MemberDetailsField, z.ZodType>;
}

export interface MemberDetailsOptions {
  rule: PhotoConsentRule;
  currentYear: number;
}

/** The schema for one post: only the fields its membership and child count show. */
export function memberDetailsSchema(raw: Record<string, unknown>, { rule, currentYear }: MemberDetailsOptions) {
  const all = memberDetailsFieldSchemas(currentYear);
  return z.object(Object.fromEntries(activeMemberDetailsFields(raw, rule).map((field) => [field, all[field]])));
}

/** What the forms save: the record's own detail fields, and the two photo consents. */
export type MemberDetails = Pick<
  Member,
  "title" | "fullName" | "address" | "city" | "county" | "postcode" | "mobile" | "membership" | "spouse" | "children"
> & { childPhotoConsent: boolean; childPhotoShareConsent: boolean };

export type FieldErrors<Field extends string = string> = Partial<Record<Field, string>>;

/** One message per field (the first), keyed by the posted name. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "");
    errors[field] ??= issue.message;
  }
  return errors;
}

export type Parse<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/**
 * The member-details form of one post (`raw`, the form's entries), its output shaped as
 * the record keeps it. Parsed with parseWithZod (disableAutoCoercion: every field reads
 * its own text).
 */
export function memberDetailsFormSchema(raw: Record<string, unknown>, options: MemberDetailsOptions) {
  return memberDetailsSchema(raw, options).transform((d) => memberDetailsFrom(d, raw));
}

/** The valid member details of a post (`d`, parsed by memberDetailsSchema) as the record keeps them. */
export function memberDetailsFrom(d: Record<string, unknown>, raw: Record<string, unknown>): MemberDetails {
  const membership = d.membership as Membership;
  const family = membership === "Family";
  const childCount = family ? (d.childCount as number) : 0;
  const str = (key: string) => d[key] as string;
  return {
    title: d.title as PersonTitle,
    fullName: str("fullName"),
    address: str("address"),
    city: str("city"),
    county: str("county"),
    postcode: str("postcode").toUpperCase(),
    mobile: str("mobile"),
    membership,
    spouse: family ? { title: d.spouseTitle as PersonTitle, name: str("spouseName"), email: str("spouseEmail"), mobile: str("spouseMobile") } : null,
    children: CHILD_INDEXES.slice(0, childCount).map((i) => ({ name: str(`childName${i}`), birthYear: d[`childYear${i}`] as number })),
    // A required consent is true once valid; an optional one keeps what was ticked (a Single has none).
    childPhotoConsent: family && (d.childPhotoConcent === true || isTicked(raw.childPhotoConcent)),
    childPhotoShareConsent: family && (d.childPhotoShareConcent === true || isTicked(raw.childPhotoShareConcent)),
  };
}

/** The membership a post asks for, or null (re-exported for actions that branch on it). */
export { readMembership };
