import type { RouteConfigEntry } from "@remix-run/route-config";
import { demoMemberId } from "../../seed/demo-members";
import { ID_SPACE, seedId } from "../../seed/ids";

/**
 * Every route of the app (the route files app/routes.ts lists), as data,
 * with a concrete sample URL on the seeded demo. The access matrix
 * (test/integration/whole-site/access-matrix.test.ts) and the all-pages checks (axe, 360 px)
 * are generated from it, and test/unit/tooling/route-list.test.ts fails when a route file in
 * app/routes.ts has no entry here (or an entry has no route), so a new route cannot be forgotten.
 *
 * API:
 * - `ROUTES[file]`: one `RouteEntry` per route file (its path under app/, as app/routes.ts names it, e.g. "features/payments/routes/pending-payments.tsx").
 * - `routeFilesInConfig()`: the route files app/routes.ts lists, read now.
 * - `ACTORS` / `Actor`: who asks: visitor (no cookie), applicant (signed up, not yet active),
 *   member (the demo Family member), otherMember (the demo Single member), editor (the demo
 *   website editor), steward (the demo door steward, ADR 65), accountant (the treasurer).
 * - `canSee(entry, actor)`: whether the access class lets the actor in (for `special`: `entry.seenBy`).
 * - `pageUrls(actor)`: the sample URLs of every HTML page that actor gets drawn (any status in
 *   `entry.status`, e.g. the 404 page), for page-wide checks such as axe and the phone width;
 *   /logout last, since it ends the session.
 * - `DEMO`: the seeded ids the sample URLs use (deterministic: seed/ids.ts).
 */

export type Actor = "visitor" | "applicant" | "member" | "otherMember" | "editor" | "steward" | "accountant";
export const ACTORS: readonly Actor[] = ["visitor", "applicant", "member", "otherMember", "editor", "steward", "accountant"];

/**
 * - public: anyone, signed in or not;
 * - member: an active signed-in member (or editor, steward, or accountant): requireUser; others go to /login?redirectTo=<path>;
 * - editor: requireEditor (the website studio): editors and accountants; visitors and applicants go to /login, other members to their home;
 * - door: requireDoorSteward (the door, ADR 65): door stewards and accountants; visitors and applicants go to /login, other members to their home;
 * - accountant: requireAccountant; visitors and applicants go to /login, other members to their home
 *   (a member to /mem-account, an editor to /studio, a steward to /scan-qr-code: ACTOR_HOMES);
 * - dev: development builds only, no sign-in (production answers 404);
 * - special: its own rule, said in `rule` (a link that is its own key, the member themself ...).
 */
export type Access = "public" | "member" | "editor" | "door" | "accountant" | "dev" | "special";

export type Method = "GET" | "POST";

export interface RouteEntry {
  /** A concrete URL (path and query) on the seeded demo. */
  path: string;
  /** What the route answers: GET when it has a loader (or only a component), POST when it has an action. */
  methods: readonly Method[];
  access: Access;
  /** GET draws an HTML page (for those it admits). False for resource routes. */
  html: boolean;
  /** A resource route: what it returns instead of a page. */
  resource?: "csv" | "xlsx" | "file" | "redirect" | "webhook";
  /** GET status of the sample URL for those admitted, when not 200 (e.g. a not-found page). */
  status?: number;
  /** Access `special`: who gets the page drawn at the sample URL. */
  seenBy?: readonly Actor[];
  /** Access `special`: the rule, in a sentence. */
  rule?: string;
}

/** The seeded ids (seed/demo-members.ts, seed/demo-content.ts) the sample URLs use. */
export const DEMO = {
  member: demoMemberId("member"),
  otherMember: demoMemberId("single"),
  applicant: demoMemberId("applicant"),
  accountant: demoMemberId("treasurer"),
  editor: demoMemberId("editor"),
  steward: demoMemberId("steward"),
  /** The demo Family's paid ticket (code XMAS7K2P), bought for money: no ticket-success page for it. */
  memberTicket: seedId(ID_SPACE.ticket, 1),
  /** The demo Family member's settled registration and renewal transactions. */
  memberRegistration: seedId(ID_SPACE.transaction, 3),
  memberRenewal: seedId(ID_SPACE.transaction, 4),
  /** The demo Single member's settled registration transaction. */
  otherMemberRegistration: seedId(ID_SPACE.transaction, 5),
  news: seedId(ID_SPACE.news, 1),
  gallery: seedId(ID_SPACE.gallery, 1),
  document: seedId(ID_SPACE.document, 1),
  /** The seeded event record (seed/demo.ts demoEventRecord). */
  event: seedId(ID_SPACE.eventRecord, 1),
  /** An id of the right shape that no record has. */
  unknown: "ffffffffffffffffffffffff",
} as const;

const GET = ["GET"] as const;
const GET_POST = ["GET", "POST"] as const;
/** A link that is its own key (payment return, reset, payment link): anyone holding it gets the page. */
const ANYONE = ACTORS;

export const ROUTES: Readonly<Record<string, RouteEntry>> = {
  // Public pages
  "features/site/routes/home.tsx": { path: "/", methods: GET, access: "public", html: true },
  "features/site/routes/home-alias.tsx": { path: "/home", methods: GET, access: "public", html: true },
  "features/site/routes/about.tsx": { path: "/about", methods: GET, access: "public", html: true },
  "features/site/routes/school.tsx": { path: "/school", methods: GET, access: "public", html: true },
  "features/site/routes/office-bearers.tsx": { path: "/office-bearers", methods: GET, access: "public", html: true },
  "features/site/routes/event-calendar.tsx": { path: "/event", methods: GET, access: "public", html: true },
  "features/site/routes/news.tsx": { path: "/blog", methods: GET, access: "public", html: true },
  "features/site/routes/news-item.tsx": { path: `/blog-details/${DEMO.news}`, methods: GET, access: "public", html: true },
  "features/site/routes/galleries.tsx": { path: "/gallery", methods: GET, access: "public", html: true },
  "features/site/routes/gallery.tsx": { path: `/gallery/${DEMO.gallery}`, methods: GET, access: "public", html: true },
  "features/site/routes/contact.tsx": { path: "/contact", methods: GET_POST, access: "public", html: true },
  "features/membership/routes/signup-confirmation.tsx": { path: "/confirmation", methods: GET, access: "public", html: true },
  "features/site/routes/not-found-splat.tsx": { path: "/no-such-page", methods: GET, access: "public", html: true, status: 404 },
  "features/site/routes/not-found.tsx": { path: "/404", methods: GET, access: "public", html: true, status: 404 },
  "features/site/routes/cookie-consent.tsx": { path: "/cookie-consent", methods: GET_POST, access: "public", html: false, resource: "redirect" },
  "features/sign-in/routes/logout.tsx": { path: "/logout", methods: GET_POST, access: "public", html: true },

  // Signing in and up: public, but an active member is sent on to /mem-account
  "features/sign-in/routes/login.tsx": { path: "/login", methods: GET_POST, access: "public", html: true },
  // E-mailed sign-in codes (ADR 69): the code form, and the one-tap link (refused here: no browser of the demo asked for it).
  "features/sign-in/routes/login-code.tsx": { path: "/login/code", methods: GET_POST, access: "public", html: true },
  "features/sign-in/routes/login-code-link.tsx": {
    path: `/login/code/${"0".repeat(32)}/${"0".repeat(32)}`,
    methods: GET,
    access: "public",
    html: true,
    status: 403,
  },
  "features/membership/routes/signup.tsx": { path: "/signup", methods: GET_POST, access: "public", html: true },
  "features/sign-in/routes/forgot-password.tsx": { path: "/forgot-password", methods: GET_POST, access: "public", html: true },

  // Members (requireUser)
  "features/membership/routes/my-account.tsx": { path: "/mem-account", methods: GET_POST, access: "member", html: true },
  "features/membership/routes/amend-account.tsx": { path: "/amend-account", methods: GET_POST, access: "member", html: true },
  "features/tickets/routes/book-ticket.tsx": { path: "/book-ticket", methods: GET_POST, access: "member", html: true },
  "features/site/routes/documents.tsx": { path: "/documents", methods: GET, access: "member", html: true },
  "features/site/routes/document-file.tsx": { path: `/documents/${DEMO.document}`, methods: GET, access: "member", html: false, resource: "file" },

  // Back office (requireAccountant)
  "features/office/routes/members.tsx": { path: "/accounts", methods: GET_POST, access: "accountant", html: true },
  "features/office/routes/deleted-members.tsx": { path: "/deleted-members", methods: GET_POST, access: "accountant", html: true },
  "features/office/routes/members-export-csv.tsx": { path: "/accounts/export.csv", methods: GET, access: "accountant", html: false, resource: "csv" },
  "features/payments/routes/pending-payments.tsx": { path: "/accounts/payments", methods: GET_POST, access: "accountant", html: true },
  "features/office/routes/emails.tsx": { path: "/accounts/emails", methods: GET, access: "accountant", html: true },
  "features/office/routes/activity-log.tsx": { path: "/accounts/activity", methods: GET, access: "accountant", html: true },
  "features/mailings/routes/bad-addresses.tsx": { path: "/accounts/bad-addresses", methods: GET, access: "accountant", html: true },
  // The demo has no e-mails: the sample is the not-found page (the outbox tests open real ones).
  "features/office/routes/email.tsx": { path: `/accounts/emails/${DEMO.unknown}`, methods: GET_POST, access: "accountant", html: true, status: 404 },
  "features/office/routes/renewals-report.tsx": { path: "/mem-renewals", methods: GET_POST, access: "accountant", html: true },
  "features/office/routes/renewals-pending-csv.tsx": { path: "/mem-renewals/pending.csv", methods: GET, access: "accountant", html: false, resource: "csv" },
  "features/office/routes/renewals-renewed-csv.tsx": { path: "/mem-renewals/renewed.csv", methods: GET, access: "accountant", html: false, resource: "csv" },
  "features/office/routes/event-payments-report.tsx": { path: "/mem-events-pay", methods: GET_POST, access: "accountant", html: true },
  "features/office/routes/event-payments-tickets-csv.tsx": {
    path: "/mem-events-pay/tickets.csv",
    methods: GET,
    access: "accountant",
    html: false,
    resource: "csv",
  },
  "features/door/routes/scanner.tsx": { path: "/scan-qr-code", methods: GET_POST, access: "door", html: true },

  // The website studio (requireEditor)
  "features/studio/routes/studio-index.tsx": { path: "/studio", methods: GET, access: "editor", html: true },
  // Studio: news
  "features/studio/routes/news.tsx": { path: "/studio/news", methods: GET, access: "editor", html: true },
  "features/studio/routes/news-new.tsx": { path: "/studio/news/new", methods: GET_POST, access: "editor", html: true },
  "features/studio/routes/news-item.tsx": { path: `/studio/news/${DEMO.news}`, methods: GET_POST, access: "editor", html: true },
  // Studio: member mailings (docs/requirements.md §13); the demo has none, so a mailing's screens answer 404
  "features/mailings/routes/studio-mailings.tsx": { path: "/studio/mailings", methods: GET, access: "editor", html: true },
  "features/mailings/routes/studio-mailing-new.tsx": { path: "/studio/mailings/new", methods: GET_POST, access: "editor", html: true },
  "features/mailings/routes/studio-mailing.tsx": { path: `/studio/mailings/${DEMO.unknown}`, methods: GET_POST, access: "editor", html: true, status: 404 },
  "features/mailings/routes/studio-mailing-preview.tsx": {
    path: `/studio/mailings/${DEMO.unknown}/preview`,
    methods: GET,
    access: "editor",
    html: false,
    resource: "file",
    status: 404,
  },
  "features/mailings/routes/studio-mailing-report.tsx": {
    path: `/studio/mailings/${DEMO.unknown}/report`,
    methods: GET_POST,
    access: "editor",
    html: true,
    status: 404,
  },

  // Development only (production answers 404)
  "features/mail/routes/dev-outbox.tsx": { path: "/dev/mail", methods: GET, access: "dev", html: true },
  "features/mail/routes/dev-outbox-email.tsx": { path: `/dev/mail/${DEMO.unknown}`, methods: GET, access: "dev", html: true, status: 404 },

  // Special rules
  "features/membership/routes/application-sheet.tsx": {
    path: `/member-details/${DEMO.member}`,
    methods: GET,
    access: "special",
    html: true,
    seenBy: ["member", "accountant"],
    rule: "the member themself and the accountant; anyone else gets 404",
  },
  "features/payments/routes/registration-fee.tsx": {
    path: `/payment-reg-fee/${DEMO.unknown}`,
    methods: GET_POST,
    access: "special",
    html: true,
    status: 404,
    seenBy: ANYONE,
    rule: "the signed payment link is the key (no sign-in); a bad link gets 404",
  },
  "features/sign-in/routes/reset-password.tsx": {
    path: `/reset-account-password/${DEMO.member}/not-a-key`,
    methods: GET_POST,
    access: "special",
    html: true,
    status: 404,
    seenBy: ANYONE,
    rule: "the e-mailed reset key is the key (no sign-in); a wrong key gets 404",
  },
  "features/payments/routes/practice-checkout.tsx": {
    path: `/practice-checkout/${DEMO.unknown}`,
    methods: GET_POST,
    access: "special",
    html: true,
    status: 404,
    seenBy: ANYONE,
    rule: "development only; the unguessable session id is the key, like Stripe's page",
  },
  "features/payments/routes/renewal-payment-success.tsx": {
    path: `/payment-success/${DEMO.memberRenewal}/${DEMO.member}`,
    methods: GET,
    access: "special",
    html: true,
    seenBy: ANYONE,
    rule: "the card provider's return: settles only a verified paid session; shows no personal data",
  },
  "features/payments/routes/registration-payment-success.tsx": {
    path: `/reg-payment-success/${DEMO.memberRegistration}/${DEMO.member}`,
    methods: GET,
    access: "special",
    html: true,
    seenBy: ANYONE,
    rule: "the card provider's return: settles only a verified paid session; shows no personal data",
  },
  "features/payments/routes/upgrade-payment-success.tsx": {
    path: `/upgrade-pay-success/${DEMO.memberRenewal}/${DEMO.member}`,
    methods: GET,
    access: "special",
    html: true,
    seenBy: ANYONE,
    rule: "the card provider's return: settles only a verified paid session; shows no personal data",
  },
  "features/tickets/routes/ticket-payment-success.tsx": {
    path: `/ticket-payment-success/${DEMO.memberTicket}/${DEMO.memberRenewal}/${DEMO.member}`,
    methods: GET,
    access: "special",
    html: true,
    status: 404,
    seenBy: ANYONE,
    rule: "the card provider's return: the transaction must be this ticket's and this member's, else 404",
  },
  "features/tickets/routes/ticket-success.tsx": {
    path: `/ticket-success/${DEMO.memberTicket}/${DEMO.member}`,
    methods: GET,
    access: "special",
    html: true,
    status: 404,
    seenBy: ANYONE,
    rule: "a free booking's page: only that member's paid free ticket, else 404; shows no personal data",
  },
  "features/payments/routes/payment-cancel.tsx": {
    path: `/payment-cancel/${DEMO.unknown}`,
    methods: GET,
    access: "special",
    html: true,
    seenBy: ANYONE,
    rule: "the card provider's cancel return: fails only an unpaid pending transaction; shows no personal data",
  },
  // Donations (docs/requirements.md §14): the public form, the pages its checkout ends on, the accountants' report
  "features/donations/routes/donate.tsx": { path: "/donate", methods: GET_POST, access: "public", html: true },
  "features/donations/routes/donate-thanks.tsx": {
    path: `/donate/thanks/${DEMO.unknown}`,
    methods: GET,
    access: "special",
    html: true,
    status: 404,
    seenBy: ANYONE,
    rule: "the card provider's return: settles only a verified paid session of a donation; an unknown one is 404; shows no personal data",
  },
  "features/donations/routes/donate-cancelled.tsx": {
    path: `/donate/cancelled/${DEMO.unknown}`,
    methods: GET,
    access: "special",
    html: true,
    status: 404,
    seenBy: ANYONE,
    rule: "the card provider's cancel return: fails only an unpaid pending donation; shows no personal data",
  },
  "features/donations/routes/donations-report.tsx": { path: "/accounts/donations", methods: GET, access: "accountant", html: true },
  "features/donations/routes/donations-csv.tsx": { path: "/accounts/donations.csv", methods: GET, access: "accountant", html: false, resource: "csv" },
  "features/donations/routes/donations-xlsx.tsx": { path: "/accounts/donations.xlsx", methods: GET, access: "accountant", html: false, resource: "xlsx" },
  // Member mailings (docs/requirements.md §13): one-click unsubscribe, Resend's webhook
  "features/mailings/routes/unsubscribe.tsx": {
    path: "/unsubscribe/not-a-token",
    methods: GET_POST,
    access: "special",
    html: true,
    status: 400,
    seenBy: ANYONE,
    rule: "the signed unsubscribe link is the key (no sign-in; a mail client posts it from anywhere); a bad link gets 400",
  },
  "features/mailings/routes/resend-webhook.tsx": {
    path: "/webhooks/resend",
    methods: ["POST"],
    access: "special",
    html: false,
    resource: "webhook",
    rule: "Resend's Svix-signed events only (GET 405); the signature, not a session, is the key",
  },
  "features/payments/routes/stripe-webhook.tsx": {
    path: "/webhooks/stripe",
    methods: ["POST"],
    access: "special",
    html: false,
    resource: "webhook",
    rule: "Stripe's signed events only (GET 405); the signature, not a session, is the key",
  },

  // Studio: site settings (requireEditor)
  "features/studio/routes/settings.tsx": { path: "/studio/settings", methods: GET_POST, access: "editor", html: true },
  // Studio: home slides, About Us and School (requireEditor)
  "features/studio/routes/slides.tsx": { path: "/studio/slides", methods: GET_POST, access: "editor", html: true },
  "features/studio/routes/slide-new.tsx": { path: "/studio/slides/new", methods: GET_POST, access: "editor", html: true },
  "features/studio/routes/slide.tsx": { path: `/studio/slides/${seedId(ID_SPACE.slide, 1)}`, methods: GET_POST, access: "editor", html: true },
  "features/studio/routes/about-page.tsx": { path: "/studio/about", methods: GET_POST, access: "editor", html: true },
  "features/studio/routes/school-page.tsx": { path: "/studio/school", methods: GET_POST, access: "editor", html: true },
  // Studio: galleries and the photo pipeline (/media/* serves uploaded photos to anyone; the demo has none, so its sample is a 404)
  "features/studio/routes/galleries.tsx": { path: "/studio/galleries", methods: GET_POST, access: "editor", html: true },
  "features/studio/routes/gallery.tsx": { path: `/studio/galleries/${DEMO.gallery}`, methods: GET_POST, access: "editor", html: true },
  // The gallery upload with JavaScript, one photo a post (JSON answers); a GET goes to the gallery's page.
  "features/studio/routes/gallery-photos-upload.tsx": {
    path: `/studio/galleries/${DEMO.gallery}/photos`,
    methods: GET_POST,
    access: "editor",
    html: false,
    resource: "redirect",
  },
  "features/site/routes/media.tsx": { path: "/media/photos/none/350.webp", methods: GET, access: "public", html: false, resource: "file", status: 404 },

  // Studio: event calendar, office bearers and documents (docs/requirements.md §7.7, §7.9, §7.10)
  "features/studio/routes/calendar.tsx": { path: "/studio/calendar", methods: GET_POST, access: "editor", html: true },
  "features/studio/routes/calendar-entry.tsx": { path: "/studio/calendar/new", methods: GET_POST, access: "editor", html: true },
  "features/studio/routes/office-bearers.tsx": { path: "/studio/office-bearers", methods: GET_POST, access: "editor", html: true },
  "features/studio/routes/office-bearer.tsx": { path: "/studio/office-bearers/new", methods: GET_POST, access: "editor", html: true },
  "features/studio/routes/previous-team.tsx": {
    path: `/studio/office-bearers/previous/${seedId(ID_SPACE.team, 1)}`,
    methods: GET_POST,
    access: "editor",
    html: true,
  },
  "features/studio/routes/documents.tsx": { path: "/studio/documents", methods: GET_POST, access: "editor", html: true },
  "features/studio/routes/document.tsx": { path: `/studio/documents/${DEMO.document}`, methods: GET_POST, access: "editor", html: true },
  // The preview of a news item or page's unsaved form (docs/requirements.md §7.6): a GET says where to find it.
  "features/studio/routes/preview.tsx": { path: "/studio/preview/news", methods: GET_POST, access: "editor", html: true },

  // Studio: events (requireEditor) and the home page's booking button (docs/requirements.md §7.3)
  "features/studio/routes/upcoming-event.tsx": { path: "/studio/event", methods: GET_POST, access: "editor", html: true },
  "features/studio/routes/events.tsx": { path: "/studio/events", methods: GET_POST, access: "editor", html: true },
  "features/studio/routes/event-new.tsx": { path: "/studio/events/new", methods: GET_POST, access: "editor", html: true },
  "features/studio/routes/event.tsx": { path: `/studio/events/${DEMO.event}`, methods: GET_POST, access: "editor", html: true },

  // Excel exports (docs/requirements.md §6.8): the Excel twin of each CSV export (requireAccountant)
  "features/office/routes/members-export-xlsx.tsx": { path: "/accounts/export.xlsx", methods: GET, access: "accountant", html: false, resource: "xlsx" },
  "features/office/routes/renewals-pending-xlsx.tsx": { path: "/mem-renewals/pending.xlsx", methods: GET, access: "accountant", html: false, resource: "xlsx" },
  "features/office/routes/renewals-renewed-xlsx.tsx": { path: "/mem-renewals/renewed.xlsx", methods: GET, access: "accountant", html: false, resource: "xlsx" },
  "features/office/routes/event-payments-tickets-xlsx.tsx": {
    path: "/mem-events-pay/tickets.xlsx",
    methods: GET,
    access: "accountant",
    html: false,
    resource: "xlsx",
  },

  // Gift Aid (docs/requirements.md §14, requireAccountant): the claim, its schedule's downloads, past claims, the settings, a declaration's correction.
  // The demo has no claim and no sample declaration id: those are the not-found page.
  "features/gift-aid/routes/claim.tsx": { path: "/accounts/gift-aid", methods: GET_POST, access: "accountant", html: true },
  "features/gift-aid/routes/schedule-ods.tsx": {
    path: "/accounts/gift-aid/schedule.ods?from=2026-04-06&to=2027-04-05",
    methods: GET,
    access: "accountant",
    html: false,
    resource: "file",
  },
  "features/gift-aid/routes/schedule-xlsx.tsx": {
    path: "/accounts/gift-aid/schedule.xlsx?from=2026-04-06&to=2027-04-05",
    methods: GET,
    access: "accountant",
    html: false,
    resource: "xlsx",
  },
  "features/gift-aid/routes/past-claim.tsx": {
    path: `/accounts/gift-aid/claims/${DEMO.unknown}`,
    methods: GET_POST,
    access: "accountant",
    html: true,
    status: 404,
  },
  "features/gift-aid/routes/claim-schedule-ods.tsx": {
    path: `/accounts/gift-aid/claims/${DEMO.unknown}/schedule.ods`,
    methods: GET,
    access: "accountant",
    html: false,
    resource: "file",
    status: 404,
  },
  "features/gift-aid/routes/claim-schedule-xlsx.tsx": {
    path: `/accounts/gift-aid/claims/${DEMO.unknown}/schedule.xlsx`,
    methods: GET,
    access: "accountant",
    html: false,
    resource: "xlsx",
    status: 404,
  },
  "features/gift-aid/routes/settings.tsx": { path: "/accounts/gift-aid/settings", methods: GET_POST, access: "accountant", html: true },
  "features/gift-aid/routes/declaration.tsx": {
    path: `/accounts/gift-aid/declarations/${DEMO.unknown}`,
    methods: GET_POST,
    access: "accountant",
    html: true,
    status: 404,
  },

  // Contact inbox (docs/requirements.md §6.13). The demo has no messages: the sample message is the not-found page.
  "features/office/routes/messages.tsx": { path: "/accounts/messages", methods: GET, access: "accountant", html: true },
  "features/office/routes/message.tsx": { path: `/accounts/messages/${DEMO.unknown}`, methods: GET_POST, access: "accountant", html: true, status: 404 },
  // Members' own account: password and e-mail (docs/requirements.md §2.8)
  "features/membership/routes/change-password.tsx": { path: "/account/password", methods: GET_POST, access: "member", html: true },
  "features/account-security/routes/account-security.tsx": { path: "/account/security", methods: GET_POST, access: "member", html: true },
  "features/membership/routes/change-email.tsx": { path: "/account/email", methods: GET_POST, access: "member", html: true },
  "features/membership/routes/confirm-email-change.tsx": {
    path: "/account/email/confirm/not-a-token",
    methods: GET_POST,
    access: "special",
    html: true,
    status: 404,
    seenBy: ANYONE,
    rule: "the signed link e-mailed to the new address is the key (no sign-in: it may be opened on another device); a bad link gets 404",
  },

  // Members' data rights (docs/requirements.md §8): the member's own data (requireUser), any member's for an
  // accountant, and the erase page. Its sample is an unknown member, so no harmless post erases anyone.
  "features/data-rights/routes/my-data.tsx": { path: "/account/data", methods: GET, access: "member", html: true },
  "features/data-rights/routes/my-data-json.tsx": { path: "/account/data.json", methods: GET, access: "member", html: false, resource: "file" },
  "features/data-rights/routes/my-data-html.tsx": { path: "/account/data.html", methods: GET, access: "member", html: false, resource: "file" },
  "features/data-rights/routes/member-data-html.tsx": {
    path: `/accounts/members/${DEMO.member}/data.html`,
    methods: GET,
    access: "accountant",
    html: false,
    resource: "file",
  },
  "features/data-rights/routes/member-data.tsx": { path: `/accounts/members/${DEMO.member}/data`, methods: GET, access: "accountant", html: true },
  "features/data-rights/routes/member-data-json.tsx": {
    path: `/accounts/members/${DEMO.member}/data.json`,
    methods: GET,
    access: "accountant",
    html: false,
    resource: "file",
  },
  "features/data-rights/routes/member-erase.tsx": {
    path: `/accounts/members/${DEMO.unknown}/erase`,
    methods: GET_POST,
    access: "accountant",
    html: true,
    status: 404,
  },
  // Gift Aid declarations (docs/requirements.md §14): the member's own (an empty post changes nothing: 400), an accountant's paper declaration
  "features/gift-aid/routes/my-declaration.tsx": { path: "/account/gift-aid", methods: GET_POST, access: "member", html: true },
  "features/gift-aid/routes/paper-declaration.tsx": {
    path: `/accounts/members/${DEMO.otherMember}/gift-aid`,
    methods: GET_POST,
    access: "accountant",
    html: true,
  },
  // Offline payments and tickets at the desk (docs/requirements.md §4.9, §5.9)
  "features/payments/routes/record-payment.tsx": { path: `/accounts/record-payment/${DEMO.otherMember}`, methods: GET_POST, access: "accountant", html: true },
  "features/door/routes/ticket-desk.tsx": { path: "/accounts/desk", methods: GET_POST, access: "accountant", html: true },
  // Refunds (docs/requirements.md §4.10): the refund page of a paid transaction; the events report's rows (tickets) lead to it.
  "features/payments/routes/refund.tsx": { path: `/accounts/transactions/${DEMO.memberRenewal}/refund`, methods: GET_POST, access: "accountant", html: true },
  // A receipt sent again (docs/requirements.md §4.11): a post from the member page; a GET goes to that page.
  "features/payments/routes/resend-receipt.tsx": {
    path: `/accounts/transactions/${DEMO.memberRenewal}/resend-receipt`,
    methods: GET_POST,
    access: "accountant",
    html: false,
    resource: "redirect",
    status: 302,
  },
  "features/payments/routes/ticket-refund.tsx": {
    path: `/accounts/tickets/${DEMO.unknown}/refund`,
    methods: GET,
    access: "accountant",
    html: false,
    resource: "redirect",
    status: 404,
  },
  // Members & receipts (member corrections, rejection, receipts: docs/requirements.md §6.5, §6.6, §4.11; ADRs 0052, 0053)
  "features/office/routes/member-edit.tsx": { path: `/accounts/members/${DEMO.applicant}/edit`, methods: GET_POST, access: "accountant", html: true },
  "features/office/routes/member-reject.tsx": { path: `/accounts/members/${DEMO.applicant}/reject`, methods: GET_POST, access: "accountant", html: true },
  // The member page (docs/requirements.md §6.3.1, ADR 66): one member's details, payments, tickets, e-mails, activity and actions.
  "features/office/routes/member.tsx": { path: `/accounts/members/${DEMO.member}`, methods: GET_POST, access: "accountant", html: true },
  "features/membership/routes/receipt.tsx": {
    path: `/account/receipts/${DEMO.memberRenewal}`,
    methods: GET,
    access: "special",
    html: true,
    seenBy: ["member", "accountant"],
    rule: "the member the payment is for and the accountant; other members get 404, visitors and applicants go to /login",
  },
  // Two-step verification (docs/decisions/0071): the member's own set-up, the accountants' setting and reset of a colleague's.
  "features/two-step/routes/set-up.tsx": { path: "/account/security/two-step", methods: GET_POST, access: "member", html: true },
  "features/two-step/routes/staff-setting.tsx": { path: "/accounts/security", methods: GET_POST, access: "accountant", html: true },
  "features/two-step/routes/member-reset.tsx": { path: `/accounts/members/${DEMO.member}/two-step`, methods: GET_POST, access: "accountant", html: true },
  // The second step of a sign-in: only a session waiting for it gets the page, and no actor here has one, so no actor
  // gets it drawn (html: false for the all-pages checks); test/integration/features/two-step/two-step.test.ts signs in to reach it.
  "features/two-step/routes/second-step.tsx": {
    path: "/login/two-step",
    methods: GET_POST,
    access: "special",
    html: false,
    seenBy: [],
    rule: "only a session waiting for its second step; signed-in members go to their home, anyone else to /login",
  },
};

/** The route files app/routes.ts lists now (paths under app/, what Remix builds), sorted. Loaded on demand: the route config helpers load Remix's build tools. */
export async function routeFilesInConfig(): Promise<string[]> {
  const { default: routes } = await import("../../app/routes");
  const files = (entries: readonly RouteConfigEntry[]): string[] => entries.flatMap((entry) => [entry.file, ...files(entry.children ?? [])]);
  return files(routes).sort();
}

/** Whether the route's access class admits the actor (applicants are not active: they count as visitors). */
export function canSee(entry: RouteEntry, actor: Actor): boolean {
  switch (entry.access) {
    case "public":
    case "dev":
      return true;
    case "member":
      return actor === "member" || actor === "otherMember" || actor === "editor" || actor === "steward" || actor === "accountant";
    case "editor":
      return actor === "editor" || actor === "accountant";
    case "door":
      return actor === "steward" || actor === "accountant";
    case "accountant":
      return actor === "accountant";
    case "special":
      return (entry.seenBy ?? []).includes(actor);
  }
}

/** Where a guard sends a signed-in actor it turns away, and /login an active one: their role's home (app/kernel/auth/role-home.ts, ADR 65). */
export const ACTOR_HOMES: Readonly<Record<"member" | "otherMember" | "editor" | "steward" | "accountant", string>> = {
  member: "/mem-account",
  otherMember: "/mem-account",
  editor: "/studio",
  steward: "/scan-qr-code",
  accountant: "/accounts",
};

/** Pages that send anyone with a session on (signup: even an applicant's, to /mem-account; login: an active member's, to their home). */
export const SENDS_MEMBERS_ON: Readonly<Record<string, readonly Actor[]>> = {
  "features/sign-in/routes/login.tsx": ["member", "otherMember", "editor", "steward", "accountant"],
  "features/membership/routes/signup.tsx": ["applicant", "member", "otherMember", "editor", "steward", "accountant"],
};

/**
 * The sample URLs of every HTML page the actor gets drawn, with the status to expect.
 * Pages that send the actor on (SENDS_MEMBERS_ON) are left out. /logout ends the session,
 * so it comes last: visit the list in order with one signed-in browser.
 */
export function pageUrls(actor: Actor): { file: string; path: string; status: number }[] {
  return Object.entries(ROUTES)
    .filter(([file, entry]) => entry.html && canSee(entry, actor) && !SENDS_MEMBERS_ON[file]?.includes(actor))
    .sort(([a], [b]) => Number(a === "features/sign-in/routes/logout.tsx") - Number(b === "features/sign-in/routes/logout.tsx"))
    .map(([file, entry]) => ({ file, path: entry.path, status: entry.status ?? 200 }));
}
