/**
 * The payments feature's public entry for its pure rules and types: what other features and the kernels may
 * use of it (ADR 58). Anything not exported from index.ts, components.ts or index.server.ts is the
 * feature's own; lint refuses a reach past them.
 */
export { reusableTicket } from "./checkout-reuse";
export type { CheckoutLineItem } from "./checkout/gateway";
export { renewalCharge, upgradeCharge } from "./fees";
export type { MemberSettlement } from "./fees";
export { memberSettlementApplied, memberSettlementPatch } from "./member-settlement";
export { NO_UNDO_NOTE, methodLabel, paymentReference } from "./offline-payment";
export { PAYMENT_SUCCESS_TITLE, TICKET_SUCCESS_MESSAGE } from "./payment-pages";
export { paidDay, receiptPath, receiptRows } from "./receipt";
// A receipt sent again from the member page (docs/requirements.md §4.11): the path its button posts to, with a hidden redirectTo.
export { resendReceiptPath } from "./resend-receipt";
export { REFUNDED_TICKET, refundPath, refundedLabel, remainingToRefund, totalWithRefunds } from "./refunds";
export type { MembershipDecision, NewRefund, Refund } from "./refunds";
