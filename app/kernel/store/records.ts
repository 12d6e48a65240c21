/**
 * The records of the site, as the rest of the app sees them. Storage adapters
 * (D1, Cockpit) map to and from these; nothing here knows how they are stored.
 * Money is in pence, times are Unix seconds (Cockpit's `_created` unit).
 */

import type { SiteSettings } from "./site-settings";

export type Id = string;
export type UnixSeconds = number;
export type Pence = number;

/** An image or file in the media store: a path resolved against CMS_ASSETS_URL or public/. */
export interface MediaRef {
  path: string;
  width?: number;
  height?: number;
  alt?: string;
  /** A photo uploaded in the studio: the widths of its WebP renditions next to it (ADR 40); absent: shown as it is. */
  renditions?: number[];
}

export interface HomeSlide {
  id: Id;
  bannerImage: MediaRef;
  smallText: string;
  title: string;
  description: string;
  createdAt: UnixSeconds;
}

/** aboutUs and aboutSchool singletons. */
export type PageKey = "aboutUs" | "aboutSchool";
export interface InfoPage {
  image: MediaRef | null;
  youtubeVideoId: string;
  preTitle: string;
  title: string;
  descriptionHtml: string;
  description2Html: string;
}

export interface OfficeBearer {
  id: Id;
  name: string;
  role: string;
  photo: MediaRef | null;
  order: number;
}

export interface PreviousTeam {
  id: Id;
  title: string;
  contentHtml: string;
  createdAt: UnixSeconds;
}

export interface CalendarEvent {
  id: Id;
  month: string;
  date: string;
  name: string;
  url: string;
  createdAt: UnixSeconds;
}

export interface Gallery {
  id: Id;
  title: string;
  featuredImage: MediaRef;
  images: MediaRef[];
  order: number;
  createdAt: UnixSeconds;
}

export interface NewsItem {
  id: Id;
  title: string;
  excerptHtml: string;
  contentHtml: string;
  image: MediaRef | null;
  published: boolean;
  createdAt: UnixSeconds;
}

export interface DocumentRecord {
  id: Id;
  title: string;
  file: MediaRef;
  createdAt: UnixSeconds;
}

export interface ContactMessage {
  id: Id;
  name: string;
  lastname: string;
  email: string;
  subject: string;
  notes: string;
  /** The signed-in member who sent it, set when it is written; null for a visitor's message (nobody's download holds it). */
  memberId: Id | null;
  createdAt: UnixSeconds;
}

// ---- Members ---------------------------------------------------------------

export const MEMBERSHIPS = ["Family", "Single"] as const;
export type Membership = (typeof MEMBERSHIPS)[number];
export const TITLES = ["Mr", "Mrs", "Miss", "Dr", "Other"] as const;
export type PersonTitle = (typeof TITLES)[number];
/**
 * An editor runs the website studio; a door steward admits tickets at the door and nothing else
 * (ADR 65); an accountant (Admin) runs everything, the studio and the door too (ADR 38).
 */
export const ROLES = ["member", "editor", "steward", "accountant"] as const;
export type Role = (typeof ROLES)[number];

/** How each role is named wherever roles are shown (the members table, its CSV export). */
export const ROLE_LABELS = { member: "Member", editor: "Website editor", steward: "Door steward", accountant: "Admin" } as const satisfies Readonly<
  Record<Role, string>
>;

/** Who may use the website studio: editors, and accountants, who can do everything editors can. */
export function canEditWebsite(role: Role): boolean {
  return role === "editor" || role === "accountant";
}

/** Who may admit tickets at the door (docs/requirements.md §5.8, ADR 65): door stewards, and accountants, who can do everything. */
export function canAdmitAtDoor(role: Role): boolean {
  return role === "steward" || role === "accountant";
}

export const MAX_CHILDREN = 5;

export interface Child {
  name: string;
  birthYear: number;
}

export interface Spouse {
  title: PersonTitle;
  name: string;
  email: string;
  mobile: string;
}

export interface Consents {
  agreeTerms: boolean;
  giftAid: boolean;
  resident: boolean;
  payment: boolean;
  childPhoto: boolean;
  childPhotoShare: boolean;
}

export interface Member {
  id: Id;
  /** The association's member number (shown as MMA + number); null for legacy records. */
  memberNumber: number | null;
  email: string;
  passwordHash: string;
  title: PersonTitle;
  fullName: string;
  address: string;
  city: string;
  county: string;
  postcode: string;
  mobile: string;
  membership: Membership;
  spouse: Spouse | null;
  children: Child[];
  consents: Consents;
  role: Role;
  /** `status` in the old site's records (ADR 22): true means Active. */
  active: boolean;
  /** `paymentStatus` in the old site's records: the registration fee is paid. */
  registrationPaid: boolean;
  lastRenewedYear: number | null;
  deleted: boolean;
  resetKey: string | null;
  resetKeyExpiresAt: UnixSeconds | null;
  /**
   * When the password last changed (Unix seconds, with milliseconds): sessions signed in
   * before it are refused (ADR 7). Optional so that records made before it existed
   * (seed, imports) need not name it; the store reads it back as null.
   */
  passwordChangedAt?: UnixSeconds | null;
  /**
   * An applicant the accountants turned down (docs/requirements.md §6.6, ADR 0052): the reason they gave and
   * when. A rejected record is also `deleted` (it cannot sign in, its e-mail stays taken) and
   * is left out of both members lists. Optional like passwordChangedAt; absent unless rejected.
   */
  rejected?: Rejection | null;
  createdAt: UnixSeconds;
}

export interface Rejection {
  reason: string;
  at: UnixSeconds;
}

/** What registration supplies; the store assigns id, member number and timestamps. */
export type NewMember = Omit<Member, "id" | "memberNumber" | "createdAt">;

/** The fields a change may touch (docs/requirements.md §6.3: one of delete, role, renewal year, payment with status, membership, details). */
export type MemberPatch = Partial<Omit<Member, "id" | "memberNumber" | "createdAt">>;

// ---- Transactions ----------------------------------------------------------

export const TRANSACTION_STATUSES = ["pending", "success", "failed"] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
// "donation": a gift on /donate (docs/requirements.md §14); it changes no member and no ticket.
export const PAYMENT_TYPES = ["registration", "renew", "ticket", "donation"] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export interface Transaction {
  id: Id;
  userId: Id;
  title: string;
  /** `transactionAmount`: the unit price. */
  unitAmount: Pence;
  qty: number;
  year: number;
  status: TransactionStatus;
  /** `striperef`: the payment provider's price id. */
  priceRef: string;
  membershipType: Membership;
  memberName: string;
  memberEmail: string;
  paymentType: PaymentType;
  ticketId: Id | null;
  checkoutSessionId: string | null;
  createdAt: UnixSeconds;
  settledAt: UnixSeconds | null;
  /**
   * A 'Convert to Family' payment carries the family it adds: the member's record is
   * changed only when it is paid, so a cancelled upgrade leaves no trace (ADR 26).
   * Optional so that records made before it existed need not name it; read back as null.
   */
  familyDetails?: FamilyDetails | null;
  // Offline payments (docs/requirements.md §4.9, ADR 0054): how the money came. All optional so that
  // records made before them need not name them: no method is a card payment through checkout.
  /** Absent or "card": paid by card (checkout); "cash", "bank" (transfer) or "cheque": recorded by an accountant. */
  method?: PaymentMethod;
  /** The bank transfer's or cheque's reference (none for cash or card). */
  reference?: string | null;
  /** The day the money was received (ISO day, UK), which may be before the day it was recorded. */
  paidOn?: string | null;
}

/**
 * A subscription year's paid renewals as the report shows them (ADR 64): how many, their amount
 * (unit × qty, pence), and how many came in each month of that year (`perMonth[0]` January),
 * by the day the money was received.
 */
export interface RenewalTotals {
  count: number;
  amount: Pence;
  perMonth: number[];
}

/** How a payment was made: card through checkout, or one of the offline methods an accountant records. */
export const PAYMENT_METHODS = ["card", "cash", "bank", "cheque"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The spouse, children and photo consents an upgrade to Family brings, applied on payment. */
export interface FamilyDetails {
  spouse: Spouse | null;
  children: Child[];
  consents: Consents;
}

export type NewTransaction = Omit<Transaction, "id" | "createdAt" | "settledAt" | "status" | "checkoutSessionId">;

// ---- Tickets ---------------------------------------------------------------

/** The five groups of a household ticket, with the most names each may hold. */
export const ATTENDEE_BANDS = ["adult", "parent", "above13", "above5", "below5"] as const;
export type AttendeeBand = (typeof ATTENDEE_BANDS)[number];
export const BAND_LIMITS: Record<AttendeeBand, { min: number; max: number }> = {
  adult: { min: 1, max: 2 },
  parent: { min: 0, max: 4 },
  above13: { min: 0, max: 5 },
  above5: { min: 0, max: 5 },
  below5: { min: 0, max: 3 },
};

export interface Attendee {
  band: AttendeeBand;
  /** 1-based place within its band (adultName1, parentName3 ...). */
  position: number;
  name: string;
  admittedAt: UnixSeconds | null;
}

export interface Ticket {
  id: Id;
  userId: Id;
  /** The event the ticket is for (EventRecord.id); null: an older ticket matched to no event (ADR 60). */
  eventId: Id | null;
  /** The event's title. */
  title: string;
  email: string;
  membership: Membership;
  year: number;
  /** The total price of the booking. */
  price: Pence;
  /** `paymentStatus`. */
  paid: boolean;
  /** `verificationStatus`: true once the ticket has been used at the door. */
  used: boolean;
  /** A short human-readable code, typed at the door when the camera fails. */
  code: string;
  attendees: Attendee[];
  createdAt: UnixSeconds;
}

export type NewTicket = Omit<Ticket, "id" | "createdAt" | "paid" | "used" | "attendees"> & {
  attendees: Array<Pick<Attendee, "band" | "position" | "name">>;
};

// ---- Events (ADR 60) -------------------------------------------------------

/**
 * An event people book tickets for (docs/requirements.md §5.1). `tickets` is the booking's
 * side in the shape the ticket rules read: its title, the last booking day, the ticket type,
 * the pattern of bands, and the prices per band with their Stripe price ids.
 */
export interface EventRecord {
  id: Id;
  /** The event's name, as its tickets carry it (tickets.title). */
  title: string;
  /** ISO date (YYYY-MM-DD), "" while not set. */
  date: string;
  /** 24-hour "HH:MM", "" while not set. */
  startTime: string;
  endTime: string;
  venue: string;
  /** The public page's text (HTML within the CMS allow-list). */
  descriptionHtml: string;
  image: MediaRef | null;
  /** People the event takes (every attendee of a ticket is one); 0: no limit. */
  capacity: number;
  tickets: EventTicketSettings;
  /** The first day bookings are taken; "": as soon as it is published. */
  bookingOpensOn: string;
  published: boolean;
  /** Only members may book (the default); false: visitors too (not offered yet). */
  membersOnly: boolean;
  /** When it was cancelled; null while it is on. */
  cancelledAt: UnixSeconds | null;
  createdAt: UnixSeconds;
  updatedAt: UnixSeconds;
}

/**
 * An event's running totals (ADR 62), kept with every write they follow: the places held
 * (the capacity's count) and the events report's figures.
 */
export interface EventTotals {
  /** People on paid tickets not refunded in full, and on unpaid ones still holding their places. */
  placesHeld: number;
  ticketsPaid: number;
  /** The prices of the paid tickets. */
  amountPaid: Pence;
  /** The succeeded refunds of the event's tickets. */
  amountRefunded: Pence;
  /** People on the paid tickets, per band. */
  bands: Record<AttendeeBand, number>;
  /** People admitted at the door. */
  admitted: number;
}

/** What an event is made or changed with. */
export type EventFields = Omit<EventRecord, "id" | "title" | "createdAt" | "updatedAt" | "cancelledAt">;

/** The booking's side of an event, the settings' ticket shape (site-settings.ts). */
export type EventTicketSettings = SiteSettings["tickets"];

// ---- Outbox ----------------------------------------------------------------

export const EMAIL_STATUSES = ["queued", "sent", "failed", "stored"] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export interface OutboxEmail {
  id: Id;
  to: string[];
  subject: string;
  html: string;
  text: string;
  /** What the e-mail was for (contact, reset-password, payment-link ...). */
  purpose: string;
  /**
   * The member the e-mail is about, set when it is written (docs/security.md, "Whose is this
   * record"): their data rights find it by this id, never by an address. Null for mail about
   * nobody's account (a visitor's contact message, say).
   */
  memberId: Id | null;
  status: EmailStatus;
  provider: string;
  providerId: string | null;
  error: string | null;
  /** Extra headers it was sent with (a mailing's List-Unsubscribe, ADR 73); absent or null: none. */
  headers?: Record<string, string> | null;
  createdAt: UnixSeconds;
  updatedAt: UnixSeconds;
}

export type NewOutboxEmail = Pick<OutboxEmail, "to" | "subject" | "html" | "text" | "purpose" | "memberId" | "headers">;

export interface Page<T> {
  rows: T[];
  total: number;
}

// ---- Member mailings (docs/requirements.md §13, ADR 73) ----------------------

/** A notice is about membership itself (to everyone in the audience); a newsletter only to those who agreed. */
export const MAILING_KINDS = ["notice", "newsletter"] as const;
export type MailingKind = (typeof MAILING_KINDS)[number];

/** Who a mailing goes to, computed on the server; editors see only its count. */
export type Audience =
  | { kind: "active" }
  | { kind: "not-renewed" }
  | { kind: "family" }
  | { kind: "children-born"; years: number[] }
  | { kind: "event-tickets"; eventId: Id }
  | { kind: "applicants" };
export type AudienceKind = Audience["kind"];

export const MAILING_STATUSES = ["draft", "scheduled", "sending", "sent", "cancelled"] as const;
export type MailingStatus = (typeof MAILING_STATUSES)[number];

export interface Mailing {
  id: Id;
  kind: MailingKind;
  subject: string;
  /** The short preview line mail clients show after the subject. */
  preview: string;
  /** Sanitised as news is (studio rich text). */
  bodyHtml: string;
  /** A photo from the site's media, shown above the text at e-mail width (from its renditions). */
  photo: MediaRef | null;
  /** One call-to-action button under the text: both set, or both empty. */
  buttonLabel: string;
  buttonUrl: string;
  audience: Audience;
  publishNews: boolean;
  /** The news item made when it was sent with publishNews. */
  newsId: Id | null;
  status: MailingStatus;
  scheduledAt: UnixSeconds | null;
  startedAt: UnixSeconds | null;
  finishedAt: UnixSeconds | null;
  /** 1, then one more for each "send the failed again". */
  round: number;
  /** The address the copies' links use, fixed when sending starts. */
  siteUrl: string | null;
  createdBy: Id;
  updatedBy: Id;
  createdAt: UnixSeconds;
  updatedAt: UnixSeconds;
}

type MailingDraftFields = "kind" | "subject" | "preview" | "bodyHtml" | "photo" | "buttonLabel" | "buttonUrl" | "audience" | "publishNews";
export type NewMailing = Pick<Mailing, MailingDraftFields | "createdBy">;
export type MailingDraftPatch = Partial<Pick<Mailing, MailingDraftFields>> & { updatedBy: Id };

export const DELIVERY_STATUSES = ["queued", "sending", "sent", "failed", "bounced", "complained"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One recipient of one mailing: unique on (mailingId, memberId). */
export interface MailingDelivery {
  mailingId: Id;
  memberId: Id;
  email: string;
  firstName: string;
  status: DeliveryStatus;
  round: number;
  batch: number;
  providerId: string | null;
  error: string | null;
  updatedAt: UnixSeconds;
}

/** A recipient as the audience gives it, before a delivery row is written. */
export interface MailingRecipient {
  memberId: Id;
  email: string;
  firstName: string;
}

/** The report's counts for one mailing. */
export interface MailingCounts {
  queued: number;
  sent: number;
  failed: number;
  bounced: number;
  complained: number;
  unsubscribed: number;
}

export const CONSENT_SOURCES = ["sign-up", "my-account", "imported", "accountant", "unsubscribe", "complaint"] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** A member's mail choices; `newsletters` null means "not asked". */
export interface MailPreferences {
  memberId: Id;
  newsletters: "yes" | "no" | null;
  newslettersSource: ConsentSource | null;
  newslettersAt: UnixSeconds | null;
  notices: "yes" | "no";
  noticesAt: UnixSeconds | null;
}

/** One change of a member's mail choices (kept as a record). */
export interface MailPreferenceChange {
  id: Id;
  memberId: Id;
  topic: "newsletters" | "notices";
  given: boolean;
  source: ConsentSource;
  mailingId: Id | null;
  at: UnixSeconds;
}

export interface BadAddress {
  memberId: Id;
  email: string;
  reason: "bounced" | "complained";
  mailingId: Id | null;
  at: UnixSeconds;
}

// ---- Gift Aid and donations (docs/requirements.md §14, ADR 74) ----------------

/** Whose a declaration or donation is: a member, or a donor (a visitor who gave on /donate). */
export type PersonKind = "member" | "donor";
export const DECLARATION_ORIGINS = ["sign-up", "my-account", "donation", "paper"] as const;
export type DeclarationOrigin = (typeof DECLARATION_ORIGINS)[number];

/** A Gift Aid declaration as given (HMRC Chapter 3): never edited away; cancelled by `withdrawnOn`. */
export interface GiftAidDeclaration {
  id: Id;
  personId: Id;
  personKind: PersonKind;
  origin: DeclarationOrigin;
  /** The wording shown (features/gift-aid/declaration-wording.ts). */
  wordingVersion: string;
  /** "" when none ("Other" is stored as ""). */
  title: string;
  fullName: string;
  /** Address lines joined by "\n". */
  address: string;
  postcode: string;
  /** UK day (YYYY-MM-DD) from which payments are covered. */
  givenOn: string;
  createdAt: UnixSeconds;
  /** The person themself, or the accountant who entered a paper form. */
  createdBy: Id;
  /** UK day of the cancellation: payments after it are not covered. */
  withdrawnOn: string | null;
  withdrawnAt: UnixSeconds | null;
  withdrawnBy: Id | null;
  correctedAt: UnixSeconds | null;
  correctedBy: Id | null;
  pseudonymisedAt: UnixSeconds | null;
}
export type NewGiftAidDeclaration = Pick<
  GiftAidDeclaration,
  "personId" | "personKind" | "origin" | "wordingVersion" | "title" | "fullName" | "address" | "postcode" | "givenOn" | "createdBy"
>;

/** A visitor who gave without an account. */
export interface Donor {
  id: Id;
  email: string;
  fullName: string;
  createdAt: UnixSeconds;
  pseudonymisedAt: UnixSeconds | null;
}

/** A donation: its transaction (paymentType "donation") and what the form said. */
export interface Donation {
  transactionId: Id;
  personId: Id;
  personKind: PersonKind;
  /** Pence, £1–£1,000. */
  amount: Pence;
  message: string;
  giftAid: boolean;
  declarationId: Id | null;
  createdAt: UnixSeconds;
}
export type NewDonation = Omit<Donation, "createdAt">;

/** The kinds of payment an accountant may make eligible for Gift Aid (tickets never are). */
export const GIFT_AID_KINDS = ["registration", "renew", "donation"] as const;
export type GiftAidKind = (typeof GIFT_AID_KINDS)[number];

export interface GiftAidSettings {
  eligibleKinds: GiftAidKind[];
  /** HMRC's charity reference (e.g. AB12345) and the charity's name, for the claim. */
  charityReference: string;
  charityName: string;
  updatedAt: UnixSeconds | null;
  updatedBy: Id | null;
}

/** One row of HMRC's schedule as claimed. */
export interface GiftAidClaimItem {
  transactionId: Id;
  claimId: Id;
  personId: Id;
  declarationId: Id;
  title: string;
  firstName: string;
  lastName: string;
  house: string;
  postcode: string;
  /** UK day of the payment. */
  paidOn: string;
  /** Pence claimed on (the payment less its refunds when claimed). */
  amount: Pence;
}
export type NewGiftAidClaimItem = Omit<GiftAidClaimItem, "claimId">;

export interface GiftAidClaim {
  id: Id;
  periodFrom: string;
  periodTo: string;
  payments: number;
  /** Pence. */
  total: Pence;
  giftAid: Pence;
  status: "claimed" | "reopened";
  hmrcReference: string | null;
  createdAt: UnixSeconds;
  createdBy: Id;
  reopenedAt: UnixSeconds | null;
  reopenedBy: Id | null;
  reopenReason: string | null;
}
export type NewGiftAidClaim = Pick<GiftAidClaim, "periodFrom" | "periodTo" | "total" | "giftAid" | "createdBy">;
