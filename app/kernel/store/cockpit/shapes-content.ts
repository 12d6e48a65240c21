import { stageFromKey } from "../../../features/membership";
import type { CalendarEvent, DocumentRecord, Gallery, HomeSlide, InfoPage, MediaRef, NewsItem, OfficeBearer, PreviousTeam, UnixSeconds } from "../records";
import { TICKET_PATTERNS, TICKET_TYPES, type SiteSettings, type TicketPattern, type TicketType } from "../site-settings";
import { RETENTION_DEFAULTS } from "../retention-defaults";
import { CLOSED_BOOKING_DATE } from "../site-settings-defaults";
import { DEFAULT_POSTAL_ADDRESS } from "../postal-address";
import { DEFAULT_DONATE_PAGE_HTML } from "../donate-page-default";
import type { CockpitEntry } from "./client.server";
import { bool, isRecord, list, media, mediaToCockpit, num, penceFromPounds, poundsFromPence, seconds, text } from "./shapes-loose";
import { oneOf } from "./shapes-values";

/**
 * The public content in Cockpit's shapes (ADR 23, docs/requirements.md §12.2) ⇄ the app's records.
 * `fromCockpit` functions read whatever an editor may have left (nulls, loose types) and
 * resolve media paths against CMS_ASSETS_URL when given; `toCockpit` functions write the
 * shape a Cockpit entry has (used by the demo data and the tests). Pure.
 */

type Entry = CockpitEntry;
type Raw = Record<string, unknown>;

/** Entry metadata for a record created at `createdAt`. */
const meta = (id: string, createdAt: UnixSeconds) => ({ _id: id, _created: createdAt, _modified: createdAt });

/** A required image: an empty path when the entry has none (the page then leaves it out). */
const requiredMedia = (value: unknown, base?: string): MediaRef => media(value, base) ?? { path: "" };

// ---- homeBanner ----------------------------------------------------------------

export const slideFromCockpit = (e: Entry, base?: string): HomeSlide => ({
  id: text(e._id),
  bannerImage: requiredMedia(e.BannerImage, base),
  smallText: text(e.SmallText),
  title: text(e.Title),
  description: text(e.Description),
  createdAt: seconds(e._created),
});
export const slideToCockpit = (s: HomeSlide): Entry => ({
  ...meta(s.id, s.createdAt),
  BannerImage: mediaToCockpit(s.bannerImage),
  SmallText: s.smallText,
  Title: s.title,
  Description: s.description,
});

// ---- officeBearers ---------------------------------------------------------------

export const officeBearerFromCockpit = (e: Entry, base?: string): OfficeBearer => ({
  id: text(e._id),
  name: text(e.name),
  role: text(e.role),
  photo: media(e.photo, base),
  order: num(e.order, 0),
});
export const officeBearerToCockpit = (o: OfficeBearer, createdAt: UnixSeconds): Entry => ({
  ...meta(o.id, createdAt),
  name: o.name,
  role: o.role,
  photo: mediaToCockpit(o.photo),
  order: o.order,
});

// ---- officeBearersHistory ------------------------------------------------------------

export const previousTeamFromCockpit = (e: Entry): PreviousTeam => ({
  id: text(e._id),
  title: text(e.title),
  contentHtml: text(e.content),
  createdAt: seconds(e._created),
});
export const previousTeamToCockpit = (p: PreviousTeam): Entry => ({ ...meta(p.id, p.createdAt), title: p.title, content: p.contentHtml });

// ---- eventCalender (the old spelling, docs/requirements.md §12.2) -----------------------

export const eventFromCockpit = (e: Entry): CalendarEvent => ({
  id: text(e._id),
  month: text(e.Month),
  date: text(e.Date),
  name: text(e.Name),
  url: text(e.url),
  createdAt: seconds(e._created),
});
export const eventToCockpit = (c: CalendarEvent): Entry => ({ ...meta(c.id, c.createdAt), Month: c.month, Date: c.date, Name: c.name, url: c.url });

// ---- gallery ---------------------------------------------------------------------

export const galleryFromCockpit = (e: Entry, base?: string): Gallery => ({
  id: text(e._id),
  title: text(e.title),
  featuredImage: requiredMedia(e.featuredImage, base),
  images: list(e.images).flatMap((image) => media(image, base) ?? []),
  order: num(e.order, 0),
  createdAt: seconds(e._created),
});
export const galleryToCockpit = (g: Gallery): Entry => ({
  ...meta(g.id, g.createdAt),
  title: g.title,
  featuredImage: mediaToCockpit(g.featuredImage),
  images: g.images.map(mediaToCockpit),
  order: g.order,
});

// ---- news ------------------------------------------------------------------------

export const newsFromCockpit = (e: Entry, base?: string): NewsItem => ({
  id: text(e._id),
  title: text(e.title),
  excerptHtml: text(e.excerpt),
  contentHtml: text(e.content),
  image: media(e.image, base),
  published: bool(e.published),
  createdAt: seconds(e._created),
});
export const newsToCockpit = (n: NewsItem): Entry => ({
  ...meta(n.id, n.createdAt),
  title: n.title,
  excerpt: n.excerptHtml,
  content: n.contentHtml,
  image: mediaToCockpit(n.image),
  published: n.published,
});

// ---- documents -------------------------------------------------------------------

/** `document` is the old site's file field (an asset or a path); `file` is read when it is absent. */
export const documentFromCockpit = (e: Entry, base?: string): DocumentRecord => ({
  id: text(e._id),
  title: text(e.title),
  file: requiredMedia(e.document ?? e.file, base),
  createdAt: seconds(e._created),
});
export const documentToCockpit = (d: DocumentRecord): Entry => ({ ...meta(d.id, d.createdAt), title: d.title, document: d.file.path });

// ---- aboutUs / aboutSchool singletons --------------------------------------------------

const PAGE_FIELDS = ["Image", "YoutubeVideoId", "preTitle", "Title", "Description", "Description2"] as const;

/** Null for a singleton never saved (every field null), like a missing record on D1. */
export function pageFromCockpit(data: unknown, base?: string): InfoPage | null {
  if (!isRecord(data) || PAGE_FIELDS.every((field) => data[field] == null || data[field] === "")) return null;
  return {
    image: media(data.Image, base),
    youtubeVideoId: text(data.YoutubeVideoId),
    preTitle: text(data.preTitle),
    title: text(data.Title),
    descriptionHtml: text(data.Description),
    description2Html: text(data.Description2),
  };
}
export const pageToCockpit = (p: InfoPage): Raw => ({
  Image: mediaToCockpit(p.image),
  YoutubeVideoId: p.youtubeVideoId,
  preTitle: p.preTitle,
  Title: p.title,
  Description: p.descriptionHtml,
  Description2: p.description2Html,
});

// ---- the general singleton -------------------------------------------------------------

/**
 * Our settings ⇄ the `general` singleton's field names. The old site's names are kept as
 * spelled (latestOfficeBearesTitle, …StipeId). Settings the old site did not name (ADR 6 and
 * ADR 23) have names of our own in the same style: socialLinks, the family/single ticket
 * price ids and the above-13 Christmas price. Money is in pounds in Cockpit.
 */
export const GENERAL_FIELDS = {
  primaryContactNumber: "PrimaryContactNumber",
  primaryContactEmail: "PrimaryContactEmail",
  postalAddress: "postalAddress",
  socialLinks: "socialLinks",
  upcomingImage: "UpComingEventImage",
  upcomingTitle: "UpComingEventTitle",
  upcomingDescription: "UpComingEventDescription",
  upcomingBookingLink: "UpComingEventBookingLink",
  upcomingButtonText: "UpComingEventBtnText",
  upcomingVideoTitle: "UpComingEventVideoTitle",
  upcomingVideo: "UpComingEventVideo",
  upcomingDate: "UpComingEventDate",
  upcomingStartTime: "UpComingEventStartTime",
  upcomingVenue: "UpComingEventVenue",
  upcomingCapacity: "UpComingEventCapacity",
  latestOfficeBearersTitle: "latestOfficeBearesTitle",
  registrationDisabled: "disableMembershipReg",
  disabledMessageHtml: "disableMembershipMessage",
  familyRenewFee: "familyMembershipRenewFee",
  familyRenewProduct: "familyMembershipRenewProduct",
  familyRegFee: "familyMembershipRegFee",
  familyRegProduct: "familyMembershipRegProduct",
  familyOnlyRegProduct: "familyMembershipOnlyRegProduct",
  singleRenewFee: "singleMembershipRenewFee",
  singleRenewProduct: "singleMembershipRenewProduct",
  singleRegFee: "singleMembershipRegFee",
  singleRegProduct: "singleMembershipRegProduct",
  singleOnlyRegProduct: "singleMembershipOnlyRegProduct",
  freeSubscriptionAfterMonth: "freeSubscriptionAfterMonth",
  ticketType: "ticketType",
  ticketPattern: "ticketPattern",
  ticketTitle: "UpComingEventTicketTitle",
  lastBookingDate: "UpComingEventTicketLastBookingDate",
  familyPrice: "UpComingEventFamilyTicketPrice",
  familyPriceId: "UpComingEventFamilyTicketStipeId",
  singlePrice: "UpComingEventSingleTicketPrice",
  singlePriceId: "UpComingEventSingleTicketStipeId",
  christmasAdultPrice: "christmasAdultsTicketPrice",
  christmasAdultPriceId: "christmasAdultsTicketStipeId",
  christmasAbove13Price: "christmasAbove13TicketPrice",
  christmasAbove13PriceId: "christmasAbove13TicketStipeId",
  christmasKidsPrice: "christmasKidsTicketPrice",
  christmasKidsPriceId: "christmasKidsTicketStipeId",
  // Automatic work (docs/requirements.md §10.2): ours, text like "09-01, 10-01, 11-01".
  renewalReminderStages: "renewalReminderStages",
  // Members' data rights (docs/requirements.md §8.1): ours, numbers
  retentionPaymentYears: "retentionPaymentYears",
  retentionOutboxDays: "retentionOutboxDays",
  retentionContactDays: "retentionContactDays",
  // New applications (docs/requirements.md §3.3): ours, an e-mail address or "".
  newApplicationsEmail: "newApplicationsEmail",
  // Donations (docs/requirements.md §14): ours, the HTML at the top of /donate.
  donatePageHtml: "donatePageHtml",
} as const;

const F = GENERAL_FIELDS;

/** Closed: a missing or unreadable last booking date never leaves booking open. */
export { CLOSED_BOOKING_DATE };

/** "2026-12-20", "2026-12-20 18:00", "2026-12-20T18:00:00Z" or "20/12/2026" → "2026-12-20". */
export function isoDate(value: unknown): string | null {
  const raw = text(value).trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(raw);
  const uk = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(raw);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : uk ? [uk[3], uk[2]!.padStart(2, "0"), uk[1]!.padStart(2, "0")] : [];
  if (!y || !m || !d) return null;
  const date = new Date(`${y}-${m}-${d}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== `${y}-${m}-${d}` ? null : `${y}-${m}-${d}`;
}

/** "18:30", "6:30" or "18:30:00" → "18:30"; anything else → "" (no start time shown). */
export function startTime(value: unknown): string {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(text(value).trim());
  if (!match) return "";
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  return hours < 24 && minutes < 60 ? `${String(hours).padStart(2, "0")}:${match[2]}` : "";
}

/** Whole people, at least 0; empty or unreadable → 0, no limit (a typo never closes booking). */
function capacity(value: unknown): number {
  const n = num(value, 0);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/** A ticket type the old site called "Christmas or other": anything unknown is "Other". */
const ticketType = (value: unknown): TicketType => oneOf(value, TICKET_TYPES, "Other");
const ticketPattern = (value: unknown): TicketPattern => oneOf(text(value).replace(/\s+/g, ""), TICKET_PATTERNS, "A");

function socialLinks(value: unknown): SiteSettings["socialLinks"] {
  return list(value)
    .flatMap((item) =>
      isRecord(item) && text(item.label).trim() && text(item.url).trim() ? [{ label: text(item.label).trim(), url: text(item.url).trim() }] : [],
    )
    .slice(0, 4);
}

/** True for a singleton never saved: Cockpit answers every field null. */
export function isEmptySingleton(data: unknown): boolean {
  return !isRecord(data) || Object.entries(data).every(([key, value]) => key.startsWith("_") || value == null || value === "");
}

/**
 * The `general` singleton as our settings. A field left empty gets a clear default: text
 * "", money 0, registration open, booking closed (CLOSED_BOOKING_DATE), ticket type
 * "Other", pattern "A", free subscription never (month 12). Call only with a saved
 * singleton (see isEmptySingleton).
 */
export function settingsFromCockpit(data: Raw, base?: string): SiteSettings {
  const month = num(data[F.freeSubscriptionAfterMonth], NaN);
  return {
    primaryContactNumber: text(data[F.primaryContactNumber]),
    primaryContactEmail: text(data[F.primaryContactEmail]),
    // The postal address (ADR 67): a singleton saved before it existed has none, and keeps the site's old one.
    postalAddress: text(data[F.postalAddress]).trim() || DEFAULT_POSTAL_ADDRESS,
    socialLinks: socialLinks(data[F.socialLinks]),
    upcomingEvent: {
      image: media(data[F.upcomingImage], base),
      title: text(data[F.upcomingTitle]),
      descriptionHtml: text(data[F.upcomingDescription]),
      bookingLink: text(data[F.upcomingBookingLink]),
      buttonText: text(data[F.upcomingButtonText]),
      videoTitle: text(data[F.upcomingVideoTitle]),
      video: media(data[F.upcomingVideo], base),
      date: isoDate(data[F.upcomingDate]) ?? "",
      startTime: startTime(data[F.upcomingStartTime]),
      venue: text(data[F.upcomingVenue]).trim(),
      capacity: capacity(data[F.upcomingCapacity]),
    },
    latestOfficeBearersTitle: text(data[F.latestOfficeBearersTitle]),
    membership: {
      registrationDisabled: bool(data[F.registrationDisabled]),
      disabledMessageHtml: text(data[F.disabledMessageHtml]),
      familyRenewFee: penceFromPounds(data[F.familyRenewFee]),
      familyRenewProduct: text(data[F.familyRenewProduct]),
      familyRegFee: penceFromPounds(data[F.familyRegFee]),
      familyRegProduct: text(data[F.familyRegProduct]),
      familyOnlyRegProduct: text(data[F.familyOnlyRegProduct]),
      singleRenewFee: penceFromPounds(data[F.singleRenewFee]),
      singleRenewProduct: text(data[F.singleRenewProduct]),
      singleRegFee: penceFromPounds(data[F.singleRegFee]),
      singleRegProduct: text(data[F.singleRegProduct]),
      singleOnlyRegProduct: text(data[F.singleOnlyRegProduct]),
      freeSubscriptionAfterMonth: Number.isInteger(month) && month >= 0 && month <= 12 ? month : 12,
    },
    tickets: {
      type: ticketType(data[F.ticketType]),
      pattern: ticketPattern(data[F.ticketPattern]),
      title: text(data[F.ticketTitle]),
      lastBookingDate: isoDate(data[F.lastBookingDate]) ?? CLOSED_BOOKING_DATE,
      familyPrice: penceFromPounds(data[F.familyPrice]),
      familyPriceId: text(data[F.familyPriceId]),
      singlePrice: penceFromPounds(data[F.singlePrice]),
      singlePriceId: text(data[F.singlePriceId]),
      christmasAdultPrice: penceFromPounds(data[F.christmasAdultPrice]),
      christmasAdultPriceId: text(data[F.christmasAdultPriceId]),
      christmasAbove13Price: penceFromPounds(data[F.christmasAbove13Price]),
      christmasAbove13PriceId: text(data[F.christmasAbove13PriceId]),
      christmasKidsPrice: penceFromPounds(data[F.christmasKidsPrice]),
      christmasKidsPriceId: text(data[F.christmasKidsPriceId]),
    },
    // Automatic work (docs/requirements.md §10.2): unreadable dates are left out, never guessed.
    renewalReminderStages: reminderStages(data[F.renewalReminderStages]),
    // Members' data rights (docs/requirements.md §8.1): a missing or odd period is the default
    retention: {
      paymentYears: period(data[F.retentionPaymentYears], RETENTION_DEFAULTS.paymentYears, 100),
      outboxDays: period(data[F.retentionOutboxDays], RETENTION_DEFAULTS.outboxDays, 36500),
      contactDays: period(data[F.retentionContactDays], RETENTION_DEFAULTS.contactDays, 36500),
    },
    // New applications (docs/requirements.md §3.3)
    newApplicationsEmail: text(data[F.newApplicationsEmail]),
    // Donations (docs/requirements.md §14): a singleton saved before the field existed has the default words;
    // an editor's own text, even emptied, is kept.
    donatePageHtml: typeof data[F.donatePageHtml] === "string" ? text(data[F.donatePageHtml]) : DEFAULT_DONATE_PAGE_HTML,
  };
}

/** Members' data rights (docs/requirements.md §8.1): a whole number from 1 to `max`, else the default. */
function period(value: unknown, fallback: number, max: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
}

export function settingsToCockpit(s: SiteSettings): Raw {
  const { upcomingEvent: u, membership: m, tickets: t } = s;
  const pounds = poundsFromPence;
  return {
    [F.primaryContactNumber]: s.primaryContactNumber,
    [F.primaryContactEmail]: s.primaryContactEmail,
    [F.postalAddress]: s.postalAddress,
    [F.socialLinks]: s.socialLinks.map((link) => ({ ...link })),
    [F.upcomingImage]: mediaToCockpit(u.image),
    [F.upcomingTitle]: u.title,
    [F.upcomingDescription]: u.descriptionHtml,
    [F.upcomingBookingLink]: u.bookingLink,
    [F.upcomingButtonText]: u.buttonText,
    [F.upcomingVideoTitle]: u.videoTitle,
    [F.upcomingVideo]: mediaToCockpit(u.video),
    [F.upcomingDate]: u.date,
    [F.upcomingStartTime]: u.startTime,
    [F.upcomingVenue]: u.venue,
    [F.upcomingCapacity]: u.capacity,
    [F.latestOfficeBearersTitle]: s.latestOfficeBearersTitle,
    [F.registrationDisabled]: m.registrationDisabled,
    [F.disabledMessageHtml]: m.disabledMessageHtml,
    [F.familyRenewFee]: pounds(m.familyRenewFee),
    [F.familyRenewProduct]: m.familyRenewProduct,
    [F.familyRegFee]: pounds(m.familyRegFee),
    [F.familyRegProduct]: m.familyRegProduct,
    [F.familyOnlyRegProduct]: m.familyOnlyRegProduct,
    [F.singleRenewFee]: pounds(m.singleRenewFee),
    [F.singleRenewProduct]: m.singleRenewProduct,
    [F.singleRegFee]: pounds(m.singleRegFee),
    [F.singleRegProduct]: m.singleRegProduct,
    [F.singleOnlyRegProduct]: m.singleOnlyRegProduct,
    [F.freeSubscriptionAfterMonth]: m.freeSubscriptionAfterMonth,
    [F.ticketType]: t.type,
    [F.ticketPattern]: t.pattern,
    [F.ticketTitle]: t.title,
    [F.lastBookingDate]: t.lastBookingDate,
    [F.familyPrice]: pounds(t.familyPrice),
    [F.familyPriceId]: t.familyPriceId,
    [F.singlePrice]: pounds(t.singlePrice),
    [F.singlePriceId]: t.singlePriceId,
    [F.christmasAdultPrice]: pounds(t.christmasAdultPrice),
    [F.christmasAdultPriceId]: t.christmasAdultPriceId,
    [F.christmasAbove13Price]: pounds(t.christmasAbove13Price),
    [F.christmasAbove13PriceId]: t.christmasAbove13PriceId,
    [F.christmasKidsPrice]: pounds(t.christmasKidsPrice),
    [F.christmasKidsPriceId]: t.christmasKidsPriceId,
    // Automatic work (docs/requirements.md §10.2)
    [F.renewalReminderStages]: s.renewalReminderStages.join(", "),
    // Members' data rights (docs/requirements.md §8.1); settings kept before they existed have the defaults
    [F.retentionPaymentYears]: (s.retention ?? RETENTION_DEFAULTS).paymentYears,
    [F.retentionOutboxDays]: (s.retention ?? RETENTION_DEFAULTS).outboxDays,
    [F.retentionContactDays]: (s.retention ?? RETENTION_DEFAULTS).contactDays,
    // New applications (docs/requirements.md §3.3)
    [F.newApplicationsEmail]: s.newApplicationsEmail,
    // Donations (docs/requirements.md §14)
    [F.donatePageHtml]: s.donatePageHtml ?? DEFAULT_DONATE_PAGE_HTML,
  };
}

/** Automatic work (docs/requirements.md §10.2): "09-01, 10-01" as stage keys, in date order, the unreadable left out. */
function reminderStages(value: unknown): string[] {
  const keys = text(value)
    .split(",")
    .map((key) => key.trim())
    .filter((key) => stageFromKey(key) !== null);
  return [...new Set(keys)].sort();
}
