/**
 * The donation form's fields, amounts, limits and messages (docs/requirements.md §14, ADR 74),
 * without the validation library, so /donate can use them in the browser (the schema is in
 * donation.ts, read by the route's action only: public pages download no zod).
 */
import { EMAIL_ADDRESS_MAX_LENGTH } from "../../kernel/values/email-address";

export const DONATION_FIELDS = ["amount", "otherAmount", "message", "email", "fullName", "giftAid", "title", "address", "postcode"] as const;
export type DonationField = (typeof DONATION_FIELDS)[number];

/** The preset amounts, in pence: £5, £10, £25, £50. */
export const PRESET_AMOUNTS = [500, 1000, 2500, 5000] as const;
/** The radio value of "Another amount". */
export const OTHER_AMOUNT = "other";

/** Another amount: from £1 to £1,000, in pence (migration 0031's donations.amount check says the same). */
export const MIN_DONATION = 100;
export const MAX_DONATION = 100_000;

export const DONATION_LIMITS = {
  otherAmount: 12,
  message: 500,
  email: EMAIL_ADDRESS_MAX_LENGTH,
  fullName: 100,
  address: 300,
  postcode: 10,
} as const;

/**
 * A title on the declaration: none, or one of these (HMRC's schedule takes a title of up to four
 * letters, and none is fine). A member's "Other" is none.
 */
export const DECLARATION_TITLES = ["Mr", "Mrs", "Ms", "Miss", "Mx", "Dr", "Prof", "Rev"] as const;

export const DONATION_MESSAGES = {
  amount: "Please choose an amount, or another amount.",
  otherAmount: "Please enter an amount in pounds, like 15 or 12.50.",
  otherRange: "Please enter an amount from £1 to £1,000.",
  message: `Please keep the message to ${DONATION_LIMITS.message} characters.`,
  email: "Please enter your e-mail address, so we can send your receipt.",
  emailFormat: "Please enter a valid e-mail address, like name@example.org.",
  fullName: "Please enter your full name.",
  title: "Please choose a title from the list, or none.",
  address: "Please enter your home address, with the house name or number.",
  postcode: "Please enter your postcode.",
  postcodeFormat: "Please enter a UK postcode, like SW1A 1AA.",
  tooLong: (max: number) => `Please keep this to ${max} characters.`,
  invalid: "Please check the form: some answers need another look.",
  limited: "Too many donation attempts from here. Nothing was charged. Please try again later.",
  unavailable: "We could not start the payment. Nothing was charged. Please try again in a few minutes.",
} as const;
