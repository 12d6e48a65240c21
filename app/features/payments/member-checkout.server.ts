import { currentYear } from "~/kernel/dates/dates";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { reusableTransaction } from "./checkout-reuse";
import { PAYMENT_LIMITED_MESSAGE, PAYMENT_START_RATE_RULES } from "~/kernel/http/rate-limits";
import type { PaymentPurpose } from "./payment-pages";
import type { FamilyDetails, Member, Membership } from "~/kernel/store/records";

import { createCheckoutGateway } from "~/features/payments/checkout/index.server";
import { startCheckout, type CheckoutCharge } from "./payments.server";
import { clientKey, createRateLimiter } from "~/kernel/http/rate-limit.server";
import { sessionMismatch } from "./settlement.server";

/**
 * A signed-in member starting their own payment (renewal, the Family upgrade, a ticket):
 * the caller counts the start per member and per address first (limitPaymentStart,
 * PAYMENT_START_RATE_RULES); then the checkout already open for the same thing is reused
 * when the provider says it still is, and only otherwise a new pending transaction and
 * session are made (docs/requirements.md §4.6, ADR 27).
 */

/** `url`: the checkout to send the member to (the route answers a 303 to it). */
export type MemberCheckoutResult =
  | { ok: true; url: string; reused: boolean }
  /** Over the start limits: `retryAfter` seconds until the next start is heard. */
  | { ok: false; status: 429; error: string; retryAfter: number }
  | { ok: false; status: 503; error: string };

export interface MemberCheckoutOptions {
  member: Member;
  charge: CheckoutCharge;
  purpose: Exclude<PaymentPurpose, "registration">;
  membershipType?: Membership;
  familyDetails?: FamilyDetails;
}

/** Counts one start for this member and address; the refusal, when over a limit. */
export async function limitPaymentStart(
  context: AppLoadContext,
  request: Request,
  member: Member,
): Promise<Extract<MemberCheckoutResult, { status: 429 }> | null> {
  const limit = await createRateLimiter(context.store.rateLimits).hit([
    { rule: PAYMENT_START_RATE_RULES.member, subject: member.id },
    { rule: PAYMENT_START_RATE_RULES.ip, subject: clientKey(request) },
  ]);
  return limit.allowed ? null : { ok: false, status: 429, error: PAYMENT_LIMITED_MESSAGE, retryAfter: limit.retryAfter };
}

/** The address of the open checkout of the member's newest matching pending transaction, as the provider reports it; null when there is none to reuse. */
async function reopen(context: AppLoadContext, options: MemberCheckoutOptions): Promise<string | null> {
  const { member, charge } = options;
  const pending = await context.store.transactions.listByUser(member.id, "pending");
  const candidate = reusableTransaction(pending, {
    paymentType: charge.paymentType,
    title: charge.title,
    year: charge.year ?? currentYear(),
    total: charge.unitAmount * charge.qty,
    ticketId: charge.ticketId ?? null,
    familyDetails: options.familyDetails ?? null,
  });
  if (!candidate?.checkoutSessionId) return null;
  try {
    const session = await createCheckoutGateway(context).retrieveSession(candidate.checkoutSessionId);
    // Only a session still open, unpaid and made for this very transaction is offered again.
    if (!session || session.status !== "open" || session.paymentStatus === "paid" || !session.url) return null;
    if (sessionMismatch(candidate, session)) return null;
    return session.url;
  } catch (error) {
    // The provider could not say: a new checkout is tried, which reports its own failure.
    console.error(`Could not ask the provider about session ${candidate.checkoutSessionId}:`, error);
    return null;
  }
}

/** Reuse, or a new checkout. The caller has checked that the payment is allowed and counted the start. */
export async function startMemberCheckout(context: AppLoadContext, request: Request, options: MemberCheckoutOptions): Promise<MemberCheckoutResult> {
  const reopened = await reopen(context, options);
  if (reopened) return { ok: true, url: reopened, reused: true };
  const started = await startCheckout(context, request, options);
  return started.ok ? { ok: true, url: started.url, reused: false } : { ok: false, status: 503, error: started.error };
}
