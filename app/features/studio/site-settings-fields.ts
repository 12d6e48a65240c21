/**
 * The Site settings form's fields, labels, limits and messages (/studio/settings). No zod
 * here: the form's component imports this, and the checks (site-settings-form.ts) stay on
 * the server, so the studio adds no validation library to the browser's JavaScript.
 */
import { EMAIL_ADDRESS_MAX_LENGTH } from "~/kernel/values/email-address";

export const SOCIAL_LINK_SLOTS = [1, 2, 3, 4] as const;

export const SETTINGS_MESSAGES = {
  saved: "Site settings saved.",
  invalid: "Please check the fields marked below.",
  email: "Enter an e-mail address like name@example.org, or leave it empty.",
  url: "Enter the full address, starting with https://",
  label: "Give the link a name, like Facebook.",
  urlMissing: "Enter the link's address, starting with https://",
  priceId: "A Stripe price id has only letters, digits and _ (like price_1AbC…), or leave it empty.",
  month: "Choose an option from the list.",
  tooLong: (max: number) => `Use at most ${max} characters.`,
  // Members' data rights (docs/requirements.md §8.1)
  wholeNumber: (min: number, max: number) => `Enter a number from ${min} to ${max}, in figures.`,
  // The postal address (docs/requirements.md §1.10)
  addressMissing: "Enter the association's postal address: receipts and the Contact page print it.",
  addressLines: (max: number) => `Use at most ${max} lines.`,
  addressLine: (max: number) => `Keep each line to at most ${max} characters.`,
} as const;

export const SETTINGS_LIMITS = {
  phone: 40,
  email: EMAIL_ADDRESS_MAX_LENGTH,
  label: 40,
  url: 300,
  title: 120,
  message: 5000,
  priceId: 100,
  // The postal address (docs/requirements.md §1.10): a few lines, as an envelope takes them.
  address: 400,
  addressLines: 8,
  addressLine: 80,
} as const;

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/**
 * The free-subscription choice: a registration in a month after `freeSubscriptionAfterMonth`
 * pays no subscription for the year, so 0 is "from January" (always) and 12 is never.
 */
export const FREE_SUBSCRIPTION_OPTIONS: ReadonlyArray<{ value: string; label: string }> = [
  ...MONTHS.map((month, index) => ({ value: String(index), label: index === 0 ? "January (every registration)" : `${month} onwards` })),
  { value: "12", label: "Never" },
];

/** The fee fields, in pounds, each with its Stripe price id fields. */
export const FEE_FIELDS = [
  { name: "singleRegFee", label: "Single: registration fee (£)", products: ["singleRegProduct", "singleOnlyRegProduct"] },
  { name: "singleRenewFee", label: "Single: yearly subscription (£)", products: ["singleRenewProduct"] },
  { name: "familyRegFee", label: "Family: registration fee (£)", products: ["familyRegProduct", "familyOnlyRegProduct"] },
  { name: "familyRenewFee", label: "Family: yearly subscription (£)", products: ["familyRenewProduct"] },
] as const;

export const PRODUCT_LABELS = {
  singleRegProduct: "Single: Stripe price id for registration with the subscription",
  singleOnlyRegProduct: "Single: Stripe price id for registration only",
  singleRenewProduct: "Single: Stripe price id for the subscription",
  familyRegProduct: "Family: Stripe price id for registration with the subscription",
  familyOnlyRegProduct: "Family: Stripe price id for registration only",
  familyRenewProduct: "Family: Stripe price id for the subscription",
} as const;
