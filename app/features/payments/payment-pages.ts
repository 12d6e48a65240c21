/** The texts of the payment return pages (docs/requirements.md §4.4). */

/** What a payment is for: each has its own return route. */
export type PaymentPurpose = "registration" | "renewal" | "upgrade" | "ticket";

/** Both ticket success pages (/ticket-payment-success and the free /ticket-success). */
export const TICKET_SUCCESS_MESSAGE = "You can see the ticket in My Tickets page.";

export const PAYMENT_SUCCESS_TITLE = "Payment Success";
export const PAYMENT_FAILED_TITLE = "Payment Failed";

export const SUCCESS_MESSAGES: Record<PaymentPurpose, string> = {
  registration: "Thank you for the payment. Your account is enabled. Use your email and password to login...",
  renewal: "Thank you for the payment. You can see your payment history in My Account.",
  upgrade: "You have successfully added your family.",
  ticket: TICKET_SUCCESS_MESSAGE,
};

export const CANCEL_MESSAGE = "Your payment is failed or canceled... You can see your payment history in My Account. Please contact us if you need any help.";

export const NOT_CONFIRMED_TITLE = "Payment not confirmed yet";
export const NOT_CONFIRMED_MESSAGE =
  "We have not received the card provider's confirmation of this payment, so nothing has changed yet. If you paid, it will show in My Account shortly. If you did not, you can pay from My Account.";
export const UNAVAILABLE_MESSAGE =
  "We could not check this payment with the card provider just now. Nothing is lost: if you paid, it will show in My Account shortly.";
export const PAYMENT_NOT_FOUND_TITLE = "Payment not found";
export const PAYMENT_NOT_FOUND_MESSAGE = "We could not find this payment. Please check My Account for your payment history.";

/** /payment-reg-fee (docs/requirements.md §4.3). */
export const ALREADY_PAID_REGISTRATION = "You have already paid the registration fees.";
export { ACCOUNT_NOT_FOUND } from "../membership";
