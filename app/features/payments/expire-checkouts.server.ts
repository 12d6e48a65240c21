import type { AppLoadContext } from "@remix-run/cloudflare";
import { CHECKOUT_HOLD_SECONDS } from "../tickets";
import { reconcile } from "./settlement.server";

/** Payments checked a page at a time, oldest first. */
const PAGE_SIZE = 100;
/** At most this many a day: each asks the payment provider; what is left waits for the next run. */
const MAX_PER_RUN = 500;

/**
 * The daily run's expiry (ADR 0050): every payment still pending after the checkout's
 * lifetime (24 hours) goes through the accountant's Reconcile, which settles it if it was
 * paid after all and otherwise marks it failed. Unpaid tickets already lose their places
 * after the same 24 hours (event-capacity.ts). Returns how many were settled or failed.
 */
export async function expireOldCheckouts(context: AppLoadContext, at: Date): Promise<number> {
  const cutoff = Math.floor(at.getTime() / 1000) - CHECKOUT_HOLD_SECONDS;
  // The ids first: reconciling changes the pending list, so paging through it while reconciling would skip some.
  const ids: string[] = [];
  for (let page = 0; ids.length < MAX_PER_RUN; page += 1) {
    const { rows } = await context.store.transactions.listPending({ page, pageSize: PAGE_SIZE });
    const old = rows.filter((transaction) => transaction.createdAt <= cutoff);
    ids.push(...old.map((transaction) => transaction.id));
    // Oldest first: a page with a newer one, or a short page, is the last worth reading.
    if (old.length < rows.length || rows.length < PAGE_SIZE) break;
  }
  let expired = 0;
  for (const id of ids.slice(0, MAX_PER_RUN)) {
    const { outcome } = await reconcile(context, id);
    // A mismatched or duplicate payment stays pending for the accountant (a refund): not counted.
    if (outcome === "settled" || outcome === "failed") expired += 1;
  }
  return expired;
}
