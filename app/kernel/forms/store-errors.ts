/**
 * What a member or visitor reads when our records (the store: Cockpit, or D1) cannot be
 * reached: the form they sent is shown again with what they typed (never a password).
 */
export const STORE_UNAVAILABLE_MESSAGE = "We could not reach our records just now, so nothing was saved. Please try again in a few minutes.";

/** Signing in only reads: saying "nothing was saved" would puzzle; never "wrong password" either. */
export const STORE_UNAVAILABLE_SIGN_IN_MESSAGE = "We could not reach our records just now, so we could not sign you in. Please try again in a few minutes.";
