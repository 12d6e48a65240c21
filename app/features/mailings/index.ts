/**
 * The mailings feature's public entry for its pure rules and types (ADR 58, docs/requirements.md §13).
 */
// Consent, one-click unsubscribe
export { NEWSLETTER_FIELD, NEWSLETTER_HINT, NEWSLETTER_LABEL, newsletterBoxTicked, newsletterChoiceLabel } from "./consent/consent";
export { listUnsubscribeHeaders } from "./unsubscribe/unsubscribe";
export { NO_MAIL_DATA, type MailData } from "./consent/mail-data";
