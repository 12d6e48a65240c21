import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { POUNDS_MESSAGES } from "~/kernel/values/pounds";
import { siteSettingsSchema } from "~/kernel/store/site-settings";
import { defaultSiteSettings } from "~/kernel/store/site-settings-defaults";
import { applySettingsForm, SETTINGS_MESSAGES, settingChanges, settingsFormSchema, settingsFormValues } from "~/features/studio/site-settings-form";

const saved = () => {
  const s = defaultSiteSettings();
  return {
    ...s,
    primaryContactNumber: "0161 000 0000",
    primaryContactEmail: "info@example.org",
    socialLinks: [{ label: "Facebook", url: "https://facebook.com/mma" }],
    upcomingEvent: { ...s.upcomingEvent, title: "Diwali Night" },
    membership: {
      ...s.membership,
      registrationDisabled: false,
      singleRegFee: 2500,
      singleRegProduct: "price_a",
      familyRenewFee: 2000,
      freeSubscriptionAfterMonth: 9,
    },
    tickets: { ...s.tickets, singlePrice: 1200 },
  };
};

function formData(values: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) if (name !== "registrationDisabled" || value === "on") form.append(name, value);
  return form;
}
const parse = (values: Record<string, string>) => parseWithZod(formData(values), { schema: settingsFormSchema, disableAutoCoercion: true });

describe("the Site settings form", () => {
  it("round-trips: the form's values of saved settings give back the same settings", () => {
    const settings = saved();
    const values = settingsFormValues(settings);
    expect(values.singleRegFee).toBe("25.00");
    expect(values.familyRenewFee).toBe("20.00");
    expect(values.social1Url).toBe("https://facebook.com/mma");
    expect(values.social2Url).toBe("");
    const submission = parse(values);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(applySettingsForm(settings, submission.value, "accountant")).toEqual(settings);
    expect(settingChanges(settings, applySettingsForm(settings, submission.value, "accountant"))).toEqual([]);
  });

  it("keeps what it does not edit (the upcoming event, the tickets) and stores pence the store's schema accepts", () => {
    const settings = saved();
    const submission = parse({
      ...settingsFormValues(settings),
      singleRegFee: "30.5",
      registrationDisabled: "on",
      social2Label: "Instagram",
      social2Url: "https://instagram.com/mma",
    });
    if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
    const next = applySettingsForm(settings, submission.value, "accountant");
    expect(next.upcomingEvent).toEqual(settings.upcomingEvent);
    expect(next.tickets).toEqual(settings.tickets);
    expect(next.membership.singleRegFee).toBe(3050);
    expect(next.membership.registrationDisabled).toBe(true);
    expect(next.socialLinks).toHaveLength(2);
    expect(siteSettingsSchema.parse(next)).toEqual(next);
    expect(settingChanges(settings, next)).toEqual([
      { key: "Social links", before: settings.socialLinks, after: next.socialLinks },
      { key: "Registration closed", before: false, after: true },
      { key: "Single: registration fee", before: "£25.00", after: "£30.50" },
    ]);
  });

  it("an unticked box opens registration; an empty social row is no link", () => {
    const settings = { ...saved(), membership: { ...saved().membership, registrationDisabled: true } };
    const submission = parse({ ...settingsFormValues(settings), registrationDisabled: "", social1Label: "", social1Url: "" });
    if (submission.status !== "success") throw new Error("refused");
    const next = applySettingsForm(settings, submission.value, "accountant");
    expect(next.membership.registrationDisabled).toBe(false);
    expect(next.socialLinks).toEqual([]);
  });

  it("refuses bad values, each at its field with a plain message", () => {
    const submission = parse({
      ...settingsFormValues(saved()),
      primaryContactEmail: "not an address",
      singleRegFee: "25.5p",
      familyRegFee: "-3",
      singleRenewFee: "",
      social1Label: "",
      social2Label: "Instagram",
      social2Url: "instagram.com/mma",
      social3Url: "https://x.com/mma",
      singleRegProduct: "price 1",
      freeSubscriptionAfterMonth: "13",
      latestOfficeBearersTitle: "x".repeat(121),
    });
    if (submission.status !== "error") throw new Error("accepted");
    expect(submission.error).toEqual({
      primaryContactEmail: [SETTINGS_MESSAGES.email],
      singleRegFee: [POUNDS_MESSAGES.notPounds],
      familyRegFee: [POUNDS_MESSAGES.negative],
      singleRenewFee: [POUNDS_MESSAGES.required],
      social1Label: [SETTINGS_MESSAGES.label],
      social2Url: [SETTINGS_MESSAGES.url],
      social3Label: [SETTINGS_MESSAGES.label],
      singleRegProduct: [SETTINGS_MESSAGES.priceId],
      freeSubscriptionAfterMonth: [SETTINGS_MESSAGES.month],
      latestOfficeBearersTitle: [SETTINGS_MESSAGES.tooLong(120)],
    });
  });
});

describe("the postal address setting (docs/requirements.md §7.2, ADR 67)", () => {
  const errorsOf = (postalAddress: string) => {
    const result = parse({ ...settingsFormValues(saved()), postalAddress });
    return result.status === "success" ? null : result.error?.postalAddress;
  };

  it("keeps the lines as typed, without blank lines or spaces at either end, and logs the change", () => {
    const result = parse({ ...settingsFormValues(saved()), postalAddress: "  Hall 2 \r\n\r\n5 New Street\nLeeds LS1 1AA  \n" });
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    const after = applySettingsForm(saved(), result.value, "editor");
    expect(after.postalAddress).toBe("Hall 2\n5 New Street\nLeeds LS1 1AA");
    expect(settingChanges(saved(), after)).toContainEqual(expect.objectContaining({ key: "Postal address", after: "Hall 2, 5 New Street, Leeds LS1 1AA" }));
  });

  it("refuses an empty address, too many lines and a line too long, each with its message", () => {
    expect(errorsOf(" \n ")).toEqual([SETTINGS_MESSAGES.addressMissing]);
    expect(errorsOf(Array.from({ length: 9 }, (_, i) => `Line ${i}`).join("\n"))).toEqual([SETTINGS_MESSAGES.addressLines(8)]);
    expect(errorsOf(`${"x".repeat(81)}\nLeeds`)).toEqual([SETTINGS_MESSAGES.addressLine(80)]);
    expect(errorsOf("x".repeat(401))).toEqual([SETTINGS_MESSAGES.tooLong(400)]);
  });

  it("settings saved before the address existed read as the address the site always showed", () => {
    const { postalAddress: _, ...old } = saved();
    expect(siteSettingsSchema.parse(old).postalAddress).toBe("Mosaic Community School\nEducation Village\n1 Example Road\nManchester M1 1AA");
  });
});
