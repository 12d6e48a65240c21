import { readdirSync } from "node:fs";
import path from "node:path";
import { demoMemberId } from "../../seed/demo-members";
import { ID_SPACE, seedId } from "../../seed/ids";

/**
 * Every route of the app (app/routes.ts is flatRoutes() over app/routes/*.tsx), as data,
 * with a concrete sample URL on the seeded demo. The access matrix
 * (test/integration/http/access-matrix.test.ts) and the all-pages checks (axe, 360 px)
 * are generated from it, and test/unit/route-list.test.ts fails when a file in
 * app/routes has no entry here (or an entry has no file), so a new route cannot be forgotten.
 *
 * API:
 * - `ROUTES[file]`: one `RouteEntry` per route file (name as on disk, e.g. "accounts_.payments.tsx").
 * - `routeFilesOnDisk()`: the file names in app/routes, read now.
 * - `ACTORS` / `Actor`: who asks: visitor (no cookie), applicant (signed up, not yet active),
 *   member (the demo Family member), otherMember (the demo Single member), editor (the demo
 *   website editor), accountant (the treasurer).
 * - `canSee(entry, actor)`: whether the access class lets the actor in (for `special`: `entry.seenBy`).
 * - `pageUrls(actor)`: the sample URLs of every HTML page that actor gets drawn (any status in
 *   `entry.status`, e.g. the 404 page), for page-wide checks such as axe and the phone width;
 *   /logout last, since it ends the session.
 * - `DEMO`: the seeded ids the sample URLs use (deterministic: seed/ids.ts).
 */

export type Actor = "visitor" | "applicant" | "member" | "otherMember" | "editor" | "accountant";
export const ACTORS: readonly Actor[] = ["visitor", "applicant", "member", "otherMember", "editor", "accountant"];

/**
 * - public: anyone, signed in or not;
 * - member: an active signed-in member (or editor, or accountant): requireUser; others go to /login?redirectTo=<path>;
 * - editor: requireEditor (the website studio): editors and accountants; visitors and applicants go to /login, members to /mem-account;
 * - accountant: requireAccountant; visitors and applicants go to /login, members and editors to /mem-account;
 * - dev: development builds only, no sign-in (production answers 404);
 * - special: its own rule, said in `rule` (a link that is its own key, the member themself ...).
 */
export type Access = "public" | "member" | "editor" | "accountant" | "dev" | "special";

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
  /** An id of the right shape that no record has. */
  unknown: "ffffffffffffffffffffffff",
} as const;

const GET = ["GET"] as const;
const GET_POST = ["GET", "POST"] as const;
/** A link that is its own key (payment return, reset, payment link): anyone holding it gets the page. */
const ANYONE = ACTORS;

export const ROUTES: Readonly<Record<string, RouteEntry>> = {
  // Public pages
  "_index.tsx": { path: "/", methods: GET, access: "public", html: true },
  "home.tsx": { path: "/home", methods: GET, access: "public", html: true },
  "about.tsx": { path: "/about", methods: GET, access: "public", html: true },
  "school.tsx": { path: "/school", methods: GET, access: "public", html: true },
  "office-bearers.tsx": { path: "/office-bearers", methods: GET, access: "public", html: true },
  "event.tsx": { path: "/event", methods: GET, access: "public", html: true },
  "blog.tsx": { path: "/blog", methods: GET, access: "public", html: true },
  "blog-details.$id.tsx": { path: `/blog-details/${DEMO.news}`, methods: GET, access: "public", html: true },
  "gallery._index.tsx": { path: "/gallery", methods: GET, access: "public", html: true },
  "gallery.$id.tsx": { path: `/gallery/${DEMO.gallery}`, methods: GET, access: "public", html: true },
  "contact.tsx": { path: "/contact", methods: GET_POST, access: "public", html: true },
  "confirmation.tsx": { path: "/confirmation", methods: GET, access: "public", html: true },
  "$.tsx": { path: "/no-such-page", methods: GET, access: "public", html: true, status: 404 },
  "404.tsx": { path: "/404", methods: GET, access: "public", html: true, status: 404 },
  "cookie-consent.tsx": { path: "/cookie-consent", methods: GET_POST, access: "public", html: false, resource: "redirect" },
  "logout.tsx": { path: "/logout", methods: GET_POST, access: "public", html: true },

  // Signing in and up: public, but an active member is sent on to /mem-account
  "login.tsx": { path: "/login", methods: GET_POST, access: "public", html: true },
  "signup.tsx": { path: "/signup", methods: GET_POST, access: "public", html: true },
  "forgot-password.tsx": { path: "/forgot-password", methods: GET_POST, access: "public", html: true },

  // Members (requireUser)
  "mem-account.tsx": { path: "/mem-account", methods: GET_POST, access: "member", html: true },
  "amend-account.tsx": { path: "/amend-account", methods: GET_POST, access: "member", html: true },
  "book-ticket.tsx": { path: "/book-ticket", methods: GET_POST, access: "member", html: true },
  "documents.tsx": { path: "/documents", methods: GET, access: "member", html: true },
  "documents.$id.tsx": { path: `/documents/${DEMO.document}`, methods: GET, access: "member", html: false, resource: "file" },

  // Back office (requireAccountant)
  "accounts.tsx": { path: "/accounts", methods: GET_POST, access: "accountant", html: true },
  "deleted-members.tsx": { path: "/deleted-members", methods: GET_POST, access: "accountant", html: true },
  "accounts_.export[.csv].tsx": { path: "/accounts/export.csv", methods: GET, access: "accountant", html: false, resource: "csv" },
  "accounts_.payments.tsx": { path: "/accounts/payments", methods: GET_POST, access: "accountant", html: true },
  "accounts_.emails.tsx": { path: "/accounts/emails", methods: GET, access: "accountant", html: true },
  "accounts_.activity.tsx": { path: "/accounts/activity", methods: GET, access: "accountant", html: true },
  // The demo has no e-mails: the sample is the not-found page (the outbox tests open real ones).
  "accounts_.emails_.$id.tsx": { path: `/accounts/emails/${DEMO.unknown}`, methods: GET_POST, access: "accountant", html: true, status: 404 },
  "mem-renewals.tsx": { path: "/mem-renewals", methods: GET_POST, access: "accountant", html: true },
  "mem-renewals_.pending[.csv].tsx": { path: "/mem-renewals/pending.csv", methods: GET, access: "accountant", html: false, resource: "csv" },
  "mem-renewals_.renewed[.csv].tsx": { path: "/mem-renewals/renewed.csv", methods: GET, access: "accountant", html: false, resource: "csv" },
  "mem-events-pay.tsx": { path: "/mem-events-pay", methods: GET_POST, access: "accountant", html: true },
  "mem-events-pay_.tickets[.csv].tsx": { path: "/mem-events-pay/tickets.csv", methods: GET, access: "accountant", html: false, resource: "csv" },
  "scan-qr-code.tsx": { path: "/scan-qr-code", methods: GET_POST, access: "accountant", html: true },

  // The website studio (requireEditor)
  "studio.tsx": { path: "/studio", methods: GET, access: "editor", html: true },
  // Studio: news
  "studio_.news.tsx": { path: "/studio/news", methods: GET, access: "editor", html: true },
  "studio_.news_.new.tsx": { path: "/studio/news/new", methods: GET_POST, access: "editor", html: true },
  "studio_.news_.$id.tsx": { path: `/studio/news/${DEMO.news}`, methods: GET_POST, access: "editor", html: true },

  // Development only (production answers 404)
  "dev.mail.tsx": { path: "/dev/mail", methods: GET, access: "dev", html: true },
  "dev.mail_.$id.tsx": { path: `/dev/mail/${DEMO.unknown}`, methods: GET, access: "dev", html: true, status: 404 },

  // Special rules
  "member-details.$id.tsx": {
    path: `/member-details/${DEMO.member}`,
    methods: GET,
    access: "special",
    html: true,
    seenBy: ["member", "accountant"],
    rule: "the member themself and the accountant; anyone else gets 404",
  },
  "payment-reg-fee.$token.tsx": {
    path: `/payment-reg-fee/${DEMO.unknown}`,
    methods: GET_POST,
    access: "special",
    html: true,
    status: 404,
    seenBy: ANYONE,
    rule: "the signed payment link is the key (no sign-in); a bad link gets 404",
  },
  "reset-account-password.$id.$key.tsx": {
    path: `/reset-account-password/${DEMO.member}/not-a-key`,
    methods: GET_POST,
    access: "special",
    html: true,
    status: 404,
    seenBy: ANYONE,
    rule: "the e-mailed reset key is the key (no sign-in); a wrong key gets 404",
  },
  "practice-checkout.$id.tsx": {
    path: `/practice-checkout/${DEMO.unknown}`,
    methods: GET_POST,
    access: "special",
    html: true,
    status: 404,
    seenBy: ANYONE,
    rule: "development only; the unguessable session id is the key, like Stripe's page",
  },
  "payment-success.$id.$memId.tsx": {
    path: `/payment-success/${DEMO.memberRenewal}/${DEMO.member}`,
    methods: GET,
    access: "special",
    html: true,
    seenBy: ANYONE,
    rule: "the card provider's return: settles only a verified paid session; shows no personal data",
  },
  "reg-payment-success.$id.$memId.tsx": {
    path: `/reg-payment-success/${DEMO.memberRegistration}/${DEMO.member}`,
    methods: GET,
    access: "special",
    html: true,
    seenBy: ANYONE,
    rule: "the card provider's return: settles only a verified paid session; shows no personal data",
  },
  "upgrade-pay-success.$id.$memId.tsx": {
    path: `/upgrade-pay-success/${DEMO.memberRenewal}/${DEMO.member}`,
    methods: GET,
    access: "special",
    html: true,
    seenBy: ANYONE,
    rule: "the card provider's return: settles only a verified paid session; shows no personal data",
  },
  "ticket-payment-success.$ticketId.$transactionId.$memId.tsx": {
    path: `/ticket-payment-success/${DEMO.memberTicket}/${DEMO.memberRenewal}/${DEMO.member}`,
    methods: GET,
    access: "special",
    html: true,
    status: 404,
    seenBy: ANYONE,
    rule: "the card provider's return: the transaction must be this ticket's and this member's, else 404",
  },
  "ticket-success.$ticketId.$memId.tsx": {
    path: `/ticket-success/${DEMO.memberTicket}/${DEMO.member}`,
    methods: GET,
    access: "special",
    html: true,
    status: 404,
    seenBy: ANYONE,
    rule: "a free booking's page: only that member's paid free ticket, else 404; shows no personal data",
  },
  "payment-cancel.$id.tsx": {
    path: `/payment-cancel/${DEMO.unknown}`,
    methods: GET,
    access: "special",
    html: true,
    seenBy: ANYONE,
    rule: "the card provider's cancel return: fails only an unpaid pending transaction; shows no personal data",
  },
  "webhooks.stripe.tsx": {
    path: "/webhooks/stripe",
    methods: ["POST"],
    access: "special",
    html: false,
    resource: "webhook",
    rule: "Stripe's signed events only (GET 405); the signature, not a session, is the key",
  },

  // Studio: site settings (requireEditor)
  "studio_.settings.tsx": { path: "/studio/settings", methods: GET_POST, access: "editor", html: true },
  // Studio: home slides, About Us and School (requireEditor)
  "studio_.slides.tsx": { path: "/studio/slides", methods: GET_POST, access: "editor", html: true },
  "studio_.slides_.new.tsx": { path: "/studio/slides/new", methods: GET_POST, access: "editor", html: true },
  "studio_.slides_.$id.tsx": { path: `/studio/slides/${seedId(ID_SPACE.slide, 1)}`, methods: GET_POST, access: "editor", html: true },
  "studio_.about.tsx": { path: "/studio/about", methods: GET_POST, access: "editor", html: true },
  "studio_.school.tsx": { path: "/studio/school", methods: GET_POST, access: "editor", html: true },
  // Studio: galleries and the photo pipeline (/media/* serves uploaded photos to anyone; the demo has none, so its sample is a 404)
  "studio_.galleries._index.tsx": { path: "/studio/galleries", methods: GET_POST, access: "editor", html: true },
  "studio_.galleries.$id.tsx": { path: `/studio/galleries/${DEMO.gallery}`, methods: GET_POST, access: "editor", html: true },
  // The gallery upload with JavaScript, one photo a post (JSON answers); a GET goes to the gallery's page.
  "studio_.galleries.$id_.photos.tsx": {
    path: `/studio/galleries/${DEMO.gallery}/photos`,
    methods: GET_POST,
    access: "editor",
    html: false,
    resource: "redirect",
  },
  "media.$.tsx": { path: "/media/photos/none/350.webp", methods: GET, access: "public", html: false, resource: "file", status: 404 },

  // Studio: event calendar, office bearers and documents (issue 18)
  "studio_.calendar.tsx": { path: "/studio/calendar", methods: GET_POST, access: "editor", html: true },
  "studio_.calendar_.$id.tsx": { path: "/studio/calendar/new", methods: GET_POST, access: "editor", html: true },
  "studio_.office-bearers.tsx": { path: "/studio/office-bearers", methods: GET_POST, access: "editor", html: true },
  "studio_.office-bearers_.$id.tsx": { path: "/studio/office-bearers/new", methods: GET_POST, access: "editor", html: true },
  "studio_.office-bearers_.previous_.$id.tsx": {
    path: `/studio/office-bearers/previous/${seedId(ID_SPACE.team, 1)}`,
    methods: GET_POST,
    access: "editor",
    html: true,
  },
  "studio_.documents.tsx": { path: "/studio/documents", methods: GET_POST, access: "editor", html: true },
  "studio_.documents_.$id.tsx": { path: `/studio/documents/${DEMO.document}`, methods: GET_POST, access: "editor", html: true },

  // Studio: upcoming event (requireEditor)
  "studio_.event.tsx": { path: "/studio/event", methods: GET_POST, access: "editor", html: true },

  // Issue 19, xlsx exports: the Excel twin of each CSV export (requireAccountant)
  "accounts_.export[.xlsx].tsx": { path: "/accounts/export.xlsx", methods: GET, access: "accountant", html: false, resource: "xlsx" },
  "mem-renewals_.pending[.xlsx].tsx": { path: "/mem-renewals/pending.xlsx", methods: GET, access: "accountant", html: false, resource: "xlsx" },
  "mem-renewals_.renewed[.xlsx].tsx": { path: "/mem-renewals/renewed.xlsx", methods: GET, access: "accountant", html: false, resource: "xlsx" },
  "mem-events-pay_.tickets[.xlsx].tsx": { path: "/mem-events-pay/tickets.xlsx", methods: GET, access: "accountant", html: false, resource: "xlsx" },

  // Contact inbox (issue 19). The demo has no messages: the sample message is the not-found page.
  "accounts_.messages.tsx": { path: "/accounts/messages", methods: GET, access: "accountant", html: true },
  "accounts_.messages_.$id.tsx": { path: `/accounts/messages/${DEMO.unknown}`, methods: GET_POST, access: "accountant", html: true, status: 404 },
  // Members' own account: password and e-mail (issue 19)
  "account.password.tsx": { path: "/account/password", methods: GET_POST, access: "member", html: true },
  "account.email.tsx": { path: "/account/email", methods: GET_POST, access: "member", html: true },
  "account.email_.confirm.$token.tsx": {
    path: "/account/email/confirm/not-a-token",
    methods: GET_POST,
    access: "special",
    html: true,
    status: 404,
    seenBy: ANYONE,
    rule: "the signed link e-mailed to the new address is the key (no sign-in: it may be opened on another device); a bad link gets 404",
  },

  // Members' data rights (issue 19, part G): the member's own data (requireUser), any member's for an
  // accountant, and the erase page. Its sample is an unknown member, so no harmless post erases anyone.
  "account.data.tsx": { path: "/account/data", methods: GET, access: "member", html: true },
  "account.data[.json].tsx": { path: "/account/data.json", methods: GET, access: "member", html: false, resource: "file" },
  "accounts_.members_.$id_.data.tsx": { path: `/accounts/members/${DEMO.member}/data`, methods: GET, access: "accountant", html: true },
  "accounts_.members_.$id_.data[.json].tsx": {
    path: `/accounts/members/${DEMO.member}/data.json`,
    methods: GET,
    access: "accountant",
    html: false,
    resource: "file",
  },
  "accounts_.members_.$id_.erase.tsx": { path: `/accounts/members/${DEMO.unknown}/erase`, methods: GET_POST, access: "accountant", html: true, status: 404 },
  // Offline payments and tickets at the desk (issue 19, part O)
  "accounts_.record-payment.$id.tsx": { path: `/accounts/record-payment/${DEMO.otherMember}`, methods: GET_POST, access: "accountant", html: true },
  "accounts_.desk.tsx": { path: "/accounts/desk", methods: GET_POST, access: "accountant", html: true },
  // Refunds (issue 19, part R): the refund page of a paid transaction; the events report's rows (tickets) lead to it.
  "accounts_.transactions.$id.refund.tsx": { path: `/accounts/transactions/${DEMO.memberRenewal}/refund`, methods: GET_POST, access: "accountant", html: true },
  "accounts_.tickets.$ticketId.refund.tsx": {
    path: `/accounts/tickets/${DEMO.unknown}/refund`,
    methods: GET,
    access: "accountant",
    html: false,
    resource: "redirect",
    status: 404,
  },
  // Members & receipts (issue 19: member corrections, rejection, receipts; ADRs 0052, 0053)
  "accounts_.members_.$id_.edit.tsx": { path: `/accounts/members/${DEMO.applicant}/edit`, methods: GET_POST, access: "accountant", html: true },
  "accounts_.members_.$id_.reject.tsx": { path: `/accounts/members/${DEMO.applicant}/reject`, methods: GET_POST, access: "accountant", html: true },
  "account.receipts.$transactionId.tsx": {
    path: `/account/receipts/${DEMO.memberRenewal}`,
    methods: GET,
    access: "special",
    html: true,
    seenBy: ["member", "accountant"],
    rule: "the member the payment is for and the accountant; other members get 404, visitors and applicants go to /login",
  },
};

const ROUTES_DIR = path.resolve(import.meta.dirname, "../../app/routes");

/** The route files in app/routes now (what flatRoutes() sees), sorted. */
export function routeFilesOnDisk(): string[] {
  return readdirSync(ROUTES_DIR)
    .filter((name) => /\.(tsx|ts|jsx|js)$/.test(name))
    .sort();
}

/** Whether the route's access class admits the actor (applicants are not active: they count as visitors). */
export function canSee(entry: RouteEntry, actor: Actor): boolean {
  switch (entry.access) {
    case "public":
    case "dev":
      return true;
    case "member":
      return actor === "member" || actor === "otherMember" || actor === "editor" || actor === "accountant";
    case "editor":
      return actor === "editor" || actor === "accountant";
    case "accountant":
      return actor === "accountant";
    case "special":
      return (entry.seenBy ?? []).includes(actor);
  }
}

/** Pages that send anyone with a session on to /mem-account (signup: even an applicant's; login: an active member's). */
export const SENDS_MEMBERS_ON: Readonly<Record<string, readonly Actor[]>> = {
  "login.tsx": ["member", "otherMember", "editor", "accountant"],
  "signup.tsx": ["applicant", "member", "otherMember", "editor", "accountant"],
};

/**
 * The sample URLs of every HTML page the actor gets drawn, with the status to expect.
 * Pages that send the actor on (SENDS_MEMBERS_ON) are left out. /logout ends the session,
 * so it comes last: visit the list in order with one signed-in browser.
 */
export function pageUrls(actor: Actor): { file: string; path: string; status: number }[] {
  return Object.entries(ROUTES)
    .filter(([file, entry]) => entry.html && canSee(entry, actor) && !SENDS_MEMBERS_ON[file]?.includes(actor))
    .sort(([a], [b]) => Number(a === "logout.tsx") - Number(b === "logout.tsx"))
    .map(([file, entry]) => ({ file, path: entry.path, status: entry.status ?? 200 }));
}
