import type { AppLoadContext } from "@remix-run/cloudflare";
import { formatDateTime } from "~/features/membership";
import { formatAmountTimesQty } from "../../kernel/values/money";
import { pageCount, storePage } from "~/kernel/store/paging";
import type { PendingPaymentsView } from "./pending-payments";
import type { Toast } from "~/kernel/http/toast";
import { reconcile, type ReconcileOutcome } from "./settlement.server";
import type { Store } from "~/kernel/store/port";

/** /accounts/payments: the pending transactions and their Reconcile button (the route guards: accountants). */

const PAGE_SIZE = 50;

/** One page (1-based) of the payments started but not settled, oldest first. */
export async function loadPendingPayments(store: Store, page: number): Promise<PendingPaymentsView> {
  const { rows, total } = await store.transactions.listPending(storePage({ page, size: PAGE_SIZE }));
  return {
    page,
    pages: pageCount(total, PAGE_SIZE),
    total,
    rows: rows.map((t) => ({
      id: t.id,
      created: formatDateTime(t.createdAt),
      name: t.memberName,
      email: t.memberEmail,
      title: t.title,
      amount: formatAmountTimesQty(t.unitAmount, t.qty),
      started: t.checkoutSessionId !== null,
    })),
  };
}

const MESSAGES: Record<ReconcileOutcome, Toast> = {
  settled: { kind: "success", message: "The payment was confirmed by the card provider and is now settled." },
  "already-settled": { kind: "info", message: "This payment was already settled." },
  failed: { kind: "info", message: "The checkout was never paid: the transaction is marked failed." },
  "still-open": { kind: "info", message: "The checkout is still open: nothing changed. Try again later." },
  "not-paid": { kind: "info", message: "The card provider has not confirmed this payment: nothing changed." },
  mismatch: { kind: "error", message: "The checkout does not match this transaction: nothing changed (see the logs)." },
  duplicate: {
    kind: "error",
    message: "Paid, but the member already had what it pays for (paid twice): nothing changed. Refund this payment with the card provider.",
  },
  unknown: { kind: "error", message: "That transaction was not found." },
  unavailable: { kind: "error", message: "The card provider could not be reached. Nothing changed; please try again later." },
};

/** A post that names no transaction we could look up. */
export const UNKNOWN_TRANSACTION = MESSAGES.unknown.message;

/** Asks the card provider what became of one pending payment, and says what was done. */
export async function reconcilePayment(context: AppLoadContext, id: string): Promise<Toast> {
  const { outcome } = await reconcile(context, id);
  return MESSAGES[outcome];
}
