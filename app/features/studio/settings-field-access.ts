import { canEditWebsite, type Role } from "~/kernel/store/records";

/**
 * Who may set each field of the Site settings form (/studio/settings), in one table. The
 * screen is the website studio's (editors and accountants), but some of its settings are
 * about the members and the money: where new applications (names, numbers, e-mails) are
 * sent, how long records are kept, the renewal reminders, the fees and their Stripe price
 * ids, and whether registration is open. An editor has nothing of the members or the money
 * (docs/decisions/0038-editor-role.md), so those are the accountant's only: the page shows
 * an editor the content settings alone, and the save ignores any other field an editor sends.
 * No zod here: the form's component imports this. Pure.
 *
 * - "editor": the website's content, for anyone who may edit the website (editors, accountants);
 * - "accountant": the members and the money, for accountants only.
 */
export const SETTINGS_FIELD_ACCESS = {
  primaryContactNumber: "editor",
  primaryContactEmail: "editor",
  // The postal address (docs/requirements.md §1.10): a contact detail, content like the phone and e-mail.
  postalAddress: "editor",
  social1Label: "editor",
  social1Url: "editor",
  social2Label: "editor",
  social2Url: "editor",
  social3Label: "editor",
  social3Url: "editor",
  social4Label: "editor",
  social4Url: "editor",
  // The words /signup shows while registration is closed are content; whether it is closed is not.
  disabledMessageHtml: "editor",
  latestOfficeBearersTitle: "editor",
  // The words at the top of /donate (docs/requirements.md §14): content; the money itself is the accountants'.
  donatePageHtml: "editor",
  registrationDisabled: "accountant",
  singleRegFee: "accountant",
  singleRenewFee: "accountant",
  familyRegFee: "accountant",
  familyRenewFee: "accountant",
  singleRegProduct: "accountant",
  singleOnlyRegProduct: "accountant",
  singleRenewProduct: "accountant",
  familyRegProduct: "accountant",
  familyOnlyRegProduct: "accountant",
  familyRenewProduct: "accountant",
  freeSubscriptionAfterMonth: "accountant",
  renewalReminderStages: "accountant",
  retentionPaymentYears: "accountant",
  retentionOutboxDays: "accountant",
  retentionContactDays: "accountant",
  newApplicationsEmail: "accountant",
} as const satisfies Record<string, "editor" | "accountant">;

export type SettingsFieldName = keyof typeof SETTINGS_FIELD_ACCESS;

const FIELD_NAMES = Object.keys(SETTINGS_FIELD_ACCESS) as SettingsFieldName[];

const isFieldName = (name: string): name is SettingsFieldName => Object.hasOwn(SETTINGS_FIELD_ACCESS, name);

/** Whether `role` may set the settings field `name`; never for a name that is not one of the form's fields. */
export function maySetSettingsField(role: Role, name: string): boolean {
  if (!isFieldName(name)) return false;
  return SETTINGS_FIELD_ACCESS[name] === "editor" ? canEditWebsite(role) : role === "accountant";
}

/** The fields `role` may set (and sees), in the table's order. */
export function settingsFieldsFor(role: Role): SettingsFieldName[] {
  return FIELD_NAMES.filter((name) => maySetSettingsField(role, name));
}

/** The fields only an accountant may set: the settings about the members and the money. */
export const ACCOUNTANT_ONLY_SETTINGS: readonly SettingsFieldName[] = FIELD_NAMES.filter((name) => SETTINGS_FIELD_ACCESS[name] === "accountant");
