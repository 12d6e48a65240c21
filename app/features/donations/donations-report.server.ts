import type { AppLoadContext } from "@remix-run/cloudflare";
import { receivedDay } from "../../kernel/store/received-day";
import type { DonationReportRow } from "./donations-report";

/**
 * The donations of a period (docs/requirements.md §14): the paid "donation" transactions received
 * from `from` to `to` (UK days, inclusive), oldest first, each with its donation row (message, Gift
 * Aid) and the refunds made of it (ADR 0055). Three reads, whatever the number of rows.
 */
export async function loadDonations(context: AppLoadContext, period: { from: string; to: string }): Promise<DonationReportRow[]> {
  const transactions = await context.store.transactions.listReceived({ types: ["donation"], from: period.from, to: period.to });
  const ids = transactions.map((t) => t.id);
  if (ids.length === 0) return [];
  const [donations, refunded] = await Promise.all([context.store.donations.getMany(ids), context.store.refunds.refundedBy("transaction", ids)]);
  return transactions.map((t) => {
    const donation = donations[t.id];
    return {
      transactionId: t.id,
      day: receivedDay(t),
      name: t.memberName,
      email: t.memberEmail,
      personKind: donation?.personKind ?? "member",
      amount: t.unitAmount * t.qty,
      refunded: refunded[t.id] ?? 0,
      giftAid: donation?.giftAid ?? false,
      message: donation?.message ?? "",
    };
  });
}
