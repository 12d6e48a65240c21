import type { AppLoadContext } from "@remix-run/cloudflare";
import { createElement } from "react";
import { ALREADY_PAID_MESSAGE, DELETED_MEMBER_MESSAGE, PAYMENT_LINK_PURPOSE, PAYMENT_LINK_SUBJECT, paymentLinkExpiry, paymentLinkPath } from "./payment-link";
import { registrationFeeLines } from "./fees";
import type { Member } from "~/kernel/store/records";
import { PaymentLinkEmail } from "~/features/payments/emails/PaymentLinkEmail";
import { createEmailService } from "~/kernel/email/email.server";
import type { AppEnv } from "~/kernel/http/env.server";
import { signToken, verifyToken } from "~/kernel/auth/signed-token.server";
import { readSettingsFresh } from "~/kernel/store/content/fresh-settings.server";

/**
 * The registration payment link (docs/requirements.md §6.4) and its e-mail.
 * The page behind the link (/payment-reg-fee/{token}) verifies it with
 * verifyPaymentLinkToken.
 */

type LinkEnv = Pick<AppEnv, "LINK_SIGNING_SECRET">;

const nowSeconds = () => Date.now() / 1000;

/** A token naming the member, valid for 30 days from `now` (Unix seconds). */
export function paymentLinkToken(env: LinkEnv, memberId: string, now: number = nowSeconds()): Promise<string> {
  return signToken(env.LINK_SIGNING_SECRET, PAYMENT_LINK_PURPOSE, { sub: memberId, exp: paymentLinkExpiry(now) });
}

/** The member id a payment-link token names, or null when it is forged, altered, for another purpose or expired. */
export async function verifyPaymentLinkToken(env: LinkEnv, token: string, now: number = nowSeconds()): Promise<string | null> {
  const result = await verifyToken(env.LINK_SIGNING_SECRET, PAYMENT_LINK_PURPOSE, token, now);
  return result.ok ? result.sub : null;
}

/** The absolute link: origin is e.g. new URL(request.url).origin. */
export function paymentLinkUrl(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, "")}${paymentLinkPath(token)}`;
}

export type SendPaymentLinkResult = { ok: true; link: string; delivered: "sent" | "stored" } | { ok: false; link?: string; error: string };

/**
 * E-mails the member their payment link. Refuses (and sends nothing) when the
 * registration fee is already paid or the member is deleted. A failed send gives
 * ok:false with the provider's message and still the link (to pass on another way).
 */
export async function sendPaymentLink(
  context: AppLoadContext,
  member: Pick<Member, "id" | "email" | "fullName" | "membership" | "registrationPaid" | "deleted">,
  origin: string,
): Promise<SendPaymentLinkResult> {
  if (member.deleted) return { ok: false, error: DELETED_MEMBER_MESSAGE };
  if (member.registrationPaid) return { ok: false, error: ALREADY_PAID_MESSAGE };

  const link = paymentLinkUrl(origin, await paymentLinkToken(context.env, member.id));
  try {
    const settings = await readSettingsFresh(context);
    // The same lines as the page and the checkout on the day it is sent (after
    // freeSubscriptionAfterMonth the subscription is £0 there too).
    const fees = registrationFeeLines(settings.membership, member.membership, new Date());
    const sent = await createEmailService(context).send({
      to: [member.email],
      subject: PAYMENT_LINK_SUBJECT,
      react: createElement(PaymentLinkEmail, { fullName: member.fullName, fees, link }),
      purpose: PAYMENT_LINK_PURPOSE,
      memberId: member.id,
    });
    if (sent.status === "sent" || sent.status === "stored") return { ok: true, link, delivered: sent.status };
    return { ok: false, link, error: sent.error || "The e-mail could not be sent." };
  } catch (error) {
    // Rendering, the settings or the outbox failed (a provider failure is handled by the e-mail service).
    console.error(`The payment link e-mail to member ${member.id} could not be prepared:`, error);
    return { ok: false, link, error: "The e-mail could not be prepared. Please try again." };
  }
}
