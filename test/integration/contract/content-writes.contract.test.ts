import { expect, it } from "vitest";
import type { SiteSettings } from "~/kernel/store/site-settings";
import { defaultSiteSettings } from "~/kernel/store/site-settings-defaults";
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
    // The postal address (ADR 67): its lines kept as saved.
    postalAddress: "Hall 2\n5 New Street\nLeeds LS1 1AA",
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
      postalAddress: "PO Box 7\nManchester M2 2BB",
      socialLinks: saved.socialLinks.slice(1),
      membership: { ...saved.membership, registrationDisabled: false, singleRegFee: 0, freeSubscriptionAfterMonth: 0 },
    };
    await t.store.content.saveSiteSettings(next);
    expect(await t.store.content.getSiteSettings()).toEqual(next);
  });
});

describeStore("content writes: the upcoming event and its tickets (/studio/event)", {}, (t) => {
  it("keeps every field the event screen saves, prices in pence whatever the store keeps", async () => {
    const saved = await t.store.content.getSiteSettings();
    const next: SiteSettings = {
      ...saved,
      upcomingEvent: {
        ...saved.upcomingEvent,
        title: "Winter Social",
        descriptionHtml: '<p>Food, <strong>music</strong> and <a href="https://example.org">games</a>.</p>',
        image: { path: "/media/photos/0f6e2c1a-event/original.jpg", width: 1600, height: 900 },
        date: "2026-12-28",
        startTime: "19:30",
        venue: "St Mary's Hall, Levenshulme",
        capacity: 5,
        buttonText: "Book now",
        bookingLink: "/book-ticket",
      },
      tickets: {
        ...saved.tickets,
        type: "Individual",
        pattern: "A+13+5-5+P",
        title: "Winter Social 2026",
        lastBookingDate: "2026-12-21",
        singlePrice: 1250,
        singlePriceId: "price_single_ticket",
        familyPrice: 3001,
        familyPriceId: "price_family_ticket",
        christmasAdultPrice: 1500,
        christmasAdultPriceId: "price_xmas_adult",
        christmasAbove13Price: 999,
        christmasAbove13PriceId: "price_xmas_13",
        christmasKidsPrice: 1,
        christmasKidsPriceId: "price_xmas_kids",
      },
    };
    await t.store.content.saveSiteSettings(next);
    expect(await t.store.content.getSiteSettings()).toEqual(next);

    // No image, no limit, no date yet, a free ticket: each kept as such.
    const cleared: SiteSettings = {
      ...next,
      upcomingEvent: { ...next.upcomingEvent, image: null, capacity: 0, date: "", startTime: "", venue: "" },
      tickets: { ...next.tickets, type: "Christmas", singlePrice: 0, singlePriceId: "" },
    };
    await t.store.content.saveSiteSettings(cleared);
    expect(await t.store.content.getSiteSettings()).toEqual(cleared);
  });
});
