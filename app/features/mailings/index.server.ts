/**
 * The mailings feature's public entry for its server code (ADR 58): the sending core
 * (docs/requirements.md §13, ADR 73) that the studio's screens, the cron and the queue use.
 */
export {
  audienceRecipients,
  mailingReport,
  reachableCount,
  resendFailed,
  runDueMailings,
  sendMailingTest,
  startMailing,
  type StartResult,
} from "./sending/send.server";
export { renderMailingCopy } from "./sending/render.server";
export { consumeMailingQueue } from "./sending/consumer.server";
export { firstNameOf } from "./audiences/audience-rule";
// STUB until merge: H3's unsubscribe module provides these two.
export { listUnsubscribeHeaders, unsubscribeUrl } from "./unsubscribe/token.server";
