import type { AppLoadContext } from "@remix-run/cloudflare";
import { renewalCharge, upgradeCharge } from "../domain/fees";
import type { FamilyDetails, Member } from "../domain/records";
import { ALREADY_PAID_MESSAGE, currentMonth, currentYear, renewalPaid } from "../domain/renewal";
import { startCheckout } from "./payments.server";
import { redirectWithToast } from "./toast.server";

/** A signed-in member's own payments: this year's renewal (/mem-account) and the Single → Family upgrade (/amend-account). */

export async function startRenewal(context: AppLoadContext, request: Request, member: Member): Promise<Response> {
  if (renewalPaid(member.lastRenewedYear, currentYear())) {
    return redirectWithToast(context, "/mem-account", { kind: "error", message: ALREADY_PAID_MESSAGE });
  }
  const settings = await context.content.getSiteSettings();
  const started = await startCheckout(context, request, { member, charge: renewalCharge(settings.membership, member.membership), purpose: "renewal" });
  return started.ok ? started.response : redirectWithToast(context, "/mem-account", { kind: "error", message: started.error });
}

/**
 * The 'Convert to Family' registration transaction, carrying the family it adds, then
 * checkout; the membership and the family reach the record when it is paid (ADR 26).
 */
export async function startUpgrade(context: AppLoadContext, request: Request, member: Member, family: FamilyDetails): Promise<Response> {
  const settings = await context.content.getSiteSettings();
  const started = await startCheckout(context, request, {
    member,
    charge: upgradeCharge(settings.membership, currentMonth()),
    purpose: "upgrade",
    membershipType: "Family",
    familyDetails: family,
  });
  return started.ok ? started.response : redirectWithToast(context, "/amend-account", { kind: "error", message: started.error });
}
