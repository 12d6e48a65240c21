import { index, route, type RouteConfig } from "@remix-run/route-config";

/**
 * Every URL of the site and the feature route module that answers it. Paths are full
 * (no nesting: no route here renders an <Outlet/>), so each line reads as the URL it serves;
 * order does not matter (the router ranks by specificity). A route's id is its file without
 * the extension (e.g. "features/office/routes/members"); nothing depends on one but "root".
 * Routes with `index: true` are index routes: their <Form>s post to `?index`.
 */
export default [
  // Site, public: home (also at /home), the association's pages, news, galleries, contact
  index("features/site/routes/home.tsx"),
  route("home", "features/site/routes/home-alias.tsx"),
  route("about", "features/site/routes/about.tsx"),
  route("school", "features/site/routes/school.tsx"),
  route("office-bearers", "features/site/routes/office-bearers.tsx"),
  route("event", "features/site/routes/event-calendar.tsx"),
  route("blog", "features/site/routes/news.tsx"),
  route("blog-details/:id", "features/site/routes/news-item.tsx"),
  route("gallery", "features/site/routes/galleries.tsx", { index: true }),
  route("gallery/:id", "features/site/routes/gallery.tsx"),
  route("contact", "features/site/routes/contact.tsx"),
  route("cookie-consent", "features/site/routes/cookie-consent.tsx"),
  route("media/*", "features/site/routes/media.tsx"),
  route("404", "features/site/routes/not-found.tsx"),
  route("*", "features/site/routes/not-found-splat.tsx"),
  // Site, members: the members' documents and their files
  route("documents", "features/site/routes/documents.tsx"),
  route("documents/:id", "features/site/routes/document-file.tsx"),

  // Sign-in, public: signing in and out, and a forgotten password's e-mailed link
  route("login", "features/sign-in/routes/login.tsx"),
  route("logout", "features/sign-in/routes/logout.tsx"),
  route("forgot-password", "features/sign-in/routes/forgot-password.tsx"),
  route("reset-account-password/:id/:key", "features/sign-in/routes/reset-password.tsx"),

  // Membership, public: signing up
  route("signup", "features/membership/routes/signup.tsx"),
  route("confirmation", "features/membership/routes/signup-confirmation.tsx"),
  // Membership, members: My Account, its details, password, e-mail and receipts, the application sheet
  route("mem-account", "features/membership/routes/my-account.tsx"),
  route("amend-account", "features/membership/routes/amend-account.tsx"),
  route("account/password", "features/membership/routes/change-password.tsx"),
  route("account/email", "features/membership/routes/change-email.tsx"),
  route("account/email/confirm/:token", "features/membership/routes/confirm-email-change.tsx"),
  route("account/receipts/:transactionId", "features/membership/routes/receipt.tsx"),
  route("member-details/:id", "features/membership/routes/application-sheet.tsx"),

  // Tickets, members: booking, and the pages a booking ends on
  route("book-ticket", "features/tickets/routes/book-ticket.tsx"),
  route("ticket-success/:ticketId/:memId", "features/tickets/routes/ticket-success.tsx"),
  route("ticket-payment-success/:ticketId/:transactionId/:memId", "features/tickets/routes/ticket-payment-success.tsx"),

  // Payments, anyone holding the link: payment links, the card provider's returns, Stripe's webhook
  route("payment-reg-fee/:token", "features/payments/routes/registration-fee.tsx"),
  route("practice-checkout/:id", "features/payments/routes/practice-checkout.tsx"),
  route("payment-success/:id/:memId", "features/payments/routes/renewal-payment-success.tsx"),
  route("reg-payment-success/:id/:memId", "features/payments/routes/registration-payment-success.tsx"),
  route("upgrade-pay-success/:id/:memId", "features/payments/routes/upgrade-payment-success.tsx"),
  route("payment-cancel/:id", "features/payments/routes/payment-cancel.tsx"),
  route("webhooks/stripe", "features/payments/routes/stripe-webhook.tsx"),
  // Payments, accountants: pending payments, offline payments and refunds
  route("accounts/payments", "features/payments/routes/pending-payments.tsx"),
  route("accounts/record-payment/:id", "features/payments/routes/record-payment.tsx"),
  route("accounts/transactions/:id/refund", "features/payments/routes/refund.tsx"),
  route("accounts/tickets/:ticketId/refund", "features/payments/routes/ticket-refund.tsx"),

  // Data rights: a member's own data, and an accountant's view and erasure of a member's
  route("account/data", "features/data-rights/routes/my-data.tsx"),
  route("account/data.json", "features/data-rights/routes/my-data-json.tsx"),
  route("accounts/members/:id/data", "features/data-rights/routes/member-data.tsx"),
  route("accounts/members/:id/data.json", "features/data-rights/routes/member-data-json.tsx"),
  route("accounts/members/:id/erase", "features/data-rights/routes/member-erase.tsx"),

  // Office, accountants: members and their records, reports and exports, the outbox, the inbox, the activity log
  route("accounts", "features/office/routes/members.tsx"),
  route("accounts/export.csv", "features/office/routes/members-export-csv.tsx"),
  route("accounts/export.xlsx", "features/office/routes/members-export-xlsx.tsx"),
  route("accounts/members/:id/edit", "features/office/routes/member-edit.tsx"),
  route("accounts/members/:id/reject", "features/office/routes/member-reject.tsx"),
  route("deleted-members", "features/office/routes/deleted-members.tsx"),
  route("mem-renewals", "features/office/routes/renewals-report.tsx"),
  route("mem-renewals/pending.csv", "features/office/routes/renewals-pending-csv.tsx"),
  route("mem-renewals/pending.xlsx", "features/office/routes/renewals-pending-xlsx.tsx"),
  route("mem-renewals/renewed.csv", "features/office/routes/renewals-renewed-csv.tsx"),
  route("mem-renewals/renewed.xlsx", "features/office/routes/renewals-renewed-xlsx.tsx"),
  route("mem-events-pay", "features/office/routes/event-payments-report.tsx"),
  route("mem-events-pay/tickets.csv", "features/office/routes/event-payments-tickets-csv.tsx"),
  route("mem-events-pay/tickets.xlsx", "features/office/routes/event-payments-tickets-xlsx.tsx"),
  route("accounts/emails", "features/office/routes/emails.tsx"),
  route("accounts/emails/:id", "features/office/routes/email.tsx"),
  route("accounts/messages", "features/office/routes/messages.tsx"),
  route("accounts/messages/:id", "features/office/routes/message.tsx"),
  route("accounts/activity", "features/office/routes/activity-log.tsx"),

  // Door, accountants: the QR scanner and the ticket desk
  route("scan-qr-code", "features/door/routes/scanner.tsx"),
  route("accounts/desk", "features/door/routes/ticket-desk.tsx"),

  // Studio, editors (and accountants): the website's content
  route("studio", "features/studio/routes/studio-index.tsx"),
  route("studio/settings", "features/studio/routes/settings.tsx"),
  route("studio/event", "features/studio/routes/upcoming-event.tsx"),
  route("studio/news", "features/studio/routes/news.tsx"),
  route("studio/news/new", "features/studio/routes/news-new.tsx"),
  route("studio/news/:id", "features/studio/routes/news-item.tsx"),
  route("studio/slides", "features/studio/routes/slides.tsx"),
  route("studio/slides/new", "features/studio/routes/slide-new.tsx"),
  route("studio/slides/:id", "features/studio/routes/slide.tsx"),
  route("studio/about", "features/studio/routes/about-page.tsx"),
  route("studio/school", "features/studio/routes/school-page.tsx"),
  route("studio/galleries", "features/studio/routes/galleries.tsx", { index: true }),
  route("studio/galleries/:id", "features/studio/routes/gallery.tsx"),
  route("studio/galleries/:id/photos", "features/studio/routes/gallery-photos-upload.tsx"),
  route("studio/calendar", "features/studio/routes/calendar.tsx"),
  route("studio/calendar/:id", "features/studio/routes/calendar-entry.tsx"),
  route("studio/office-bearers", "features/studio/routes/office-bearers.tsx"),
  route("studio/office-bearers/:id", "features/studio/routes/office-bearer.tsx"),
  route("studio/office-bearers/previous/:id", "features/studio/routes/previous-team.tsx"),
  route("studio/documents", "features/studio/routes/documents.tsx"),
  route("studio/documents/:id", "features/studio/routes/document.tsx"),

  // Mail, development only (production answers 404): the outbox
  route("dev/mail", "features/mail/routes/dev-outbox.tsx"),
  route("dev/mail/:id", "features/mail/routes/dev-outbox-email.tsx"),
] satisfies RouteConfig;
