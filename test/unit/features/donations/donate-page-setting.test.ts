import { describe, expect, it } from "vitest";
import { settingsFromCockpit, settingsToCockpit } from "~/kernel/store/cockpit/shapes-content";
import { DEFAULT_DONATE_PAGE_HTML } from "~/kernel/store/donate-page-default";
import { siteSettingsSchema } from "~/kernel/store/site-settings";
import { defaultSiteSettings } from "~/kernel/store/site-settings-defaults";

/** The Donate page's words (docs/requirements.md §14): a setting older settings lack, on both stores. */
describe("the donatePageHtml setting", () => {
  it("settings saved before it existed parse, with the default words", () => {
    const { donatePageHtml: _, ...older } = defaultSiteSettings();
    expect(siteSettingsSchema.parse(older).donatePageHtml).toBe(DEFAULT_DONATE_PAGE_HTML);
  });
  it("the Cockpit general singleton keeps it as donatePageHtml; one saved without it has the default, an emptied one stays empty", () => {
    const settings = { ...defaultSiteSettings(), donatePageHtml: "<p>Give!</p>" };
    const raw = settingsToCockpit(settings);
    expect(raw.donatePageHtml).toBe("<p>Give!</p>");
    expect(settingsFromCockpit(raw).donatePageHtml).toBe("<p>Give!</p>");
    expect(settingsFromCockpit({ PrimaryContactNumber: "0161" }).donatePageHtml).toBe(DEFAULT_DONATE_PAGE_HTML);
    expect(settingsFromCockpit({ PrimaryContactNumber: "0161", donatePageHtml: "" }).donatePageHtml).toBe("");
  });
});
