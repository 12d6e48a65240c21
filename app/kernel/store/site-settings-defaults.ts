import { RETENTION_DEFAULTS } from "./retention-defaults";
import { DEFAULT_POSTAL_ADDRESS } from "./postal-address";
import { DEFAULT_DONATE_PAGE_HTML } from "./donate-page-default";
import type { SiteSettings } from "./site-settings";

/**
 * The site settings of an association that has not saved any yet (a fresh database: the
 * migrations and nothing else, or a Cockpit whose `general` singleton was never saved).
 * The site then renders, and takes no money: registration is closed with a message
 * (never a £0 registration with an unset fee), ticket booking is closed (its last booking
 * date is long past), and the contact details and upcoming event are blank, so the pages
 * leave them out. Both stores answer these when the settings are missing.
 */

/** A last booking date long past: booking is closed (ticket-rules bookingOpen). */
export const CLOSED_BOOKING_DATE = "1970-01-01";

/** Shown on /signup until the association opens registration in its settings. */
export const REGISTRATION_NOT_OPEN_HTML = "<p>Registration is not open yet. Please check back soon.</p>";

/** The home page's upcoming-event heading while no event is set (the loader puts it in, so it costs no JavaScript). */
export const NO_UPCOMING_EVENT = "There is no upcoming event yet. Please check back soon.";

export function defaultSiteSettings(): SiteSettings {
  return {
    primaryContactNumber: "",
    primaryContactEmail: "",
    // The address the site has always shown (ADR 67), until the association types its own.
    postalAddress: DEFAULT_POSTAL_ADDRESS,
    socialLinks: [],
    upcomingEvent: {
      image: null,
      title: "",
      descriptionHtml: "",
      bookingLink: "",
      buttonText: "",
      videoTitle: "",
      video: null,
      date: "",
      startTime: "",
      venue: "",
      capacity: 0,
    },
    latestOfficeBearersTitle: "",
    membership: {
      registrationDisabled: true,
      disabledMessageHtml: REGISTRATION_NOT_OPEN_HTML,
      familyRenewFee: 0,
      familyRenewProduct: "",
      familyRegFee: 0,
      familyRegProduct: "",
      familyOnlyRegProduct: "",
      singleRenewFee: 0,
      singleRenewProduct: "",
      singleRegFee: 0,
      singleRegProduct: "",
      singleOnlyRegProduct: "",
      // Never: a registration always charges its year's subscription.
      freeSubscriptionAfterMonth: 12,
    },
    tickets: {
      type: "Other",
      pattern: "A",
      title: "",
      lastBookingDate: CLOSED_BOOKING_DATE,
      familyPrice: 0,
      familyPriceId: "",
      singlePrice: 0,
      singlePriceId: "",
      christmasAdultPrice: 0,
      christmasAdultPriceId: "",
      christmasAbove13Price: 0,
      christmasAbove13PriceId: "",
      christmasKidsPrice: 0,
      christmasKidsPriceId: "",
    },
    // Automatic work (docs/requirements.md §10.2): no automatic renewal reminders until the accountant lists dates.
    renewalReminderStages: [],
    // Members' data rights (docs/requirements.md §8.1): six years for the accounts, a year of e-mails, two of messages.
    retention: { ...RETENTION_DEFAULTS },
    // New applications (docs/requirements.md §3.3): to every accountant until an address is set.
    newApplicationsEmail: "",
    // Donations (docs/requirements.md §14): the general words until an editor writes their own.
    donatePageHtml: DEFAULT_DONATE_PAGE_HTML,
  };
}
