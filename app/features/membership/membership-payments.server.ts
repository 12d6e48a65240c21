import type { AppLoadContext } from "@remix-run/cloudflare";
import { renewalCharge, upgradeCharge } from "~/features/payments";
import type { FamilyDetails, Member } from "~/kernel/store/records";
import { ALREADY_PAID_MESSAGE, renewalPaid } from "./renewal";
import { limitPaymentStart, startMemberCheckout, type MemberCheckoutResult } from "~/features/payments/index.server";
import { currentMonth, currentYear } from "../../kernel/dates/dates";
import { readSettingsFresh } from "~/kernel/store/content/fresh-settings.server";

/** A signed-in member's own payments: this year's renewal (/mem-account) and the Single → Family upgrade (/amend-account). */

/**
 * How a start went; the route answers it (paymentStartResponse): to the checkout; this
 * year already paid; over the start limits (`retryAfter`, seconds); the provider failing.
 */
export type PaymentStart =
  | { kind: "checkout"; url: string }
  | { kind: "already-paid"; message: string }
  | { kind: "limited"; message: string; retryAfter: number }
  | { kind: "failed"; message: string };

function outcome(result: MemberCheckoutResult): PaymentStart {
  if (result.ok) return { kind: "checkout", url: result.url };
  return result.status === 429 ? { kind: "limited", message: result.error, retryAfter: result.retryAfter } : { kind: "failed", message: result.error };
}

export async function startRenewal(context: AppLoadContext, request: Request, member: Member): Promise<PaymentStart> {
  if (renewalPaid(member.lastRenewedYear, currentYear())) return { kind: "already-paid", message: ALREADY_PAID_MESSAGE };
  const limited = await limitPaymentStart(context, request, member);
  if (limited) return outcome(limited);
  const settings = await readSettingsFresh(context);
  return outcome(await startMemberCheckout(context, request, { member, charge: renewalCharge(settings.membership, member.membership), purpose: "renewal" }));
}

/**
 * The 'Convert to Family' registration transaction, carrying the family it adds, then
 * checkout; the membership and the family reach the record when it is paid (ADR 26).
 */
export async function startUpgrade(context: AppLoadContext, request: Request, member: Member, family: FamilyDetails): Promise<PaymentStart> {
  const limited = await limitPaymentStart(context, request, member);
  if (limited) return outcome(limited);
  const settings = await readSettingsFresh(context);
  return outcome(
    await startMemberCheckout(context, request, {
      member,
      charge: upgradeCharge(settings.membership, currentMonth()),
      purpose: "upgrade",
      membershipType: "Family",
      familyDetails: family,
    }),
  );
}
