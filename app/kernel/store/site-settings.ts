import { z } from "zod";

/**
 * Site settings: the old site's `general` singleton (docs/requirements.md §12.2), in the app's own shape.
 * Fees and prices are in pence; provider ids are Stripe price ids.
 */

const media = z.object({
  path: z.string().min(1),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  alt: z.string().optional(),
  /** A photo uploaded in the studio: its renditions' widths (ADR 40). */
  renditions: z.array(z.number().int().positive()).optional(),
});

const pence = z.number().int().min(0);
const priceId = z.string();

import { TICKET_PATTERNS, TICKET_TYPES } from "./ticket-kinds";
import { RETENTION_DEFAULTS } from "./retention-defaults";
import { DEFAULT_POSTAL_ADDRESS } from "./postal-address";
import { DEFAULT_DONATE_PAGE_HTML } from "./donate-page-default";

export { TICKET_PATTERNS, TICKET_TYPES };

export const siteSettingsSchema = z.object({
  primaryContactNumber: z.string(),
  primaryContactEmail: z.string(),
  // The postal address (docs/requirements.md §1.10, ADR 67), its lines joined by "\n". A default, so settings
  // saved before this existed still parse: the address the site always showed.
  postalAddress: z.string().default(DEFAULT_POSTAL_ADDRESS),
  socialLinks: z.array(z.object({ label: z.string().min(1), url: z.string().min(1) })).max(4),
  upcomingEvent: z.object({
    image: media.nullable(),
    title: z.string(),
    descriptionHtml: z.string(),
    bookingLink: z.string(),
    buttonText: z.string(),
    videoTitle: z.string(),
    video: media.nullable(),
    // When and where, and how many people it takes (docs/requirements.md §5.1). Optional with blank defaults,
    // so settings saved before these existed still parse: no date, no venue, no limit.
    /** ISO date (YYYY-MM-DD), or "" when not set. */
    date: z.union([z.literal(""), z.string().regex(/^\d{4}-\d{2}-\d{2}$/)]).default(""),
    /** 24-hour "HH:MM", or "" when not set. */
    startTime: z.union([z.literal(""), z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/)]).default(""),
    venue: z.string().default(""),
    /** People the event takes (every attendee of a ticket is one); 0: no limit (features/tickets/event-capacity.ts). */
    capacity: z.number().int().min(0).default(0),
  }),
  latestOfficeBearersTitle: z.string(),
  membership: z.object({
    registrationDisabled: z.boolean(),
    disabledMessageHtml: z.string(),
    familyRenewFee: pence,
    familyRenewProduct: priceId,
    familyRegFee: pence,
    familyRegProduct: priceId,
    familyOnlyRegProduct: priceId,
    singleRenewFee: pence,
    singleRenewProduct: priceId,
    singleRegFee: pence,
    singleRegProduct: priceId,
    singleOnlyRegProduct: priceId,
    /** 1–12; after this month a registration charges no subscription for the year. */
    freeSubscriptionAfterMonth: z.number().int().min(0).max(12),
  }),
  tickets: z.object({
    type: z.enum(TICKET_TYPES),
    pattern: z.enum(TICKET_PATTERNS),
    title: z.string(),
    /** ISO date (YYYY-MM-DD), the last day bookings are taken. */
    lastBookingDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    familyPrice: pence,
    familyPriceId: priceId,
    singlePrice: pence,
    singlePriceId: priceId,
    christmasAdultPrice: pence,
    christmasAdultPriceId: priceId,
    /** Not named by the old site (ADR 6): the above-13 Christmas price. */
    christmasAbove13Price: pence,
    christmasAbove13PriceId: priceId,
    christmasKidsPrice: pence,
    christmasKidsPriceId: priceId,
  }),
  // Automatic work (docs/requirements.md §10.2): the dates the daily run sends the renewal reminder
  // to members not yet renewed, as "MM-DD" in date order (features/membership/renewal-reminder-stages.ts).
  // A default, so settings saved before this existed still parse: no automatic reminders.
  renewalReminderStages: z.array(z.string().regex(/^\d{2}-\d{2}$/)).default([]),
  // Members' data rights (docs/requirements.md §8.1, ADR 0056): how long records are kept (docs/privacy.md).
  // A default, so settings saved before this existed still parse.
  retention: z
    .object({
      /** Payments and tickets, for the accounts (HMRC: six years). */
      paymentYears: z.number().int().min(1).max(100),
      /** Copies of sent e-mails in the outbox. */
      outboxDays: z.number().int().min(1).max(36500),
      /** Contact-form messages. */
      contactDays: z.number().int().min(1).max(36500),
    })
    .default(RETENTION_DEFAULTS),
  // New applications (docs/requirements.md §3.3, ADR 0052): where the new-application e-mail goes;
  // "" sends it to every accountant. A default, so settings saved before this existed still parse.
  newApplicationsEmail: z.string().default(""),
  // Donations (docs/requirements.md §14): the editor's words at the top of /donate (HTML within the CMS
  // allow-list). A default, so settings saved before this existed still parse.
  donatePageHtml: z.string().default(DEFAULT_DONATE_PAGE_HTML),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export type RetentionSettings = SiteSettings["retention"];
export type TicketType = SiteSettings["tickets"]["type"];
export type TicketPattern = SiteSettings["tickets"]["pattern"];

export const infoPageSchema = z.object({
  image: media.nullable(),
  youtubeVideoId: z.string(),
  preTitle: z.string(),
  title: z.string(),
  descriptionHtml: z.string(),
  description2Html: z.string(),
});
