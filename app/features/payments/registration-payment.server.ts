import type { AppLoadContext } from "@remix-run/cloudflare";
import { FEE_LABELS, registrationCharge, registrationFeeLines } from "./fees";
import { formatPence } from "../../kernel/values/money";
import type { Member } from "~/kernel/store/records";
import { verifyPaymentLinkToken } from "./payment-link.server";
import { startCheckout } from "./payments.server";
import { clientKey, createRateLimiter } from "~/kernel/http/rate-limit.server";
import { PAY_RATE_RULES, PAYMENT_LIMITED_MESSAGE } from "~/kernel/http/rate-limits";
import { readSettingsFresh } from "~/kernel/store/content/fresh-settings.server";

export { PAY_RATE_RULES };

/**
 * /payment-reg-fee/{token} (docs/requirements.md §4.3): the approved applicant's registration payment.
 * Works without signing in; the signed token (ADR 15) is the only way in.
 */

export const PAY_RATE_LIMITED_MESSAGE = PAYMENT_LIMITED_MESSAGE;

/** What the page shows: no such account (the route answers 404), already paid, or the fees due. */
export type RegistrationPaymentPage =
  | { kind: "not-found" }
  | { kind: "paid" }
  | {
      kind: "due";
      name: string;
      postcode: string;
      membership: Member["membership"];
      rows: { label: string; amount: string }[];
      totalLabel: string;
      total: string;
    };

type Found = { kind: "not-found" } | { kind: "paid" } | { kind: "due"; member: Member };

async function memberFromToken(context: AppLoadContext, token: string): Promise<Found> {
  const memberId = await verifyPaymentLinkToken(context.env, token);
  const member = memberId ? await context.store.members.getById(memberId) : null;
  if (!member || member.deleted) return { kind: "not-found" };
  return member.registrationPaid ? { kind: "paid" } : { kind: "due", member };
}

export async function loadRegistrationPayment(context: AppLoadContext, token: string): Promise<RegistrationPaymentPage> {
  const found = await memberFromToken(context, token);
  if (found.kind !== "due") return found;
  const settings = await readSettingsFresh(context);
  const fees = registrationFeeLines(settings.membership, found.member.membership, new Date());
  return {
    kind: "due",
    name: found.member.fullName,
    postcode: found.member.postcode,
    membership: found.member.membership,
    rows: fees.lines.map((line) => ({ label: line.label, amount: formatPence(line.pence) })),
    totalLabel: FEE_LABELS.total,
    total: formatPence(fees.total),
  };
}

/**
 * How PAY went; the route answers it: the page again when nothing is due; over the limits
 * (429, Retry-After); to the checkout (303); the provider failing (503, the message).
 */
export type RegistrationPayment =
  | { kind: "page"; page: RegistrationPaymentPage }
  | { kind: "limited"; message: string; retryAfter: number }
  | { kind: "checkout"; url: string }
  | { kind: "failed"; message: string };

/** PAY: the same checks again, then checkout. On a provider failure the page shows why. */
export async function payRegistration(context: AppLoadContext, request: Request, token: string): Promise<RegistrationPayment> {
  const found = await memberFromToken(context, token);
  if (found.kind !== "due") return { kind: "page", page: await loadRegistrationPayment(context, token) };
  const limit = await createRateLimiter(context.store.rateLimits).hit([
    { rule: PAY_RATE_RULES.member, subject: found.member.id },
    { rule: PAY_RATE_RULES.ip, subject: clientKey(request) },
  ]);
  if (!limit.allowed) return { kind: "limited", message: PAY_RATE_LIMITED_MESSAGE, retryAfter: limit.retryAfter };
  const settings = await readSettingsFresh(context);
  // The checkout charges the lines the page showed: one price for their total.
  const charge = registrationCharge(registrationFeeLines(settings.membership, found.member.membership, new Date()));
  const started = await startCheckout(context, request, { member: found.member, charge, purpose: "registration" });
  return started.ok ? { kind: "checkout", url: started.url } : { kind: "failed", message: started.error };
}
