import { z } from "zod";
import { penceToPounds } from "./pounds";
import { changedSettings, poundsField, priceIdField, textField, type LoggedSetting, type SettingChange } from "./settings-form-parts";
import type { SiteSettings } from "./site-settings";
import { formatStages, parseStages } from "./renewal-reminder-stages";
import { FEE_FIELDS, FREE_SUBSCRIPTION_OPTIONS, PRODUCT_LABELS, SETTINGS_LIMITS, SETTINGS_MESSAGES, SOCIAL_LINK_SLOTS } from "./site-settings-fields";

export { FEE_FIELDS, FREE_SUBSCRIPTION_OPTIONS, PRODUCT_LABELS, SETTINGS_LIMITS, SETTINGS_MESSAGES, SOCIAL_LINK_SLOTS };

/**
 * The studio's Site settings form (/studio/settings): its checks, the form's values from
 * the settings and the settings from the form (its fields' names, labels and messages are in
 * site-settings-fields.ts, without zod, for the page's JavaScript). The upcoming event and its
 * tickets have their own screen. Fees are typed in pounds and kept in pence. Pure.
 */

type FeeName = (typeof FEE_FIELDS)[number]["name"];
type ProductName = keyof typeof PRODUCT_LABELS;

const text = textField;
const pounds = poundsField;
const priceId = priceIdField;

/** Members' data rights (issue 19, part G): a whole number from `min` to `max`, typed as digits. */
const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      const n = /^\d{1,6}$/.test((value ?? "").trim()) ? Number(value) : NaN;
      if (n >= min && n <= max) return n;
      ctx.addIssue({ code: "custom", message: SETTINGS_MESSAGES.wholeNumber(min, max) });
      return z.NEVER;
    });

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
    // Automatic renewal reminders (issue 19, ADR 0050): "1 September, 1 October" to stage keys, with parseStages' messages
    renewalReminderStages: text(SETTINGS_LIMITS.url).transform((value, ctx) => {
      const parsed = parseStages(value);
      if (parsed.ok) return parsed.keys;
      for (const message of parsed.errors) ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }),
    // Members' data rights (issue 19, part G): retention periods, whole numbers
    retentionPaymentYears: wholeNumber(1, 100),
    retentionOutboxDays: wholeNumber(1, 36500),
    retentionContactDays: wholeNumber(1, 36500),
    // New applications (issue 19, members part, ADR 0052): one address, or empty for every accountant
    newApplicationsEmail: text(SETTINGS_LIMITS.email).refine((value) => value === "" || z.email().safeParse(value).success, SETTINGS_MESSAGES.email),
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
    // Automatic renewal reminders (issue 19)
    renewalReminderStages: formatStages(settings.renewalReminderStages),
    // Members' data rights (issue 19, part G)
    retentionPaymentYears: String(settings.retention.paymentYears),
    retentionOutboxDays: String(settings.retention.outboxDays),
    retentionContactDays: String(settings.retention.contactDays),
    // New applications (issue 19, members part)
    newApplicationsEmail: settings.newApplicationsEmail,
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
    // Automatic renewal reminders (issue 19)
    renewalReminderStages: form.renewalReminderStages,
    // Members' data rights (issue 19, part G)
    retention: { paymentYears: form.retentionPaymentYears, outboxDays: form.retentionOutboxDays, contactDays: form.retentionContactDays },
    // New applications (issue 19, members part)
    newApplicationsEmail: form.newApplicationsEmail.toLowerCase(),
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
const LOGGED: readonly LoggedSetting[] = [
  ["Contact phone", (s) => s.primaryContactNumber],
  ["Contact e-mail", (s) => s.primaryContactEmail],
  ["Social links", (s) => s.socialLinks.map((link) => ({ ...link }))],
  ["Registration closed", (s) => s.membership.registrationDisabled],
  ["Registration closed message", (s) => s.membership.disabledMessageHtml],
  ...FEE_FIELDS.map((fee): LoggedSetting => [fee.label.replace(" (£)", ""), (s) => `£${penceToPounds(s.membership[fee.name])}`]),
  ...(Object.keys(PRODUCT_LABELS) as ProductName[]).map((name): LoggedSetting => [PRODUCT_LABELS[name], (s) => s.membership[name]]),
  ["Free subscription from", (s) => FREE_SUBSCRIPTION_OPTIONS[s.membership.freeSubscriptionAfterMonth]?.label ?? s.membership.freeSubscriptionAfterMonth],
  ["Office bearers heading", (s) => s.latestOfficeBearersTitle],
  // Automatic renewal reminders (issue 19)
  ["Renewal reminder dates", (s) => formatStages(s.renewalReminderStages)],
  // Members' data rights (issue 19, part G)
  ["Keep payment records for (years)", (s) => s.retention.paymentYears],
  ["Keep outbox e-mails for (days)", (s) => s.retention.outboxDays],
  ["Keep contact messages for (days)", (s) => s.retention.contactDays],
  // New applications (issue 19, members part)
  ["Send new applications to", (s) => s.newApplicationsEmail],
];

export type { SettingChange };

/** One change per setting that differs, in the form's order (the activity log's entries). */
export function settingChanges(before: SiteSettings, after: SiteSettings): SettingChange[] {
  return changedSettings(LOGGED, before, after);
}
