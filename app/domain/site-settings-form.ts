import { z } from "zod";
import type { JsonValue } from "./activity";
import { parsePounds, penceToPounds } from "./pounds";
import type { SiteSettings } from "./site-settings";

/**
 * The studio's Site settings form (/studio/settings): its fields, its checks, the form's
 * values from the settings and the settings from the form. The upcoming event and its
 * tickets have their own screen. Fees are typed in pounds and kept in pence. Pure.
 */

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
} as const;

export const SETTINGS_LIMITS = { phone: 40, email: 120, label: 40, url: 300, title: 120, message: 5000, priceId: 100 } as const;

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

type FeeName = (typeof FEE_FIELDS)[number]["name"];
type ProductName = keyof typeof PRODUCT_LABELS;

const text = (max: number) =>
  z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim())
    .pipe(z.string().max(max, SETTINGS_MESSAGES.tooLong(max)));

const pounds = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const parsed = parsePounds(value);
    if (parsed.ok) return parsed.pence;
    ctx.addIssue({ code: "custom", message: parsed.message });
    return z.NEVER;
  });

const priceId = text(SETTINGS_LIMITS.priceId).refine((value) => /^[A-Za-z0-9_]*$/.test(value), SETTINGS_MESSAGES.priceId);

const webAddress = (value: string) => {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return Boolean(new URL(value).hostname);
  } catch {
    return false;
  }
};

const socialShape = Object.fromEntries(
  SOCIAL_LINK_SLOTS.flatMap((slot) => [
    [`social${slot}Label`, text(SETTINGS_LIMITS.label)],
    [`social${slot}Url`, text(SETTINGS_LIMITS.url)],
  ]),
) as Record<`social${(typeof SOCIAL_LINK_SLOTS)[number]}${"Label" | "Url"}`, ReturnType<typeof text>>;

export const settingsFormSchema = z
  .object({
    primaryContactNumber: text(SETTINGS_LIMITS.phone),
    primaryContactEmail: text(SETTINGS_LIMITS.email).refine((value) => value === "" || z.email().safeParse(value).success, SETTINGS_MESSAGES.email),
    ...socialShape,
    registrationDisabled: z
      .string()
      .optional()
      .transform((value) => value === "on"),
    disabledMessageHtml: text(SETTINGS_LIMITS.message),
    singleRegFee: pounds,
    singleRenewFee: pounds,
    familyRegFee: pounds,
    familyRenewFee: pounds,
    singleRegProduct: priceId,
    singleOnlyRegProduct: priceId,
    singleRenewProduct: priceId,
    familyRegProduct: priceId,
    familyOnlyRegProduct: priceId,
    familyRenewProduct: priceId,
    freeSubscriptionAfterMonth: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const month = /^\d{1,2}$/.test(value ?? "") ? Number(value) : NaN;
        if (month >= 0 && month <= 12) return month;
        ctx.addIssue({ code: "custom", message: SETTINGS_MESSAGES.month });
        return z.NEVER;
      }),
    latestOfficeBearersTitle: text(SETTINGS_LIMITS.title),
  })
  .superRefine(
    (form, ctx) => {
      // A link needs both its name and its address; a row left empty is no link.
      for (const slot of SOCIAL_LINK_SLOTS) {
        const label = form[`social${slot}Label`];
        const url = form[`social${slot}Url`];
        if (!label && !url) continue;
        if (!label) ctx.addIssue({ code: "custom", path: [`social${slot}Label`], message: SETTINGS_MESSAGES.label });
        if (!url) ctx.addIssue({ code: "custom", path: [`social${slot}Url`], message: SETTINGS_MESSAGES.urlMissing });
        else if (!webAddress(url)) ctx.addIssue({ code: "custom", path: [`social${slot}Url`], message: SETTINGS_MESSAGES.url });
      }
      // Run even when another field is wrong, so every message shows at once.
    },
    { when: () => true },
  );

export type SettingsForm = z.output<typeof settingsFormSchema>;

/** The settings as the form's fields show them (fees in pounds, "25.00"). */
export function settingsFormValues(settings: SiteSettings): Record<string, string> {
  const m = settings.membership;
  const values: Record<string, string> = {
    primaryContactNumber: settings.primaryContactNumber,
    primaryContactEmail: settings.primaryContactEmail,
    registrationDisabled: m.registrationDisabled ? "on" : "",
    disabledMessageHtml: m.disabledMessageHtml,
    freeSubscriptionAfterMonth: String(m.freeSubscriptionAfterMonth),
    latestOfficeBearersTitle: settings.latestOfficeBearersTitle,
  };
  for (const fee of FEE_FIELDS) values[fee.name] = penceToPounds(m[fee.name]);
  for (const product of Object.keys(PRODUCT_LABELS) as ProductName[]) values[product] = m[product];
  for (const slot of SOCIAL_LINK_SLOTS) {
    const link = settings.socialLinks[slot - 1];
    values[`social${slot}Label`] = link?.label ?? "";
    values[`social${slot}Url`] = link?.url ?? "";
  }
  return values;
}

/** `current` with the form's values: every other setting (the upcoming event, tickets) kept as it was. */
export function applySettingsForm(current: SiteSettings, form: SettingsForm): SiteSettings {
  const fees = Object.fromEntries(FEE_FIELDS.map((fee) => [fee.name, form[fee.name]])) as Record<FeeName, number>;
  const products = Object.fromEntries((Object.keys(PRODUCT_LABELS) as ProductName[]).map((name) => [name, form[name]])) as Record<ProductName, string>;
  return {
    ...current,
    primaryContactNumber: form.primaryContactNumber,
    primaryContactEmail: form.primaryContactEmail,
    socialLinks: SOCIAL_LINK_SLOTS.flatMap((slot) => {
      const label = form[`social${slot}Label`];
      const url = form[`social${slot}Url`];
      return label && url ? [{ label, url }] : [];
    }),
    latestOfficeBearersTitle: form.latestOfficeBearersTitle,
    membership: {
      ...current.membership,
      ...fees,
      ...products,
      registrationDisabled: form.registrationDisabled,
      disabledMessageHtml: form.disabledMessageHtml,
      freeSubscriptionAfterMonth: form.freeSubscriptionAfterMonth,
    },
  };
}

/** The settings this form edits, by the name the activity log gives them, each as the log shows its value. */
const LOGGED: ReadonlyArray<[string, (s: SiteSettings) => JsonValue]> = [
  ["Contact phone", (s) => s.primaryContactNumber],
  ["Contact e-mail", (s) => s.primaryContactEmail],
  ["Social links", (s) => s.socialLinks.map((link) => ({ ...link }))],
  ["Registration closed", (s) => s.membership.registrationDisabled],
  ["Registration closed message", (s) => s.membership.disabledMessageHtml],
  ...FEE_FIELDS.map((fee): [string, (s: SiteSettings) => JsonValue] => [fee.label.replace(" (£)", ""), (s) => `£${penceToPounds(s.membership[fee.name])}`]),
  ...(Object.keys(PRODUCT_LABELS) as ProductName[]).map((name): [string, (s: SiteSettings) => JsonValue] => [PRODUCT_LABELS[name], (s) => s.membership[name]]),
  ["Free subscription from", (s) => FREE_SUBSCRIPTION_OPTIONS[s.membership.freeSubscriptionAfterMonth]?.label ?? s.membership.freeSubscriptionAfterMonth],
  ["Office bearers heading", (s) => s.latestOfficeBearersTitle],
];

export interface SettingChange {
  key: string;
  before: JsonValue;
  after: JsonValue;
}

/** One change per setting that differs, in the form's order (the activity log's entries). */
export function settingChanges(before: SiteSettings, after: SiteSettings): SettingChange[] {
  return LOGGED.flatMap(([key, read]) => {
    const was = read(before);
    const now = read(after);
    return JSON.stringify(was) === JSON.stringify(now) ? [] : [{ key, before: was, after: now }];
  });
}
