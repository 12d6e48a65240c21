import type { AppLoadContext } from "@remix-run/cloudflare";
import { failFromCancel, settleFromReturn, type SettlementOutcome } from "~/features/payments/index.server";
import { formatPence } from "~/kernel/values/money";

/**
 * The pages a donation's checkout ends on (docs/requirements.md §14): the thank-you page settles
 * through the same verified settlement as every payment (the provider's word on the transaction's own
 * session, amount and currency checked; the `session_id` in the URL only a hint), and the webhook does
 * the same; the cancel page fails a pending one that was not paid.
 */

export interface DonationReturnPage {
  title: string;
  message: string;
  tone: "success" | "failed" | "pending";
  /** Said under the message on a thank-you: whether Gift Aid was declared. */
  giftAid: string | null;
}

export const THANKS_TITLE = "Thank you for your donation";
const NOT_FOUND: DonationReturnPage = { title: "Donation not found", message: "We could not find this donation.", tone: "failed", giftAid: null };

/** The thank-you page: settle (once, whoever comes first), then say what happened. 404: no such donation. */
export async function loadDonationThanks(
  context: AppLoadContext,
  transactionId: string,
  sessionHint: string | null,
): Promise<{ outcome: SettlementOutcome; status: 200 | 404 | 503; page: DonationReturnPage }> {
  const transaction = await context.store.transactions.getById(transactionId);
  if (!transaction || transaction.paymentType !== "donation") return { outcome: "unknown", status: 404, page: NOT_FOUND };
  const hint = sessionHint && sessionHint.length <= 255 ? sessionHint : null;
  const { outcome } = await settleFromReturn(context, transaction.id, transaction.userId, hint);
  if (outcome === "settled" || outcome === "already-settled") {
    const donation = await context.store.donations.get(transaction.id);
    return {
      outcome,
      status: 200,
      page: {
        title: THANKS_TITLE,
        message: `We received your donation of ${formatPence(transaction.unitAmount * transaction.qty)}. A receipt is on its way to your e-mail.`,
        tone: "success",
        giftAid: donation?.giftAid ? "You declared Gift Aid: we will claim 25p from HMRC for every £1 you gave." : "This donation was given without Gift Aid.",
      },
    };
  }
  if (outcome === "unavailable") {
    return {
      outcome,
      status: 503,
      page: {
        title: "Donation not confirmed yet",
        message: "We could not check this payment with the card provider just now. If you paid, your receipt will come by e-mail shortly.",
        tone: "pending",
        giftAid: null,
      },
    };
  }
  return {
    outcome,
    status: 200,
    page: {
      title: "Donation not confirmed yet",
      message: "We have not received the card provider's confirmation of this payment yet. If you paid, your receipt will come by e-mail shortly.",
      tone: "pending",
      giftAid: null,
    },
  };
}

/** The payer cancelled: a pending donation whose session is not paid becomes failed (a paid one settles instead). */
export async function cancelDonation(context: AppLoadContext, transactionId: string): Promise<boolean> {
  const transaction = await context.store.transactions.getById(transactionId);
  if (!transaction || transaction.paymentType !== "donation") return false;
  await failFromCancel(context, transaction.id);
  return true;
}
