import { index, route, type RouteConfig } from "@remix-run/route-config";

/**
 * Every URL of the site and the feature route module that answers it. Paths are full
 * (no nesting: no route here renders an <Outlet/>), so each line reads as the URL it serves;
 * order does not matter (the router ranks by specificity). A route's id is
 * "<feature>/<file>" (e.g. "office/members"), not the whole path: every page loads the route
 * manifest, which names each id twice, and the long ids cost every visitor ~130 bytes
 * gzipped. Nothing depends on an id but "root".
 * Routes with `index: true` are index routes: their <Form>s post to `?index`.
 */
const idOf = (file: string) => file.replace(/^features\/([^/]+)\/routes\/(.+)\.tsx?$/, "$1/$2");
const page = (path: string, file: string, options: { index?: boolean } = {}) => route(path, file, { id: idOf(file), ...options });
const home = (file: string) => index(file, { id: idOf(file) });

export default [
  // Site, public: home (also at /home), the association's pages, news, galleries, contact
  home("features/site/routes/home.tsx"),
  page("home", "features/site/routes/home-alias.tsx"),
  page("about", "features/site/routes/about.tsx"),
  page("school", "features/site/routes/school.tsx"),
  page("office-bearers", "features/site/routes/office-bearers.tsx"),
  page("event", "features/site/routes/event-calendar.tsx"),
  page("blog", "features/site/routes/news.tsx"),
  page("blog-details/:id", "features/site/routes/news-item.tsx"),
  page("gallery", "features/site/routes/galleries.tsx", { index: true }),
  page("gallery/:id", "features/site/routes/gallery.tsx"),
  page("contact", "features/site/routes/contact.tsx"),
  page("cookie-consent", "features/site/routes/cookie-consent.tsx"),
  page("media/*", "features/site/routes/media.tsx"),
  page("404", "features/site/routes/not-found.tsx"),
  page("*", "features/site/routes/not-found-splat.tsx"),
  // Site, members: the members' documents and their files
  page("documents", "features/site/routes/documents.tsx"),
  page("documents/:id", "features/site/routes/document-file.tsx"),

  // Sign-in, public: signing in and out, and a forgotten password's e-mailed link
  page("login", "features/sign-in/routes/login.tsx"),
  page("login/code", "features/sign-in/routes/login-code.tsx"),
  page("login/code/:id/:token", "features/sign-in/routes/login-code-link.tsx"),
  page("logout", "features/sign-in/routes/logout.tsx"),
  page("forgot-password", "features/sign-in/routes/forgot-password.tsx"),
  page("reset-account-password/:id/:key", "features/sign-in/routes/reset-password.tsx"),

  // Membership, public: signing up
  page("signup", "features/membership/routes/signup.tsx"),
  page("confirmation", "features/membership/routes/signup-confirmation.tsx"),
  // Membership, members: My Account, its details, password, e-mail and receipts, the application sheet
  page("mem-account", "features/membership/routes/my-account.tsx"),
  page("amend-account", "features/membership/routes/amend-account.tsx"),
  page("account/password", "features/membership/routes/change-password.tsx"),
  page("account/email", "features/membership/routes/change-email.tsx"),
  page("account/email/confirm/:token", "features/membership/routes/confirm-email-change.tsx"),
  page("account/receipts/:transactionId", "features/membership/routes/receipt.tsx"),
  page("member-details/:id", "features/membership/routes/application-sheet.tsx"),

  // Tickets, members: booking, and the pages a booking ends on
  page("book-ticket/:eventId?", "features/tickets/routes/book-ticket.tsx"),
  page("ticket-success/:ticketId/:memId", "features/tickets/routes/ticket-success.tsx"),
  page("ticket-payment-success/:ticketId/:transactionId/:memId", "features/tickets/routes/ticket-payment-success.tsx"),

  // Payments, anyone holding the link: payment links, the card provider's returns, Stripe's webhook
  page("payment-reg-fee/:token", "features/payments/routes/registration-fee.tsx"),
  page("practice-checkout/:id", "features/payments/routes/practice-checkout.tsx"),
  page("payment-success/:id/:memId", "features/payments/routes/renewal-payment-success.tsx"),
  page("reg-payment-success/:id/:memId", "features/payments/routes/registration-payment-success.tsx"),
  page("upgrade-pay-success/:id/:memId", "features/payments/routes/upgrade-payment-success.tsx"),
  page("payment-cancel/:id", "features/payments/routes/payment-cancel.tsx"),
  page("webhooks/stripe", "features/payments/routes/stripe-webhook.tsx"),
  // Payments, accountants: pending payments, offline payments and refunds
  page("accounts/payments", "features/payments/routes/pending-payments.tsx"),
  page("accounts/record-payment/:id", "features/payments/routes/record-payment.tsx"),
  page("accounts/transactions/:id/refund", "features/payments/routes/refund.tsx"),
  page("accounts/tickets/:ticketId/refund", "features/payments/routes/ticket-refund.tsx"),
  // A receipt sent again from the member page (docs/requirements.md §4.11): POST only, back with a toast
  page("accounts/transactions/:id/resend-receipt", "features/payments/routes/resend-receipt.tsx"),

  // Data rights: a member's own data, and an accountant's view and erasure of a member's
  page("account/data", "features/data-rights/routes/my-data.tsx"),
  page("account/data.json", "features/data-rights/routes/my-data-json.tsx"),
  page("account/data.html", "features/data-rights/routes/my-data-html.tsx"),
  page("accounts/members/:id/data", "features/data-rights/routes/member-data.tsx"),
  page("accounts/members/:id/data.json", "features/data-rights/routes/member-data-json.tsx"),
  page("accounts/members/:id/data.html", "features/data-rights/routes/member-data-html.tsx"),
  page("accounts/members/:id/erase", "features/data-rights/routes/member-erase.tsx"),

  // Gift Aid declarations (docs/requirements.md §14): a member's own (give, cancel), an accountant's paper declaration for a member
  page("account/gift-aid", "features/gift-aid/routes/my-declaration.tsx"),
  page("accounts/members/:id/gift-aid", "features/gift-aid/routes/paper-declaration.tsx"),

  // Office, accountants: members and their records, reports and exports, the outbox, the inbox, the activity log
  page("accounts", "features/office/routes/members.tsx"),
  page("accounts/export.csv", "features/office/routes/members-export-csv.tsx"),
  page("accounts/export.xlsx", "features/office/routes/members-export-xlsx.tsx"),
  page("accounts/members/:id/edit", "features/office/routes/member-edit.tsx"),
  page("accounts/members/:id/reject", "features/office/routes/member-reject.tsx"),
  page("accounts/members/:id", "features/office/routes/member.tsx"),
  page("deleted-members", "features/office/routes/deleted-members.tsx"),
  page("mem-renewals", "features/office/routes/renewals-report.tsx"),
  page("mem-renewals/pending.csv", "features/office/routes/renewals-pending-csv.tsx"),
  page("mem-renewals/pending.xlsx", "features/office/routes/renewals-pending-xlsx.tsx"),
  page("mem-renewals/renewed.csv", "features/office/routes/renewals-renewed-csv.tsx"),
  page("mem-renewals/renewed.xlsx", "features/office/routes/renewals-renewed-xlsx.tsx"),
  page("mem-events-pay", "features/office/routes/event-payments-report.tsx"),
  page("mem-events-pay/tickets.csv", "features/office/routes/event-payments-tickets-csv.tsx"),
  page("mem-events-pay/tickets.xlsx", "features/office/routes/event-payments-tickets-xlsx.tsx"),
  page("accounts/emails", "features/office/routes/emails.tsx"),
  page("accounts/emails/:id", "features/office/routes/email.tsx"),
  page("accounts/messages", "features/office/routes/messages.tsx"),
  page("accounts/messages/:id", "features/office/routes/message.tsx"),
  page("accounts/activity", "features/office/routes/activity-log.tsx"),

  // Gift Aid, accountants (docs/requirements.md §14): the claim, its schedule, past claims, the settings, a declaration's correction
  page("accounts/gift-aid", "features/gift-aid/routes/claim.tsx"),
  page("accounts/gift-aid/schedule.ods", "features/gift-aid/routes/schedule-ods.tsx"),
  page("accounts/gift-aid/schedule.xlsx", "features/gift-aid/routes/schedule-xlsx.tsx"),
  page("accounts/gift-aid/claims/:id", "features/gift-aid/routes/past-claim.tsx"),
  page("accounts/gift-aid/claims/:id/schedule.ods", "features/gift-aid/routes/claim-schedule-ods.tsx"),
  page("accounts/gift-aid/claims/:id/schedule.xlsx", "features/gift-aid/routes/claim-schedule-xlsx.tsx"),
  page("accounts/gift-aid/settings", "features/gift-aid/routes/settings.tsx"),
  page("accounts/gift-aid/declarations/:id", "features/gift-aid/routes/declaration.tsx"),

  // Door, accountants: the QR scanner and the ticket desk
  page("scan-qr-code", "features/door/routes/scanner.tsx"),
  page("accounts/desk", "features/door/routes/ticket-desk.tsx"),

  // Studio, editors (and accountants): the website's content
  page("studio", "features/studio/routes/studio-index.tsx"),
  page("studio/settings", "features/studio/routes/settings.tsx"),
  page("studio/event", "features/studio/routes/upcoming-event.tsx"),
  page("studio/events", "features/studio/routes/events.tsx"),
  page("studio/events/new", "features/studio/routes/event-new.tsx"),
  page("studio/events/:id", "features/studio/routes/event.tsx"),
  page("studio/news", "features/studio/routes/news.tsx"),
  page("studio/news/new", "features/studio/routes/news-new.tsx"),
  page("studio/news/:id", "features/studio/routes/news-item.tsx"),
  page("studio/slides", "features/studio/routes/slides.tsx"),
  page("studio/slides/new", "features/studio/routes/slide-new.tsx"),
  page("studio/slides/:id", "features/studio/routes/slide.tsx"),
  page("studio/about", "features/studio/routes/about-page.tsx"),
  page("studio/school", "features/studio/routes/school-page.tsx"),
  page("studio/galleries", "features/studio/routes/galleries.tsx", { index: true }),
  page("studio/galleries/:id", "features/studio/routes/gallery.tsx"),
  page("studio/galleries/:id/photos", "features/studio/routes/gallery-photos-upload.tsx"),
  page("studio/calendar", "features/studio/routes/calendar.tsx"),
  page("studio/calendar/:id", "features/studio/routes/calendar-entry.tsx"),
  page("studio/office-bearers", "features/studio/routes/office-bearers.tsx"),
  page("studio/office-bearers/:id", "features/studio/routes/office-bearer.tsx"),
  page("studio/office-bearers/previous/:id", "features/studio/routes/previous-team.tsx"),
  page("studio/documents", "features/studio/routes/documents.tsx"),
  page("studio/documents/:id", "features/studio/routes/document.tsx"),
  page("studio/preview/:kind/:id?", "features/studio/routes/preview.tsx"),

  // Mailings, editors (and accountants): e-mails to members, their preview and their report
  page("studio/mailings", "features/mailings/routes/studio-mailings.tsx"),
  page("studio/mailings/new", "features/mailings/routes/studio-mailing-new.tsx"),
  page("studio/mailings/:id", "features/mailings/routes/studio-mailing.tsx"),
  page("studio/mailings/:id/preview", "features/mailings/routes/studio-mailing-preview.tsx"),
  page("studio/mailings/:id/report", "features/mailings/routes/studio-mailing-report.tsx"),

  // Two-step verification: a member's own set-up, the second step of a sign-in, the accountants' setting and reset
  page("account/security/two-step", "features/two-step/routes/set-up.tsx"),
  page("login/two-step", "features/two-step/routes/second-step.tsx"),
  page("accounts/security", "features/two-step/routes/staff-setting.tsx"),
  page("accounts/members/:id/two-step", "features/two-step/routes/member-reset.tsx"),

  // Mailings: one-click unsubscribe (anyone holding the link), Resend's webhook, the accountants' bad addresses (docs/requirements.md §13)
  page("unsubscribe/:token", "features/mailings/routes/unsubscribe.tsx"),
  page("webhooks/resend", "features/mailings/routes/resend-webhook.tsx"),
  page("accounts/bad-addresses", "features/mailings/routes/bad-addresses.tsx"),

  // Mail, development only (production answers 404): the outbox
  page("dev/mail", "features/mail/routes/dev-outbox.tsx"),
  page("dev/mail/:id", "features/mail/routes/dev-outbox-email.tsx"),

  // Donations (docs/requirements.md §14): the public form and the pages its checkout ends on; the accountants' report and its downloads
  page("donate", "features/donations/routes/donate.tsx"),
  page("donate/thanks/:transactionId", "features/donations/routes/donate-thanks.tsx"),
  page("donate/cancelled/:transactionId", "features/donations/routes/donate-cancelled.tsx"),
  page("accounts/donations", "features/donations/routes/donations-report.tsx"),
  page("accounts/donations.csv", "features/donations/routes/donations-csv.tsx"),
  page("accounts/donations.xlsx", "features/donations/routes/donations-xlsx.tsx"),

  // Account security, any signed-in member: signed-in devices (ADR 70)
  page("account/security", "features/account-security/routes/account-security.tsx"),
] satisfies RouteConfig;
