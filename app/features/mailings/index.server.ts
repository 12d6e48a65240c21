/**
 * The mailings feature's public entry for its server code (ADR 58): the sending core
 * (docs/requirements.md §13, ADR 73) that the studio's screens, the cron and the queue use, and
 * consent, one-click unsubscribe, bounces and complaints.
 */
export {
  audienceRecipients,
  mailingReport,
  reachableCount,
  resendFailed,
  runDueMailings,
  sendingNotConfigured,
  sendMailingTest,
  startMailing,
  type StartResult,
} from "./sending/send.server";
export { renderMailingCopy } from "./sending/render.server";
export { consumeMailingQueue } from "./sending/consumer.server";
export { firstNameOf } from "./audiences/audience-rule";
// Consent, one-click unsubscribe, bounces and complaints
export { changeNewsletterChoice, recordNewsletterChoice, restartNotices } from "./consent/consent.server";
export { mailChoicesSchema, newsletterChoiceSchema } from "./consent/mail-choices-schema";
export { unsubscribeUrl } from "./unsubscribe/unsubscribe-token.server";
export { listUnsubscribeHeaders } from "./unsubscribe/unsubscribe";
export { deleteOldWebhookReceipts } from "./webhook/receipts.server";
export { collectMailData, eraseMailData } from "./consent/mail-data.server";
export { clearBadAddressAfterChange } from "./consent/bad-addresses.server";
