import { z } from "zod";
import { accountStatusLabel, registrationPaymentLabel } from "~/features/membership";
import type { JsonValue } from "~/kernel/activity/activity";
import { emailField, memberDetailsFrom, memberDetailsSchema, type MemberDetails } from "~/features/membership";
import { MEMBER_DETAILS_MESSAGES } from "~/features/membership";
import type { Child, Member, MemberPatch, Spouse } from "~/kernel/store/records";

/**
 * An accountant corrects a member's record from the members table (docs/requirements.md §6.5, ADR 0052):
 * every field the member edits on Edit Account, plus e-mail, status and registration payment.
 * A change of membership type or children here is a correction of the record, not a paid
 * upgrade: no checkout. Pure: the schema, the patch and what changed (for the log and the
 * member's e-mail).
 */

export const CORRECTION_MESSAGES = {
  status: "Please choose Active or Suspended",
  registration: "Please choose Paid or Not paid",
  saved: (name: string) => `${name}'s record was updated.`,
  unchanged: "Nothing was changed.",
} as const;

const choice = <T extends string>(values: readonly [T, ...T[]], message: string) =>
  z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.enum(values, { error: message }));

/** The schema of one post (`raw`: the form's entries); as the member's form, only the fields its membership and child count show. */
export function correctionSchema(raw: Record<string, unknown>, currentYear: number) {
  return memberDetailsSchema(raw, { rule: "family-with-children", currentYear })
    .extend({
      email: emailField(MEMBER_DETAILS_MESSAGES.emailFormat),
      status: choice(["active", "suspended"], CORRECTION_MESSAGES.status),
      registrationPaid: choice(["paid", "unpaid"], CORRECTION_MESSAGES.registration),
    })
    .transform((d): Correction => ({
      details: memberDetailsFrom(d, raw),
      email: d.email as string,
      active: d.status === "active",
      registrationPaid: d.registrationPaid === "paid",
    }));
}

export interface Correction {
  details: MemberDetails;
  email: string;
  active: boolean;
  registrationPaid: boolean;
}

/** The form's own extra fields as it shows them for a member (the details come from accountFormValues). */
export function correctionFormValues(member: Member): Record<string, string> {
  return { email: member.email, status: member.active ? "active" : "suspended", registrationPaid: member.registrationPaid ? "paid" : "unpaid" };
}

/** The record's fields a correction writes. */
export function correctionPatch(member: Member, c: Correction): MemberPatch {
  const { childPhotoConsent, childPhotoShareConsent, ...details } = c.details;
  return {
    ...details,
    email: c.email,
    active: c.active,
    registrationPaid: c.registrationPaid,
    consents: { ...member.consents, childPhoto: childPhotoConsent, childPhotoShare: childPhotoShareConsent },
  };
}

/** One changed field, named as the accountant reads it, with its value before and after (as text; never a password). */
export interface FieldChange {
  label: string;
  before: string;
  after: string;
}

const spouseText = (s: Spouse | null) => (s ? `${s.title} ${s.name}, ${s.email}, ${s.mobile}` : "None");
const childrenText = (children: Child[]) => (children.length ? children.map((c) => `${c.name} (${c.birthYear})`).join(", ") : "None");
const tick = (value: boolean) => (value ? "Yes" : "No");

/** The fields of the record the form corrects, in the form's order, each as text. */
const SHOWN: ReadonlyArray<[label: string, read: (m: Member) => string, membership?: true]> = [
  ["E-mail", (m) => m.email],
  ["Title", (m) => m.title],
  ["Full name", (m) => m.fullName],
  ["Address", (m) => m.address],
  ["City", (m) => m.city],
  ["County", (m) => m.county],
  ["Postcode", (m) => m.postcode],
  ["Mobile", (m) => m.mobile],
  ["Membership type", (m) => m.membership, true],
  ["Spouse", (m) => spouseText(m.spouse)],
  ["Children", (m) => childrenText(m.children), true],
  ["Child photo consent", (m) => tick(m.consents.childPhoto)],
  ["Child photo sharing consent", (m) => tick(m.consents.childPhotoShare)],
  ["Status", (m) => accountStatusLabel(m.active), true],
  ["Registration payment", (m) => registrationPaymentLabel(m.registrationPaid), true],
];

/** What a correction changed, field by field, in the form's order. */
export function correctionChanges(before: Member, after: Member): FieldChange[] {
  return SHOWN.flatMap(([label, read]) => (read(before) === read(after) ? [] : [{ label, before: read(before), after: read(after) }]));
}

/** The changes the member is told about (ADR 0052): their e-mail address and their membership (type, children, status, payment). */
export function noticeChanges(changes: FieldChange[]): FieldChange[] {
  const told = new Set(SHOWN.filter(([label, , membership]) => membership || label === "E-mail").map(([label]) => label));
  return changes.filter((change) => told.has(change.label));
}

/** The log's before and after: the changed fields only, by label. */
export function changesForLog(changes: FieldChange[]): { before: JsonValue; after: JsonValue } {
  return {
    before: Object.fromEntries(changes.map((c) => [c.label, c.before])),
    after: Object.fromEntries(changes.map((c) => [c.label, c.after])),
  };
}
