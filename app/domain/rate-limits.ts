/**
 * Every abuse limit of the site, in one table (ARCHITECTURE.md point 9): what is
 * counted, per what, and over how long. The counters live in D1
 * (app/services/rate-limit.server.ts); the services name the row they apply.
 */

export interface RateRule {
  /** Names the counter together with the subject, e.g. "contact:ip". */
  name: string;
  limit: number;
  windowSeconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** Sign-in attempts: per e-mail against guessing one member's password, per address against trying many e-mails. */
export const LOGIN_RATE_RULES = {
  perEmail: { name: "login:email", limit: 10, windowSeconds: 15 * MINUTE },
  perIp: { name: "login:ip", limit: 30, windowSeconds: HOUR },
} as const satisfies Record<string, RateRule>;

/**
 * Forgot password: 'Email not found!' tells anyone whether an address belongs to a
 * member (the spec asks for it), so harvesting addresses is kept slow.
 */
export const FORGOT_RATE_RULES = {
  perEmail: { name: "forgot:email", limit: 5, windowSeconds: HOUR },
  perIp: { name: "forgot:ip", limit: 20, windowSeconds: HOUR },
} as const satisfies Record<string, RateRule>;

/** The Quick Contact Form: generous for people (a family on one connection), tight for scripts. */
export const CONTACT_RATE_RULES = {
  perEmail: { name: "contact:email", limit: 5, windowSeconds: 10 * MINUTE },
  perIp: { name: "contact:ip", limit: 20, windowSeconds: HOUR },
} as const satisfies Record<string, RateRule>;

/** Sign-ups per address. */
export const SIGNUP_RATE_RULE = { name: "signup:ip", limit: 5, windowSeconds: HOUR } as const satisfies RateRule;

/** The payment link's PAY: each makes a transaction and a checkout session, so a few retries are plenty. */
export const PAY_RATE_RULES = {
  member: { name: "registration-pay:member", limit: 10, windowSeconds: HOUR },
  ip: { name: "registration-pay:ip", limit: 30, windowSeconds: HOUR },
} as const satisfies Record<string, RateRule>;

/** The renewal reminder e-mails: one run per accountant every ten minutes. */
export const REMINDER_RATE_RULE = { name: "renewal-reminder:accountant", limit: 1, windowSeconds: 10 * MINUTE } as const satisfies RateRule;

/**
 * Starting a member's own payment: renewal (/mem-account), the Family upgrade
 * (/amend-account) and a ticket booking (/book-ticket). An open checkout for the same
 * thing is reused, so honest retries cost nothing; each post still asks the provider, so
 * it is counted like the payment link's PAY, per member and per address (a hall full of
 * members booking on one Wi-Fi stays well inside the address's allowance).
 */
export const PAYMENT_START_RATE_RULES = {
  member: { name: "payment-start:member", limit: 10, windowSeconds: HOUR },
  ip: { name: "payment-start:ip", limit: 60, windowSeconds: HOUR },
} as const satisfies Record<string, RateRule>;
