import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Toast } from "~/kernel/http/toast";
import { createRateLimiter } from "~/kernel/http/rate-limit.server";
import { RECEIPT_RESEND_RATE_RULE } from "~/kernel/http/rate-limits";
import { mailReceipt } from "./receipt.server";
import { transactionPayment } from "./receipt";
import { RESEND_MESSAGES, hoursUntil } from "./resend-receipt";

/**
 * Sends a paid payment's receipt again (docs/requirements.md §4.11), the same e-mail the payment sent, to
 * the member's address now and with their id. At most RECEIPT_RESEND_RATE_RULE a day per payment: the
 * counter is taken before sending, so a burst of posts cannot pass it. Answers the member (for the way
 * back) and the toast; null when there is no such payment.
 */
export async function resendReceipt(context: AppLoadContext, transactionId: string): Promise<{ memberId: string; toast: Toast } | null> {
  const transaction = await context.store.transactions.getById(transactionId);
  if (!transaction) return null;
  const memberId = transaction.userId;
  if (transaction.status !== "success") return { memberId, toast: { kind: "error", message: RESEND_MESSAGES.notPaid } };
  const limit = await createRateLimiter(context.store.rateLimits).hit([{ rule: RECEIPT_RESEND_RATE_RULE, subject: transaction.id }]);
  if (!limit.allowed) return { memberId, toast: { kind: "error", message: RESEND_MESSAGES.limited(hoursUntil(limit.retryAfter)) } };
  const sent = await mailReceipt(context, transaction, transactionPayment(transaction));
  if (!sent) return { memberId, toast: { kind: "error", message: RESEND_MESSAGES.noAddress } };
  const to = sent.to.join(", ");
  if (sent.status === "failed") return { memberId, toast: { kind: "error", message: RESEND_MESSAGES.failed(to) } };
  return { memberId, toast: { kind: "success", message: RESEND_MESSAGES.sent(to) } };
}
