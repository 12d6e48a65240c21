/**
 * The payments feature's public entry for its server code: what other features and the kernels may
 * use of it (ADR 58). Anything not exported from index.ts, components.ts or index.server.ts is the
 * feature's own; lint refuses a reach past them.
 */
export { expireOldCheckouts } from "./expire-checkouts.server";
export { limitPaymentStart, startMemberCheckout } from "./member-checkout.server";
export type { MemberCheckoutResult } from "./member-checkout.server";
export { settleOfflinePayment } from "./offline-payment.server";
export { sendPaymentLink } from "./payment-link.server";
export { loadPaymentReturn, paymentReturnHeaders } from "./payment-return.server";
export { startCheckout, startTransactionCheckout } from "./payments.server";
export { loadReceipt } from "./receipt.server";
export { failFromCancel, markTicketPaid, settleFromReturn } from "./settlement.server";
export type { SettlementOutcome } from "./settlement.server";
