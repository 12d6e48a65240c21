/**
 * The mailings feature's public entry for its server code (ADR 58, docs/requirements.md §13):
 * what other features and the kernels may use of it.
 */
// Consent, one-click unsubscribe, bounces and complaints
export { changeNewsletterChoice, recordNewsletterChoice } from "./consent/consent.server";
export { unsubscribeUrl } from "./unsubscribe/unsubscribe-token.server";
export { listUnsubscribeHeaders } from "./unsubscribe/unsubscribe";
export { deleteOldWebhookReceipts } from "./webhook/receipts.server";
export { collectMailData, eraseMailData } from "./consent/mail-data.server";
export { clearBadAddressAfterChange } from "./consent/bad-addresses.server";
