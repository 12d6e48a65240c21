/**
 * The member-details fields shared by the sign-up form and the Edit Account form, without
 * the validation library, so pages can use the names, limits and helpers in the browser
 * (the zod schemas are in member-details.ts; docs/decisions/0010 and 0012).
 */
import { MAX_CHILDREN, MEMBERSHIPS, TITLES, type Membership } from "../../kernel/store/records";
import { EMAIL_ADDRESS_MAX_LENGTH } from "../../kernel/values/email-address";

export { MAX_CHILDREN, MEMBERSHIPS, TITLES };

export const CHILD_INDEXES = [1, 2, 3, 4, 5] as const;
export type ChildIndex = (typeof CHILD_INDEXES)[number];

/** The personal fields every member has (county is optional). */
export const PERSON_FIELDS = ["title", "fullName", "address", "city", "county", "postcode", "mobile"] as const;
export const SPOUSE_FIELDS = ["spouseTitle", "spouseName", "spouseEmail", "spouseMobile"] as const;
export const CHILD_NAME_FIELDS = CHILD_INDEXES.map((i) => `childName${i}` as const);
export const CHILD_YEAR_FIELDS = CHILD_INDEXES.map((i) => `childYear${i}` as const);
export const PHOTO_CONSENT_FIELDS = ["childPhotoConcent", "childPhotoShareConcent"] as const;

export type ChildNameField = `childName${ChildIndex}`;
export type ChildYearField = `childYear${ChildIndex}`;
export type MemberDetailsField =
  | (typeof PERSON_FIELDS)[number]
  | "membership"
  | (typeof SPOUSE_FIELDS)[number]
  | "childCount"
  | ChildNameField
  | ChildYearField
  | (typeof PHOTO_CONSENT_FIELDS)[number];

/** Length caps (characters); the form's maxLength and the schema's max agree. */
export const MEMBER_DETAILS_LIMITS = {
  fullName: 100,
  address: 200,
  city: 100,
  county: 100,
  postcode: 10,
  mobile: 11,
  email: EMAIL_ADDRESS_MAX_LENGTH,
  childName: 100,
  childYear: 4,
} as const;

/** Years of birth from this one on are accepted (a real, past year). */
export const EARLIEST_BIRTH_YEAR = 1900;

/** The messages, one place for both forms and their tests. */
export const MEMBER_DETAILS_MESSAGES = {
  title: "Please choose a title",
  fullName: "Please enter your full name",
  address: "Please enter your address",
  city: "Please enter your city",
  postcode: "Please enter your postcode",
  mobile: "Please enter your mobile number",
  mobileFormat: "Mobile number must be 10 to 11 digits",
  membership: "Please choose a membership type",
  spouseTitle: "Please choose your spouse's title",
  spouseName: "Please enter your spouse's name",
  spouseEmail: "Please enter your spouse's email",
  emailFormat: "Please enter a valid email",
  spouseMobile: "Please enter your spouse's mobile number",
  childCount: "Please choose 0 to 5 children",
  childName: "Please enter the child's name",
  childYear: "Please enter the child's year of birth",
  childYearFormat: (currentYear: number) => `Year of birth must be a year from ${EARLIEST_BIRTH_YEAR} to ${currentYear}`,
  consent: "Please agree to proceed.",
  tooLong: (max: number) => `Must be at most ${max} characters`,
} as const;

/** The form-level message for any invalid form (docs/requirements.md §3.2). */
export const INVALID_FORM_MESSAGE = "Empty field is not allowed!";

/** Reads a form value as text ("" for missing values or files). */
export const formText = (value: unknown): string => (typeof value === "string" ? value : "");

/** A ticked checkbox posts "on" (or a value we set, "true"/"yes"); anything else is unticked. */
export function isTicked(value: unknown): boolean {
  return typeof value === "string" && ["on", "true", "yes", "1"].includes(value.trim().toLowerCase());
}

/** "Family" or "Single" as posted, or null. */
export function readMembership(value: unknown): Membership | null {
  const text = formText(value).trim();
  return (MEMBERSHIPS as readonly string[]).includes(text) ? (text as Membership) : null;
}

/** The number of children a form shows: 0–5 for a Family, always 0 for a Single (or unknown) membership. */
export function shownChildCount(membership: Membership | null, childCount: unknown): number {
  if (membership !== "Family") return 0;
  const n = Number.parseInt(formText(childCount).trim(), 10);
  return Number.isInteger(n) && n >= 0 ? Math.min(n, MAX_CHILDREN) : 0;
}

/** The mobile as stored: digits only (spaces, dashes and brackets people type are dropped). */
export const normaliseMobile = (value: string): string => value.replace(/[\s\-().]/g, "");

/** When the two child photo consents are required. */
export type PhotoConsentRule = "family" | "family-with-children";

export function photoConsentsRequired(rule: PhotoConsentRule, membership: Membership | null, children: number): boolean {
  if (membership !== "Family") return false;
  return rule === "family" || children > 0;
}

/**
 * The fields a form shows and checks for the membership and child count chosen: spouse
 * fields for a Family, one name and year per child shown, and the photo consents when
 * the rule requires them.
 */
export function activeMemberDetailsFields(raw: Record<string, unknown>, rule: PhotoConsentRule): MemberDetailsField[] {
  const membership = readMembership(raw.membership);
  const children = shownChildCount(membership, raw.childCount);
  const fields: MemberDetailsField[] = [...PERSON_FIELDS, "membership"];
  if (membership === "Family") {
    fields.push(...SPOUSE_FIELDS, "childCount");
    for (const i of CHILD_INDEXES.slice(0, children)) fields.push(`childName${i}`, `childYear${i}`);
  }
  if (photoConsentsRequired(rule, membership, children)) fields.push(...PHOTO_CONSENT_FIELDS);
  return fields;
}
