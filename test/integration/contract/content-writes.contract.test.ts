import { expect, it } from "vitest";
import type { SiteSettings } from "~/domain/site-settings";
import { defaultSiteSettings } from "~/domain/site-settings-defaults";
import { describeStore } from "../../support/store-adapters";

/**
 * Studio writes through the port: what is saved reads back equal, on a store that has never
 * had settings (a fresh D1, a never-saved Cockpit singleton) and again over saved ones.
 * Money is pence here whatever the store keeps (D1: pence in JSON; Cockpit: pounds).
 */
function edited(from: SiteSettings): SiteSettings {
  return {
    ...from,
    primaryContactNumber: "07700 900123",
    primaryContactEmail: "hello@example.org",
    socialLinks: [
      { label: "Facebook", url: "https://facebook.com/example" },
      { label: "Instagram", url: "https://instagram.com/example" },
    ],
    latestOfficeBearersTitle: "Office bearers 2026–27",
    membership: {
      ...from.membership,
      registrationDisabled: true,
      disabledMessageHtml: "<p>Registration opens in <strong>January</strong>.</p>",
      singleRegFee: 2550,
      singleRegProduct: "price_single_reg",
      singleRenewFee: 1999,
      familyRegFee: 4000,
      familyRenewFee: 1,
      familyRenewProduct: "price_family_renew",
      freeSubscriptionAfterMonth: 9,
    },
  };
}

describeStore("content writes: site settings", {}, (t) => {
  it("saves the settings of a store that never had any, and reads them back equal", async () => {
    expect(await t.store.content.getSiteSettings()).toEqual(defaultSiteSettings());
    const next = edited(defaultSiteSettings());
    await t.store.content.saveSiteSettings(next);
    expect(await t.store.content.getSiteSettings()).toEqual(next);
  });

  it("saves over saved settings: a change of one field, a field emptied, a link removed, registration opened", async () => {
    const saved = await t.store.content.getSiteSettings();
    const next: SiteSettings = {
      ...saved,
      primaryContactNumber: "0113 496 0000",
      primaryContactEmail: "",
      socialLinks: saved.socialLinks.slice(1),
      membership: { ...saved.membership, registrationDisabled: false, singleRegFee: 0, freeSubscriptionAfterMonth: 0 },
    };
    await t.store.content.saveSiteSettings(next);
    expect(await t.store.content.getSiteSettings()).toEqual(next);
  });
});
