/**
 * The mailings feature's public entry for its pure rules and types: what other features and the
 * kernels may use of it (ADR 58, docs/requirements.md §13). Anything not exported from index.ts,
 * components.ts or index.server.ts is the feature's own; lint refuses a reach past them.
 */
export { byMemberId, firstNameOf, memberInAudience, recipientOf, type MemberAudience } from "./audiences/audience-rule";
// Consent, one-click unsubscribe
export {
  NEWSLETTER_FIELD,
  NEWSLETTER_HINT,
  NEWSLETTER_LABEL,
  newsletterBoxTicked,
  newsletterChoiceLabel,
  noticesStopped,
  noticesStoppedLabel,
  RESTART_NOTICES_FIELD,
} from "./consent/consent";
export { listUnsubscribeHeaders } from "./unsubscribe/unsubscribe";
export { NO_MAIL_DATA, type MailData } from "./consent/mail-data";
