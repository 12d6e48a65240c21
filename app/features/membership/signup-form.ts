/**
 * The sign-up form's own fields, texts and fees, without the validation library (the
 * schema is in signup.ts). The page's loader sends `SIGNUP_FORM` (labels, consent
 * wording, limits) as data, so the page's JavaScript is a small renderer and stays within
 * the public pages' budget (docs/decisions/0012).
 */
import { CHILD_INDEXES, INVALID_FORM_MESSAGE, MAX_CHILDREN, MEMBER_DETAILS_LIMITS as LIMITS, MEMBERSHIPS, TITLES } from "./member-details-form";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const SIGNUP_MESSAGES = {
  email: "Please enter your email",
  password: "Please enter a password",
  passwordShort: `Password must be at least ${PASSWORD_MIN} characters`,
  passwordLong: `Password must be at most ${PASSWORD_MAX} characters`,
  confirmPassword: "Please confirm your password",
  passwordMismatch: "Passwords do not match",
  duplicateEmail: "Email id already exist!",
  rateLimited: "Too many sign-ups from this address. Please try again later.",
  closed: "Registration is closed.",
} as const;

export const SIGNUP_THANKS = "Thank you for registering. Your application is under review.";

export const SIGNUP_CONSENT_FIELDS = ["agreeTerms", "giftAidConcent", "residentConcent", "paymentConcent"] as const;

/** Fee wording of the consents (docs/requirements.md §3.2 and §3.1); the amounts charged come from site settings. */
export const SIGNUP_FEES = { registration: { single: 10, family: 20 }, subscription: { single: 10, family: 20 } } as const;

/** One control of the form, as the page renders it. */
export interface FieldSpec {
  name: string;
  label: string;
  type: "text" | "email" | "tel" | "password" | "select" | "checkbox";
  autoComplete?: string;
  maxLength?: number;
  inputMode?: "numeric" | "tel";
  hint?: string;
  /** A select's values (shown as they are); "" first means "Choose...". */
  options?: readonly string[];
  /** Without JavaScript, a button beside this control re-renders the form for the new choice. */
  updateLabel?: string;
  /** Spans the whole row. */
  wide?: boolean;
  /** Shown only for a Family. */
  family?: boolean;
  /** Shown for a Family with at least this many children. */
  child?: number;
}

export interface SectionSpec {
  legend: string;
  family?: boolean;
  fields: FieldSpec[];
}

const CHOOSE = "";
const fee = (fees: { single: number; family: number }) => `£${fees.single} (£${fees.family} family)`;

export const SIGNUP_FORM: { sections: SectionSpec[]; invalidMessage: string } = {
  invalidMessage: INVALID_FORM_MESSAGE,
  sections: [
    {
      legend: "Membership",
      fields: [
        {
          name: "membership",
          label: "Membership type",
          type: "select",
          options: [CHOOSE, ...[...MEMBERSHIPS].reverse()],
          updateLabel: "Show fields for this membership",
          wide: true,
        },
      ],
    },
    {
      legend: "Your details",
      fields: [
        { name: "title", label: "Title", type: "select", options: [CHOOSE, ...TITLES] },
        { name: "fullName", label: "Full name", type: "text", autoComplete: "name", maxLength: LIMITS.fullName },
        { name: "address", label: "Address", type: "text", autoComplete: "street-address", maxLength: LIMITS.address, wide: true },
        { name: "city", label: "City", type: "text", autoComplete: "address-level2", maxLength: LIMITS.city },
        { name: "county", label: "County (optional)", type: "text", autoComplete: "address-level1", maxLength: LIMITS.county },
        { name: "postcode", label: "Postcode", type: "text", autoComplete: "postal-code", maxLength: LIMITS.postcode },
        { name: "mobile", label: "Mobile", type: "tel", autoComplete: "tel", inputMode: "tel", maxLength: 16, hint: "10 to 11 digits" },
      ],
    },
    {
      legend: "Your account",
      fields: [
        { name: "email", label: "Email", type: "email", autoComplete: "email", maxLength: LIMITS.email, wide: true },
        {
          name: "password",
          label: "Password",
          type: "password",
          autoComplete: "new-password",
          maxLength: PASSWORD_MAX,
          hint: `At least ${PASSWORD_MIN} characters`,
        },
        { name: "confirm_password", label: "Confirm password", type: "password", autoComplete: "new-password", maxLength: PASSWORD_MAX },
      ],
    },
    {
      legend: "Spouse",
      family: true,
      fields: [
        { name: "spouseTitle", label: "Spouse's title", type: "select", options: [CHOOSE, ...TITLES] },
        { name: "spouseName", label: "Spouse's full name", type: "text", autoComplete: "off", maxLength: LIMITS.fullName },
        { name: "spouseEmail", label: "Spouse's email", type: "email", autoComplete: "off", maxLength: LIMITS.email },
        { name: "spouseMobile", label: "Spouse's mobile", type: "tel", autoComplete: "off", inputMode: "tel", maxLength: 16 },
      ],
    },
    {
      legend: "Children",
      family: true,
      fields: [
        {
          name: "childCount",
          label: "Number of children",
          type: "select",
          options: Array.from({ length: MAX_CHILDREN + 1 }, (_, n) => String(n)),
          updateLabel: "Show fields for this number",
          wide: true,
        },
        ...CHILD_INDEXES.flatMap((i): FieldSpec[] => [
          { name: `childName${i}`, label: `Child ${i}: name`, type: "text", autoComplete: "off", maxLength: LIMITS.childName, child: i },
          {
            name: `childYear${i}`,
            label: `Child ${i}: year of birth`,
            type: "text",
            autoComplete: "off",
            inputMode: "numeric",
            maxLength: LIMITS.childYear,
            child: i,
          },
        ]),
      ],
    },
    {
      legend: "Consents",
      fields: [
        { name: "agreeTerms", label: `I agree to pay a one-off registration fee of ${fee(SIGNUP_FEES.registration)}.` },
        { name: "paymentConcent", label: `I agree to pay an annual subscription of ${fee(SIGNUP_FEES.subscription)}, due on acceptance of my application.` },
        { name: "residentConcent", label: "I live in the Greater Manchester area." },
        {
          name: "giftAidConcent",
          // The box stays required (the seed's form); the model declaration's words come under it (docs/requirements.md §14).
          label: "Gift Aid declaration: I give the declaration below.",
        },
        { name: "childPhotoConcent", label: "I agree that photographs of my children may be taken at the association's events.", family: true },
        { name: "childPhotoShareConcent", label: "I agree that those photographs may be shared on the association's website and social media.", family: true },
      ].map((field): FieldSpec => ({ ...field, type: "checkbox", wide: true })),
    },
  ],
};
