import type { AppLoadContext } from "@remix-run/cloudflare";
import { recordActivity } from "~/kernel/activity/activity.server";
import type { Transaction } from "~/kernel/store/records";

/**
 * A donation settled (docs/requirements.md §14): the activity log records it, by the person who gave
 * and with their id (a member's, or a visitor's donor record), once: only the call that settled the
 * payment comes here, like its receipt (ADR 0053). It changes no member.
 */
export async function onDonationPaid(context: AppLoadContext, transaction: Transaction): Promise<void> {
  const donation = await context.store.donations.get(transaction.id).catch(() => null);
  await recordActivity(
    context,
    { id: transaction.userId, fullName: transaction.memberName },
    {
      kind: "donation-received",
      donation: {
        transactionId: transaction.id,
        personId: transaction.userId,
        name: transaction.memberName,
        amount: transaction.unitAmount * transaction.qty,
        giftAid: donation?.giftAid ?? false,
      },
    },
  );
}
