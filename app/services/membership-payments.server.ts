import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { renewalCharge, upgradeCharge } from "../domain/fees";
import type { FamilyDetails, Member } from "../domain/records";
import { ALREADY_PAID_MESSAGE, currentMonth, currentYear, renewalPaid } from "../domain/renewal";
import { limitPaymentStart, startMemberCheckout, type MemberCheckoutResult } from "./member-checkout.server";
import { redirectWithToast } from "./toast.server";
import { readSettingsFresh } from "./content/fresh-settings.server";

/** A signed-in member's own payments: this year's renewal (/mem-account) and the Single → Family upgrade (/amend-account). */

const tooMany = (formError: string) => ({ formError, errors: {}, values: null });
/** A redirect (to checkout, or back with a toast), or the page again with the refusal. */
export type PaymentStartAnswer = Response | ReturnType<typeof data<ReturnType<typeof tooMany>>>;

/**
 * A refused start: over the limit, the page again with its message (429, Retry-After);
 * the provider failing, back to `page` with the message as a toast.
 */
function refused(
  context: AppLoadContext,
  result: Extract<MemberCheckoutResult, { ok: false }>,
  page: string,
): Promise<PaymentStartAnswer> | PaymentStartAnswer {
  if (result.status === 429) return data(tooMany(result.error), { status: 429, headers: result.headers });
  return redirectWithToast(context, page, { kind: "error", message: result.error });
}

export async function startRenewal(context: AppLoadContext, request: Request, member: Member): Promise<PaymentStartAnswer> {
  if (renewalPaid(member.lastRenewedYear, currentYear())) {
    return redirectWithToast(context, "/mem-account", { kind: "error", message: ALREADY_PAID_MESSAGE });
  }
  const limited = await limitPaymentStart(context, request, member);
  if (limited) return refused(context, limited, "/mem-account");
  const settings = await readSettingsFresh(context);
  const started = await startMemberCheckout(context, request, { member, charge: renewalCharge(settings.membership, member.membership), purpose: "renewal" });
  return started.ok ? started.response : refused(context, started, "/mem-account");
}

/**
 * The 'Convert to Family' registration transaction, carrying the family it adds, then
 * checkout; the membership and the family reach the record when it is paid (ADR 26).
 */
export async function startUpgrade(context: AppLoadContext, request: Request, member: Member, family: FamilyDetails): Promise<PaymentStartAnswer> {
  const limited = await limitPaymentStart(context, request, member);
  if (limited) return refused(context, limited, "/amend-account");
  const settings = await readSettingsFresh(context);
  const started = await startMemberCheckout(context, request, {
    member,
    charge: upgradeCharge(settings.membership, currentMonth()),
    purpose: "upgrade",
    membershipType: "Family",
    familyDetails: family,
  });
  return started.ok ? started.response : refused(context, started, "/amend-account");
}
