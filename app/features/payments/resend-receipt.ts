import { safeRedirect } from "../../kernel/http/safe-redirect";
import { RECEIPT_RESEND_RATE_RULE } from "../../kernel/http/rate-limits";

/**
 * Sending a receipt again (docs/requirements.md §4.11): the member page's button posts to
 * /accounts/transactions/:id/resend-receipt with where to go back to. Pure, and without zod (the
 * member page's button imports the path through the feature's index): the way back and the toasts. The
 * form's schema is resend-receipt-form.ts.
 */

/** The member's page in the back office: where the button lives, and where a post without a way back returns. */
export const memberPagePath = (memberId: string) => `/accounts/members/${encodeURIComponent(memberId)}`;

/** Where to go after the post: the form's `redirectTo` when it is a path on this site, else the member's page. */
export function resendReturnPath(redirectTo: string | undefined, memberId: string): string {
  return safeRedirect(redirectTo, memberPagePath(memberId));
}

/** The path the button posts to. */
export const resendReceiptPath = (transactionId: string) => `/accounts/transactions/${encodeURIComponent(transactionId)}/resend-receipt`;

export const RESEND_MESSAGES = {
  sent: (to: string) => `Receipt sent again to ${to}.`,
  failed: (to: string) => `The receipt could not be sent to ${to}. Please try again later.`,
  noAddress: "This member has no e-mail address, so the receipt cannot be sent. Print it from the receipt page instead.",
  notPaid: "Only a paid payment has a receipt.",
  limited: (hours: number) =>
    `This receipt has been sent ${RECEIPT_RESEND_RATE_RULE.limit} times today, the most in a day, so it was not sent again. Try again in ${hours} ${hours === 1 ? "hour" : "hours"}, or print it from the receipt page.`,
} as const;

/** Whole hours until `retryAfter` seconds have passed (at least one). */
export const hoursUntil = (retryAfter: number) => Math.max(1, Math.ceil(retryAfter / 3600));
