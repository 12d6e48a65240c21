import { parseWholeNumber } from "~/kernel/forms/number-field";
import { z } from "zod";
import { penceToPounds } from "~/kernel/values/pounds";
import type { Role } from "~/kernel/store/records";
import { maySetSettingsField, settingsFieldsFor, type SettingsFieldName } from "./settings-field-access";
import { changedSettings, poundsField, priceIdField, textField, type LoggedSetting, type SettingChange } from "./settings-form-parts";
import type { SiteSettings } from "~/kernel/store/site-settings";
import { formatStages, parseStages } from "~/features/membership";
import { optionalEmailAddress } from "~/kernel/values/email-address-schema";
import { addressLines } from "~/kernel/store/postal-address";
import { FEE_FIELDS, FREE_SUBSCRIPTION_OPTIONS, PRODUCT_LABELS, SETTINGS_LIMITS, SETTINGS_MESSAGES, SOCIAL_LINK_SLOTS } from "./site-settings-fields";

export { FEE_FIELDS, FREE_SUBSCRIPTION_OPTIONS, PRODUCT_LABELS, SETTINGS_LIMITS, SETTINGS_MESSAGES, SOCIAL_LINK_SLOTS };

/**
 * The studio's Site settings form (/studio/settings): its checks, the form's values from
 * the settings and the settings from the form (its fields' names, labels and messages are in
 * site-settings-fields.ts, without zod, for the page's JavaScript). The upcoming event and its
 * tickets have their own screen. Fees are typed in pounds and kept in pence. Who may set
 * which field is settings-field-access.ts's rule: each role's form has its own fields, and
 * the save keeps every other setting as it was. Pure.
 */

type FeeName = (typeof FEE_FIELDS)[number]["name"];
type ProductName = keyof typeof PRODUCT_LABELS;

const text = textField;
const pounds = poundsField;
const priceId = priceIdField;
/** An address kept as every address is (app/kernel/values/email-address.ts), or empty. */
const email = optionalEmailAddress({ tooLong: SETTINGS_MESSAGES.tooLong(SETTINGS_LIMITS.email), invalid: SETTINGS_MESSAGES.email });

/**
 * The postal address (docs/requirements.md §1.10, ADR 67): lines as typed (spaces at either end and blank
 * lines dropped, "\n" between), never empty, a few short lines.
 */
const postalAddress = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const lines = addressLines(value ?? "");
    const joined = lines.join("\n");
    if (lines.length === 0) ctx.addIssue({ code: "custom", message: SETTINGS_MESSAGES.addressMissing });
    else if (joined.length > SETTINGS_LIMITS.address) ctx.addIssue({ code: "custom", message: SETTINGS_MESSAGES.tooLong(SETTINGS_LIMITS.address) });
    else if (lines.length > SETTINGS_LIMITS.addressLines)
      ctx.addIssue({ code: "custom", message: SETTINGS_MESSAGES.addressLines(SETTINGS_LIMITS.addressLines) });
    else if (lines.some((line) => line.length > SETTINGS_LIMITS.addressLine))
      ctx.addIssue({ code: "custom", message: SETTINGS_MESSAGES.addressLine(SETTINGS_LIMITS.addressLine) });
    else return joined;
    return z.NEVER;
  });

/** Members' data rights (docs/requirements.md §8.1): a whole number from `min` to `max`, typed as digits. */
const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      const n = parseWholeNumber(value, { min, max });
      if (n.ok) return n.value;
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

/** Each field's check, by the field's name: every field of settings-field-access.ts, and only those. */
const FIELD_CHECKS = {
  primaryContactNumber: text(SETTINGS_LIMITS.phone),
  primaryContactEmail: email,
  postalAddress,
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
  // Donations (docs/requirements.md §14): HTML, cleaned to the CMS allow-list when saved
  donatePageHtml: text(SETTINGS_LIMITS.message),
  // Automatic renewal reminders (ADR 0050): "1 September, 1 October" to stage keys, with parseStages' messages
  renewalReminderStages: text(SETTINGS_LIMITS.url).transform((value, ctx) => {
    const parsed = parseStages(value);
    if (parsed.ok) return parsed.keys;
    for (const message of parsed.errors) ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  }),
  // Members' data rights (ADR 0056, docs/privacy.md): retention periods, whole numbers
  retentionPaymentYears: wholeNumber(1, 100),
  retentionOutboxDays: wholeNumber(1, 36500),
  retentionContactDays: wholeNumber(1, 36500),
  // New applications (ADR 0052): one address, or empty for every accountant
  newApplicationsEmail: email,
} satisfies Record<SettingsFieldName, z.ZodType>;

/** A link needs both its name and its address; a row left empty is no link. */
function checkSocialLinks(form: Partial<Record<string, unknown>>, ctx: z.RefinementCtx) {
  for (const slot of SOCIAL_LINK_SLOTS) {
    const label = form[`social${slot}Label`] as string | undefined;
    const url = form[`social${slot}Url`] as string | undefined;
    if (!label && !url) continue;
    if (!label) ctx.addIssue({ code: "custom", path: [`social${slot}Label`], message: SETTINGS_MESSAGES.label });
    if (!url) ctx.addIssue({ code: "custom", path: [`social${slot}Url`], message: SETTINGS_MESSAGES.urlMissing });
    else if (!webAddress(url)) ctx.addIssue({ code: "custom", path: [`social${slot}Url`], message: SETTINGS_MESSAGES.url });
  }
}

// Run even when another field is wrong, so every message shows at once.
const ALWAYS = { when: () => true };

/** The whole form: every field, as an accountant's page has it. */
export const settingsFormSchema = z.object(FIELD_CHECKS).superRefine(checkSocialLinks, ALWAYS);

export type SettingsForm = z.output<typeof settingsFormSchema>;

/**
 * The form of `role`: the fields it may set, and no other. A field it may not set is not
 * asked for (an editor's page has no fees to fill in) and, when sent anyway, is dropped.
 */
export function settingsFormSchemaFor(role: Role): z.ZodType<Partial<SettingsForm>, Partial<Record<SettingsFieldName, unknown>>> {
  const shape = Object.fromEntries(settingsFieldsFor(role).map((name) => [name, FIELD_CHECKS[name]]));
  return z.object(shape).superRefine(checkSocialLinks, ALWAYS) as unknown as z.ZodType<Partial<SettingsForm>, Partial<Record<SettingsFieldName, unknown>>>;
}

/** The settings as the form's fields show them (fees in pounds, "25.00"). */
export function settingsFormValues(settings: SiteSettings): Record<string, string> {
  const m = settings.membership;
  const values: Record<string, string> = {
    primaryContactNumber: settings.primaryContactNumber,
    primaryContactEmail: settings.primaryContactEmail,
    postalAddress: settings.postalAddress,
    registrationDisabled: m.registrationDisabled ? "on" : "",
    disabledMessageHtml: m.disabledMessageHtml,
    freeSubscriptionAfterMonth: String(m.freeSubscriptionAfterMonth),
    latestOfficeBearersTitle: settings.latestOfficeBearersTitle,
    // Automatic renewal reminders (docs/requirements.md §10.2)
    renewalReminderStages: formatStages(settings.renewalReminderStages),
    // Members' data rights (docs/requirements.md §8.1)
    retentionPaymentYears: String(settings.retention.paymentYears),
    retentionOutboxDays: String(settings.retention.outboxDays),
    retentionContactDays: String(settings.retention.contactDays),
    // New applications (docs/requirements.md §3.3)
    newApplicationsEmail: settings.newApplicationsEmail,
    // Donations (docs/requirements.md §14)
    donatePageHtml: settings.donatePageHtml,
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

/** The form's values `role` sees: the fields it may set, and no other (an editor's page carries no member setting, not even in its data). */
export function settingsFormValuesFor(role: Role, settings: SiteSettings): Record<string, string> {
  return Object.fromEntries(Object.entries(settingsFormValues(settings)).filter(([name]) => maySetSettingsField(role, name)));
}

/**
 * `current` with the form's values of the fields `role` may set: every other setting (the
 * upcoming event, tickets, and for an editor the members' and money settings) kept exactly
 * as it was, whatever the form holds.
 */
export function applySettingsForm(current: SiteSettings, form: Partial<SettingsForm>, role: Role): SiteSettings {
  /** The form's value of `name` when `role` may set it (undefined when it may not, or the form lacks it). */
  const given = <K extends SettingsFieldName>(name: K): SettingsForm[K] | undefined =>
    maySetSettingsField(role, name) ? (form[name] as SettingsForm[K] | undefined) : undefined;
  const m = current.membership;
  const fees = Object.fromEntries(FEE_FIELDS.map((fee) => [fee.name, given(fee.name) ?? m[fee.name]])) as Record<FeeName, number>;
  const products = Object.fromEntries((Object.keys(PRODUCT_LABELS) as ProductName[]).map((name) => [name, given(name) ?? m[name]])) as Record<
    ProductName,
    string
  >;
  // The links are the four rows together: rebuilt only from a form that has them all.
  const rows = SOCIAL_LINK_SLOTS.map((slot) => ({ label: given(`social${slot}Label`), url: given(`social${slot}Url`) }));
  const socialLinks = rows.every((row) => row.label !== undefined && row.url !== undefined)
    ? rows.flatMap(({ label, url }) => (label && url ? [{ label, url }] : []))
    : current.socialLinks;
  return {
    ...current,
    primaryContactNumber: given("primaryContactNumber") ?? current.primaryContactNumber,
    primaryContactEmail: given("primaryContactEmail") ?? current.primaryContactEmail,
    postalAddress: given("postalAddress") ?? current.postalAddress,
    socialLinks,
    latestOfficeBearersTitle: given("latestOfficeBearersTitle") ?? current.latestOfficeBearersTitle,
    // Automatic renewal reminders (docs/requirements.md §10.2)
    renewalReminderStages: given("renewalReminderStages") ?? current.renewalReminderStages,
    // Members' data rights (docs/requirements.md §8.1)
    retention: {
      paymentYears: given("retentionPaymentYears") ?? current.retention.paymentYears,
      outboxDays: given("retentionOutboxDays") ?? current.retention.outboxDays,
      contactDays: given("retentionContactDays") ?? current.retention.contactDays,
    },
    // New applications (docs/requirements.md §3.3)
    newApplicationsEmail: given("newApplicationsEmail") ?? current.newApplicationsEmail,
    // Donations (docs/requirements.md §14)
    donatePageHtml: given("donatePageHtml") ?? current.donatePageHtml,
    membership: {
      ...m,
      ...fees,
      ...products,
      registrationDisabled: given("registrationDisabled") ?? m.registrationDisabled,
      disabledMessageHtml: given("disabledMessageHtml") ?? m.disabledMessageHtml,
      freeSubscriptionAfterMonth: given("freeSubscriptionAfterMonth") ?? m.freeSubscriptionAfterMonth,
    },
  };
}

/** The settings this form edits, by the name the activity log gives them, each as the log shows its value. */
const LOGGED: readonly LoggedSetting[] = [
  ["Contact phone", (s) => s.primaryContactNumber],
  ["Contact e-mail", (s) => s.primaryContactEmail],
  ["Postal address", (s) => s.postalAddress.split("\n").join(", ")],
  ["Social links", (s) => s.socialLinks.map((link) => ({ ...link }))],
  ["Registration closed", (s) => s.membership.registrationDisabled],
  ["Registration closed message", (s) => s.membership.disabledMessageHtml],
  ...FEE_FIELDS.map((fee): LoggedSetting => [fee.label.replace(" (£)", ""), (s) => `£${penceToPounds(s.membership[fee.name])}`]),
  ...(Object.keys(PRODUCT_LABELS) as ProductName[]).map((name): LoggedSetting => [PRODUCT_LABELS[name], (s) => s.membership[name]]),
  ["Free subscription from", (s) => FREE_SUBSCRIPTION_OPTIONS[s.membership.freeSubscriptionAfterMonth]?.label ?? s.membership.freeSubscriptionAfterMonth],
  ["Office bearers heading", (s) => s.latestOfficeBearersTitle],
  // Automatic renewal reminders (docs/requirements.md §10.2)
  ["Renewal reminder dates", (s) => formatStages(s.renewalReminderStages)],
  // Members' data rights (docs/requirements.md §8.1)
  ["Keep payment records for (years)", (s) => s.retention.paymentYears],
  ["Keep outbox e-mails for (days)", (s) => s.retention.outboxDays],
  ["Keep contact messages for (days)", (s) => s.retention.contactDays],
  // New applications (docs/requirements.md §3.3)
  ["Send new applications to", (s) => s.newApplicationsEmail],
  // Donations (docs/requirements.md §14)
  ["Donate page text", (s) => s.donatePageHtml],
];

export type { SettingChange };

/** One change per setting that differs, in the form's order (the activity log's entries). */
export function settingChanges(before: SiteSettings, after: SiteSettings): SettingChange[] {
  return changedSettings(LOGGED, before, after);
}
