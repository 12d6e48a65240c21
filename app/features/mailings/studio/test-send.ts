import type { EmailStatus } from "~/kernel/store/records";
import { emailProviderMissing } from "../sending/configuration";

/**
 * "Send me a test" (docs/requirements.md §13.4, ADR 73), its pure rules. The test copy goes
 * through the site's e-mail service, not the queue, so the only setting it needs is Resend's key
 * in production (the sending core's own rule, sending/configuration.ts), checked first so the
 * button says so before anything is sent instead of storing a copy nobody gets.
 */

export const TEST_SEND_MESSAGES = {
  notConfigured: "E-mail sending is not set up on this site yet, so no test copy was sent. Your draft is saved. Please ask whoever looks after the site.",
  failed: "The test copy could not be sent just now. Your draft is saved: please try again in a few minutes.",
} as const;

/** Why a test copy cannot be sent here, in words for a volunteer; null when it can. */
export function testSendRefusal(env: { isProduction: boolean; RESEND_API_KEY?: string | null }): string | null {
  return emailProviderMissing(env) ? TEST_SEND_MESSAGES.notConfigured : null;
}

/** Whether the copy reached its way out: sent by Resend, or stored in the local outbox outside production. */
export function testCopyWentOut(status: EmailStatus, isProduction: boolean): boolean {
  return status === "sent" || (status === "stored" && !isProduction);
}

/** The refusal once the sender has used up their test copies for the hour. */
export function testRateLimitMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `You have sent the most test copies allowed in an hour. Your draft is saved: please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}
