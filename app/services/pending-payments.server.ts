import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { formatDateTime } from "../domain/account";
import { formatAmountTimesQty } from "../domain/money";
import { requireAccountant } from "./auth.server";
import { PRIVATE_CACHE_CONTROL } from "./cache-control.server";
import { reconcile, type ReconcileOutcome } from "./settlement.server";
import { redirectWithToast } from "./toast.server";

/** /accounts/payments: the pending transactions and their Reconcile button (accountants). */

const PAGE_SIZE = 50;

export async function loadPendingPayments(request: Request, context: AppLoadContext) {
  await requireAccountant(request, context);
  const page = Math.min(Math.max(Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10) || 1, 1), 100_000);
  const { rows, total } = await context.store.transactions.listPending({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  return data(
    {
      page,
      pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
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
    },
    { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } },
  );
}

const MESSAGES: Record<ReconcileOutcome, { kind: "success" | "error" | "info"; message: string }> = {
  settled: { kind: "success", message: "The payment was confirmed by the card provider and is now settled." },
  "already-settled": { kind: "info", message: "This payment was already settled." },
  failed: { kind: "info", message: "The checkout was never paid: the transaction is marked failed." },
  "still-open": { kind: "info", message: "The checkout is still open: nothing changed. Try again later." },
  "not-paid": { kind: "info", message: "The card provider has not confirmed this payment: nothing changed." },
  mismatch: { kind: "error", message: "The checkout does not match this transaction: nothing changed (see the logs)." },
  duplicate: { kind: "error", message: "Paid, but the member already had what it pays for (paid twice): nothing changed. Refund this payment with the card provider." },
  unknown: { kind: "error", message: "That transaction was not found." },
  unavailable: { kind: "error", message: "The card provider could not be reached. Nothing changed; please try again later." },
};

const reconcileSchema = z.object({ id: z.string().min(1).max(64) });

export async function reconcileAction(request: Request, context: AppLoadContext) {
  await requireAccountant(request, context);
  const parsed = reconcileSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return redirectWithToast(context, "/accounts/payments", MESSAGES.unknown);
  const { outcome } = await reconcile(context, parsed.data.id);
  return redirectWithToast(context, "/accounts/payments", MESSAGES[outcome]);
}
