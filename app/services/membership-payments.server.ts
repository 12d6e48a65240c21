import type { AppLoadContext } from "@remix-run/cloudflare";
import { renewalCharge, upgradeCharge } from "../domain/fees";
import type { Member } from "../domain/records";
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

/** The 'Convert to Family' registration transaction, then checkout; the membership changes when it is paid. */
export async function startUpgrade(context: AppLoadContext, request: Request, member: Member): Promise<Response> {
  const settings = await context.content.getSiteSettings();
  const started = await startCheckout(context, request, {
    member,
    charge: upgradeCharge(settings.membership, currentMonth()),
    purpose: "upgrade",
    membershipType: "Family",
  });
  return started.ok ? started.response : redirectWithToast(context, "/amend-account", { kind: "error", message: started.error });
}
