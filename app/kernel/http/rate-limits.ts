/**
 * Every abuse limit of the site, in one table (docs/requirements.md §11.1): what is
 * counted, per what, and over how long. Two kinds: RateRule (at most N per window) and,
 * for sign-in, FailureRule (failures only, with a wait that grows: app/kernel/http/growing-delay.ts). The counters live in D1
 * (app/kernel/http/rate-limit.server.ts); the services name the row they apply.
 */

import { normaliseEmail } from "../values/email-address";
import type { FailureRule } from "./growing-delay";

export type { FailureRule };

/** A plain fixed-window limit: at most `limit` counted requests per window. */
export interface RateRule {
  /** Names the counter together with the subject, e.g. "contact:ip". */
  name: string;
  limit: number;
  windowSeconds: number;
}

/** One counter a request is counted on: a rule and what it counts. An empty subject counts nothing. */
export interface RateCheck {
  rule: RateRule;
  subject: string;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Sign-in (docs/requirements.md §11.2, docs/decisions/0025). Only FAILED attempts count: a right
 * password is taken back off every counter, so successes never use up anything (a venue's
 * 200 members behind one address all sign in). Each failure past the free ones doubles
 * the wait before the next attempt is heard (a growing delay, never a hard lockout), and
 * an attempt refused by any counter is counted on none.
 *
 * Which counters apply depends on the browser:
 * - a browser that has signed in to this account before (a valid, signed device cookie
 *   naming the member) answers to `device` only: failures made in that browser. Nobody
 *   else can fill it, so nobody can stop a member signing in from their own browser;
 * - any other browser answers to `pair`, `address` and `email`: the per-e-mail counter
 *   bounds guessing one member's password from many addresses, the per-address one
 *   guessing many members' from one address.
 */
export const SIGN_IN_FAILURE_RULES = {
  /** One person's typos at one address: a few free, then 30 s doubling to 15 minutes. */
  pair: { name: "login:pair", freeFailures: 5, firstDelaySeconds: 30, maxDelaySeconds: 15 * MINUTE, windowSeconds: DAY },
  /** Many e-mails tried from one address: generous (a venue shares one), then 10 s doubling to 15 minutes. */
  address: { name: "login:ip", freeFailures: 50, firstDelaySeconds: 10, maxDelaySeconds: 15 * MINUTE, windowSeconds: HOUR },
  /** One e-mail tried from browsers it never signed in from, from any address: 1 minute doubling to an hour. */
  email: { name: "login:email", freeFailures: 10, firstDelaySeconds: MINUTE, maxDelaySeconds: HOUR, windowSeconds: DAY },
  /** Failures in a browser that signed in to this account before (per device cookie and member). */
  device: { name: "login:device", freeFailures: 10, firstDelaySeconds: 30, maxDelaySeconds: HOUR, windowSeconds: DAY },
} as const satisfies Record<string, FailureRule>;

/**
 * The second step of a sign-in (docs/decisions/0071): wrong app or recovery codes, counted like
 * wrong passwords (growing delays, a right code forgiven) on a counter of their own, per member
 * and from every browser. Unlike passwords, a known browser gets no counter of its own: the
 * device cookie is given for the password alone, so whoever has the password could get a fresh
 * "known" browser, and its free failures, at will. A six-digit code matches 3 guesses in a
 * million (now's step and one either side): 10 free failures, then waits doubling from 30 s to
 * an hour, allow a few dozen guesses a day, so a million are far out of reach. The price: who
 * has the password can make the owner wait (and should be stopped by changing it).
 */
export const SECOND_STEP_FAILURE_RULES = {
  member: { name: "two-step:member", freeFailures: 10, firstDelaySeconds: 30, maxDelaySeconds: HOUR, windowSeconds: DAY },
} as const satisfies Record<string, FailureRule>;

/**
 * Forgot password: 'Email not found!' tells anyone whether an address belongs to a
 * member (docs/requirements.md §2.5 asks for it), so harvesting addresses is kept slow per address. A
 * member's still-valid key is sent again rather than replaced (app/features/sign-in/password-reset.ts),
 * and only those re-sends are capped per e-mail: past the cap the page answers the same
 * and sends nothing, since every e-mail already sent carries that same working link. A
 * fresh key is always sent. The owner's known browser (device cookie) skips both limits.
 */
export const FORGOT_RATE_RULES = {
  perIp: { name: "forgot:ip", limit: 20, windowSeconds: HOUR },
  resendPerEmail: { name: "forgot:resend", limit: 3, windowSeconds: HOUR },
} as const satisfies Record<string, RateRule>;

/**
 * "E-mail me a sign-in code" (docs/decisions/0069): every code asked for counts, since each one
 * sends an e-mail and allows 5 tries. A browser that signed in to the account before (its
 * device cookie names the member) answers only to its own counter, so nobody asking from
 * elsewhere can stop the owner getting a code there; any other browser answers to the address
 * (a venue shares one) and to the e-mail, whether or not it belongs to a member, so the
 * answer tells nothing. With 5 wrong tries a code, the e-mail's counter bounds guessing one
 * member's code from anywhere to 50 tries a day (the arithmetic is in the ADR).
 */
export const SIGN_IN_CODE_RATE_RULES = {
  perEmail: { name: "code:email", limit: 10, windowSeconds: DAY },
  perIp: { name: "code:ip", limit: 30, windowSeconds: HOUR },
  perDevice: { name: "code:device", limit: 10, windowSeconds: HOUR },
} as const satisfies Record<string, RateRule>;

/** The Quick Contact Form: generous for people (a family on one connection), tight for scripts. */
export const CONTACT_RATE_RULES = {
  /** One e-mail typed at one client address: a person sending the same message again and again. */
  perPair: { name: "contact:pair", limit: 5, windowSeconds: 10 * MINUTE },
  perIp: { name: "contact:ip", limit: 20, windowSeconds: HOUR },
} as const satisfies Record<string, RateRule>;

/**
 * The counters a contact message is counted on: its client address, and the typed e-mail at
 * that address. Never the typed e-mail on its own: nothing is sent to it, so it proves
 * nothing, and a counter of its own would let anyone shut a person out of the form by
 * typing their address from a few other connections. With no client address known (never
 * behind Cloudflare, which always sets one) nothing is counted.
 */
export function contactRateChecks(address: string, email: string): RateCheck[] {
  return [
    { rule: CONTACT_RATE_RULES.perIp, subject: address },
    { rule: CONTACT_RATE_RULES.perPair, subject: address ? `${normaliseEmail(email)}|${address}` : "" },
  ];
}

/**
 * A member's request to change their e-mail (docs/decisions/0051) sends a link to the new
 * address and a notice to the old one, each starting with the member's own name, so it
 * could carry a member's text to anyone's inbox. Each request is counted per member and per
 * new address: at most three links reach any one address a day, however many members ask
 * for it, and at most three notices a member's own address an hour. Past either the page
 * answers as usual and nothing is sent, so the answer tells a member nothing about anyone
 * else's requests for that address. The counters apply only once the password and the new
 * address were accepted: a refused form sends nothing and counts nothing.
 */
export const EMAIL_CHANGE_RATE_RULES = {
  member: { name: "email-change:member", limit: 3, windowSeconds: HOUR },
  address: { name: "email-change:address", limit: 3, windowSeconds: DAY },
} as const satisfies Record<string, RateRule>;

/** The counters a change-of-e-mail request is counted on: the member, and the new address (in any case). */
export function emailChangeRateChecks(memberId: string, newEmail: string): RateCheck[] {
  return [
    { rule: EMAIL_CHANGE_RATE_RULES.member, subject: memberId },
    { rule: EMAIL_CHANGE_RATE_RULES.address, subject: normaliseEmail(newEmail) },
  ];
}

/** Sign-ups per address. */
export const SIGNUP_RATE_RULE = { name: "signup:ip", limit: 5, windowSeconds: HOUR } as const satisfies RateRule;

/** What a member is told when a payment start is over its limit (PAY, renewal, upgrade, booking). */
export const PAYMENT_LIMITED_MESSAGE = "Too many payment attempts. Nothing was charged. Please try again later.";

/** The payment link's PAY: each makes a transaction and a checkout session, so a few retries are plenty. */
export const PAY_RATE_RULES = {
  member: { name: "registration-pay:member", limit: 10, windowSeconds: HOUR },
  ip: { name: "registration-pay:ip", limit: 30, windowSeconds: HOUR },
} as const satisfies Record<string, RateRule>;

/** A mailing's "Send me a test" (docs/requirements.md §13.4): five copies an hour per sender, so the button cannot flood a mailbox. */
export const MAILING_TEST_RATE_RULE = { name: "mailing-test:member", limit: 5, windowSeconds: HOUR } as const satisfies RateRule;

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

/**
 * Sending a receipt again (docs/requirements.md §4.11): an accountant's button, but each press mails the
 * member, so at most three a day per payment: a member cannot be mail-bombed with one receipt, and a
 * lost e-mail can still be sent again. Past it nothing is sent and the accountant is told when to try.
 */
export const RECEIPT_RESEND_RATE_RULE = { name: "receipt-resend:transaction", limit: 3, windowSeconds: DAY } as const satisfies RateRule;
