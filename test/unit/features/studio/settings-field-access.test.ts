import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { ROLES } from "~/kernel/store/records";
import { ACCOUNTANT_ONLY_SETTINGS, SETTINGS_FIELD_ACCESS, maySetSettingsField, settingsFieldsFor } from "~/features/studio/settings-field-access";
import type { SiteSettings } from "~/kernel/store/site-settings";
import { defaultSiteSettings } from "~/kernel/store/site-settings-defaults";
import { applySettingsForm, settingsFormSchema, settingsFormSchemaFor, settingsFormValues, settingsFormValuesFor } from "~/features/studio/site-settings-form";

/**
 * Who may set each field of /studio/settings: the content settings are the website's
 * (editors and accountants), the settings about members and money are accountants' only
 * (ADR 38: an editor has nothing of the money or the members). One table, used by the
 * page (which fields it shows), the form's checks (which fields it reads) and the save.
 */

/** The content settings, the only ones an editor may set. */
const CONTENT = [
  "primaryContactNumber",
  "primaryContactEmail",
  "postalAddress",
  "social1Label",
  "social1Url",
  "social2Label",
  "social2Url",
  "social3Label",
  "social3Url",
  "social4Label",
  "social4Url",
  "disabledMessageHtml",
  "latestOfficeBearersTitle",
  // The words at the top of /donate (docs/requirements.md §14): content
  "donatePageHtml",
];

const saved = (): SiteSettings => {
  const s = defaultSiteSettings();
  return {
    ...s,
    primaryContactNumber: "0161 000 0000",
    socialLinks: [{ label: "Facebook", url: "https://facebook.com/mma" }],
    membership: { ...s.membership, registrationDisabled: false, singleRegFee: 2500, singleRegProduct: "price_a", freeSubscriptionAfterMonth: 9 },
    renewalReminderStages: ["09-01"],
    retention: { paymentYears: 6, outboxDays: 365, contactDays: 730 },
    newApplicationsEmail: "membership@example.org",
  };
};

/** Every field of the form changed to another valid value: the settings about members and money too. */
const everythingChanged: Record<string, string> = {
  primaryContactNumber: "0161 496 0777",
  primaryContactEmail: "hello@example.org",
  postalAddress: "Hall 2\n5 New Street\nLeeds LS1 1AA",
  social1Label: "Instagram",
  social1Url: "https://instagram.com/mma",
  disabledMessageHtml: "<p>Closed for now</p>",
  latestOfficeBearersTitle: "Office bearers 2027",
  registrationDisabled: "on",
  singleRegFee: "99.00",
  singleRenewFee: "98.00",
  familyRegFee: "97.00",
  familyRenewFee: "96.00",
  singleRegProduct: "price_evil1",
  singleOnlyRegProduct: "price_evil2",
  singleRenewProduct: "price_evil3",
  familyRegProduct: "price_evil4",
  familyOnlyRegProduct: "price_evil5",
  familyRenewProduct: "price_evil6",
  freeSubscriptionAfterMonth: "12",
  renewalReminderStages: "1 March",
  retentionPaymentYears: "1",
  retentionOutboxDays: "1",
  retentionContactDays: "1",
  newApplicationsEmail: "editor.private@evil.example",
};

function formData(values: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  return form;
}

/** What a settings form is about: the member and money settings, apart from the content ones. */
const membersAndMoney = (s: SiteSettings) => ({
  registrationDisabled: s.membership.registrationDisabled,
  fees: [s.membership.singleRegFee, s.membership.singleRenewFee, s.membership.familyRegFee, s.membership.familyRenewFee],
  products: [
    s.membership.singleRegProduct,
    s.membership.singleOnlyRegProduct,
    s.membership.singleRenewProduct,
    s.membership.familyRegProduct,
    s.membership.familyOnlyRegProduct,
    s.membership.familyRenewProduct,
  ],
  freeSubscriptionAfterMonth: s.membership.freeSubscriptionAfterMonth,
  renewalReminderStages: s.renewalReminderStages,
  retention: s.retention,
  newApplicationsEmail: s.newApplicationsEmail,
});

describe("who may set each site setting", () => {
  it("has a rule for every field of the settings form, and no rule for a field the form does not have", () => {
    expect(Object.keys(SETTINGS_FIELD_ACCESS).sort()).toEqual(Object.keys(settingsFormSchema.shape).sort());
  });

  it("lets an accountant set every field, an editor only the content settings, anyone else none", () => {
    expect(settingsFieldsFor("accountant").sort()).toEqual(Object.keys(settingsFormSchema.shape).sort());
    expect(settingsFieldsFor("editor").sort()).toEqual([...CONTENT].sort());
    expect(settingsFieldsFor("member")).toEqual([]);
  });

  it("keeps where new applications go, retention, reminders, fees, price ids and the registration switch for accountants", () => {
    expect([...ACCOUNTANT_ONLY_SETTINGS].sort()).toEqual(
      [
        "newApplicationsEmail",
        "retentionPaymentYears",
        "retentionOutboxDays",
        "retentionContactDays",
        "renewalReminderStages",
        "singleRegFee",
        "singleRenewFee",
        "familyRegFee",
        "familyRenewFee",
        "singleRegProduct",
        "singleOnlyRegProduct",
        "singleRenewProduct",
        "familyRegProduct",
        "familyOnlyRegProduct",
        "familyRenewProduct",
        "freeSubscriptionAfterMonth",
        "registrationDisabled",
      ].sort(),
    );
    for (const name of ACCOUNTANT_ONLY_SETTINGS) {
      expect(maySetSettingsField("accountant", name), name).toBe(true);
      expect(maySetSettingsField("editor", name), name).toBe(false);
      expect(maySetSettingsField("member", name), name).toBe(false);
    }
  });

  it("answers no for a name that is not a field, whoever asks", () => {
    for (const role of ROLES) {
      for (const name of ["", "constructor", "__proto__", "toString", "retention", "membership", "upcomingEvent"]) {
        expect(maySetSettingsField(role, name), `${role} ${name}`).toBe(false);
      }
    }
  });
});

describe("the settings form by role", () => {
  it("gives an editor's page the content settings' values only", () => {
    const values = settingsFormValuesFor("editor", saved());
    expect(Object.keys(values).sort()).toEqual([...CONTENT].sort());
    expect(Object.values(values)).not.toContain("membership@example.org");
    expect(settingsFormValuesFor("accountant", saved())).toEqual(settingsFormValues(saved()));
  });

  it("reads an editor's form without the member settings, and drops them when they are sent", () => {
    const submission = parseWithZod(formData(everythingChanged), { schema: settingsFormSchemaFor("editor"), disableAutoCoercion: true });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(Object.keys(submission.value).sort()).toEqual([...CONTENT].sort());
    const contentOnly = Object.fromEntries(Object.entries(everythingChanged).filter(([name]) => CONTENT.includes(name)));
    expect(parseWithZod(formData(contentOnly), { schema: settingsFormSchemaFor("editor"), disableAutoCoercion: true }).status).toBe("success");
  });

  it("an editor's save changes the content settings and leaves every member and money setting exactly as it was", () => {
    const before = saved();
    // Parsed with the accountant's checks, so the form holds every field: the save itself keeps them out.
    const submission = parseWithZod(formData(everythingChanged), { schema: settingsFormSchema, disableAutoCoercion: true });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    const after = applySettingsForm(before, submission.value, "editor");
    expect(membersAndMoney(after)).toEqual(membersAndMoney(before));
    expect(after.primaryContactNumber).toBe("0161 496 0777");
    expect(after.socialLinks).toEqual([{ label: "Instagram", url: "https://instagram.com/mma" }]);
    expect(after.latestOfficeBearersTitle).toBe("Office bearers 2027");

    // An unticked registration switch (absent from the editor's form) does not open registration either.
    const closed = { ...before, membership: { ...before.membership, registrationDisabled: true } };
    expect(applySettingsForm(closed, { ...submission.value, registrationDisabled: false }, "editor").membership.registrationDisabled).toBe(true);
  });

  it("an accountant's save changes the member and money settings", () => {
    const before = saved();
    const submission = parseWithZod(formData(everythingChanged), { schema: settingsFormSchemaFor("accountant"), disableAutoCoercion: true });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    const after = applySettingsForm(before, submission.value, "accountant");
    expect(membersAndMoney(after)).toEqual({
      registrationDisabled: true,
      fees: [9900, 9800, 9700, 9600],
      products: ["price_evil1", "price_evil2", "price_evil3", "price_evil4", "price_evil5", "price_evil6"],
      freeSubscriptionAfterMonth: 12,
      renewalReminderStages: ["03-01"],
      retention: { paymentYears: 1, outboxDays: 1, contactDays: 1 },
      newApplicationsEmail: "editor.private@evil.example",
    });
  });
});
