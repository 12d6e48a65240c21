/**
 * The registration payment link (docs/requirements.md §6.4; ADR 15):
 * a signed token that names the member and expires, so the link works without signing in
 * but cannot be guessed, altered or used for ever.
 */

/** The token's purpose: a payment-link token is refused anywhere else (QR tickets ...). */
export const PAYMENT_LINK_PURPOSE = "payment-link";

/** How long a payment link works. The e-mail asks for payment within 14 days; the link outlasts that a little. */
export const PAYMENT_LINK_LIFETIME_DAYS = 30;
export const PAYMENT_LINK_LIFETIME_SECONDS = PAYMENT_LINK_LIFETIME_DAYS * 24 * 60 * 60;

/** docs/requirements.md §6.4: pay "within 14 days ... or the application is cancelled". */
export const PAYMENT_DEADLINE_DAYS = 14;

export const PAYMENT_LINK_SUBJECT = "Your membership application is approved";

/** Why a payment link is not sent (the accountant sees it as the error toast). */
export const ALREADY_PAID_MESSAGE = "This member has already paid the registration fee: no payment link was sent.";
export const DELETED_MEMBER_MESSAGE = "This member is deleted: no payment link was sent.";

/** When a link made at `nowSeconds` (may have a fraction) expires: whole seconds. */
export function paymentLinkExpiry(nowSeconds: number): number {
  return Math.floor(nowSeconds) + PAYMENT_LINK_LIFETIME_SECONDS;
}

/** The path of the page the link opens; the token is base64url, so it needs no escaping. */
export function paymentLinkPath(token: string): string {
  return `/payment-reg-fee/${token}`;
}
