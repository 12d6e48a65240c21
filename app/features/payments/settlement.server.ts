import type { AppLoadContext } from "@remix-run/cloudflare";
import { settlementFor } from "./fees";
import { memberSettlementToComplete } from "./member-settlement";
import type { Transaction } from "../../kernel/store/records";
import { createCheckoutGateway } from "./checkout/index.server";
import type { CheckoutSession } from "./checkout/gateway";
import { clientReference } from "./payments.server";
import { nowSeconds } from "../../kernel/store/ids";
import { onTicketPaid } from "../tickets/index.server";
import { onDonationPaid } from "../donations/index.server";
import { transactionPayment } from "./receipt";
import { sendReceipt } from "./receipt.server";

/**
 * Settling a payment (docs/requirements.md §4.5, ADR 16). The return pages, the webhook and the
 * accountant's Reconcile all come here. A transaction becomes `success` only when the
 * provider says its session is paid, the session is the one made for this transaction
 * (client reference, metadata, amount) and the transaction was not settled before; the
 * store's conditional update lets exactly one caller make the change, together with its
 * change to the member (one D1 batch). A URL typed by hand changes nothing.
 */

export type SettlementOutcome =
  /** This call settled it. */
  | "settled"
  /** It was settled before (by another call, the webhook, or Reconcile). */
  | "already-settled"
  /** The session is not paid (yet), or no session is known. */
  | "not-paid"
  /** The session does not belong to this transaction: nothing changes. */
  | "mismatch"
  /** Paid, but the member already has what it pays for (another transaction settled it): left pending for a refund. */
  | "duplicate"
  /** No such transaction (or not this member's). */
  | "unknown"
  /** The provider could not be asked; try again later. */
  | "unavailable";

export interface SettlementResult {
  outcome: SettlementOutcome;
  transaction: Transaction | null;
}

/** Why a session cannot settle this transaction, or null when it can. */
export function sessionMismatch(transaction: Transaction, session: CheckoutSession): string | null {
  if (session.clientReferenceId !== clientReference(transaction)) return "client reference";
  if (session.metadata.transactionId !== transaction.id) return "metadata";
  if (transaction.checkoutSessionId && transaction.checkoutSessionId !== session.id) return "session id";
  if (session.amountTotal !== transaction.unitAmount * transaction.qty) return "amount";
  // Every fee and price is in pounds: the same number of euro cents is not a payment of it.
  if (session.currency?.toLowerCase() !== "gbp") return "currency";
  return null;
}

/**
 * A transaction found settled. Its change to the member, and its ticket, are made again
 * when missing: on the Cockpit store the settlement and the member (or the ticket) are
 * separate writes, and if the second one failed, the member who paid would otherwise
 * never get what they paid for (every later path stops here). Both are idempotent: the
 * member is written only when the change is missing; markTicketPaid changes the ticket,
 * and sends its e-mail, once.
 */
async function alreadySettled(context: AppLoadContext, transaction: Transaction): Promise<SettlementResult> {
  await completeMemberOf(context, transaction);
  await payTicketOf(context, transaction);
  return { outcome: "already-settled", transaction };
}

/** A settled transaction's change to its member, written if the member lacks it (soon after the settlement only). */
async function completeMemberOf(context: AppLoadContext, transaction: Transaction): Promise<void> {
  const change = settlementFor(transaction);
  if (!change) return;
  const member = await context.store.members.getById(transaction.userId);
  const patch = member && memberSettlementToComplete(member, change, transaction.settledAt, nowSeconds());
  if (!member || !patch) return;
  console.warn(`Transaction ${transaction.id} is settled but member ${member.id} lacks its ${change.kind}: completing it.`);
  await context.store.members.update(member.id, patch);
}

/** A settled ticket transaction's ticket becomes paid (once, whoever calls). */
async function payTicketOf(context: AppLoadContext, transaction: Transaction): Promise<void> {
  if (transaction.paymentType === "ticket" && transaction.ticketId) await markTicketPaid(context, transaction.ticketId);
}

/** Settles a transaction with a session the provider vouched for (retrieved, or from a signed webhook). */
export async function settleWithSession(context: AppLoadContext, transaction: Transaction, session: CheckoutSession): Promise<SettlementResult> {
  if (transaction.status === "success") return alreadySettled(context, transaction);
  const mismatch = sessionMismatch(transaction, session);
  if (mismatch) {
    console.warn(`Session ${session.id} does not match transaction ${transaction.id} (${mismatch}); nothing settled.`);
    return { outcome: "mismatch", transaction };
  }
  if (session.paymentStatus !== "paid") return { outcome: "not-paid", transaction };
  return settleAsPaid(context, transaction, `session ${session.id}`);
}

/**
 * The settlement itself, once the money is known to have come: a paid session the
 * provider vouched for, or money an accountant received (offline payments, ADR 0054).
 * The member's change and the ticket follow as for every payment. `source` names how it
 * was paid, for the log.
 */
export async function settleAsPaid(context: AppLoadContext, transaction: Transaction, source: string): Promise<SettlementResult> {
  const change = settlementFor(transaction);
  const changed = await context.store.transactions.settlePaid(transaction.id, nowSeconds(), change && { memberId: transaction.userId, settlement: change });
  const settled = await context.store.transactions.getById(transaction.id);
  if (!changed) {
    if (settled?.status === "success") return alreadySettled(context, settled);
    if (change && settled) {
      // Money was taken for something the member already has: the accountant refunds it (Reconcile list).
      console.error(
        `Transaction ${transaction.id} was paid (${source}) but member ${transaction.userId} already has its ${change.kind}: left pending; refund it.`,
      );
      return { outcome: "duplicate", transaction: settled };
    }
    return { outcome: "not-paid", transaction: settled };
  }
  await payTicketOf(context, transaction);
  // Only the call that settled it gets here: one receipt per transaction (ADR 0053).
  if (settled) await sendReceipt(context, settled, transactionPayment(settled));
  // A donation's activity entry, by its giver (docs/requirements.md §14), once like the receipt.
  if (settled?.paymentType === "donation") await onDonationPaid(context, settled);
  return { outcome: "settled", transaction: settled };
}

/**
 * A ticket becomes paid: by its settled transaction, or straight away when it costs
 * nothing. markPaid changes it for one call only, and only that call runs onTicketPaid.
 */
export async function markTicketPaid(context: AppLoadContext, ticketId: string): Promise<boolean> {
  const changed = await context.store.tickets.markPaid(ticketId);
  if (changed) await onTicketPaid(context, ticketId);
  return changed;
}

/**
 * A return page: the transaction from the URL, checked against the member in the URL,
 * then its own checkout session (the one we stored) as the provider reports it. The
 * `session_id` the browser brings is only a hint; if it names another session, nothing
 * changes.
 */
export async function settleFromReturn(
  context: AppLoadContext,
  transactionId: string,
  memberId: string,
  sessionIdHint: string | null,
  /** A ticket's return page: the transaction must be for the ticket in its URL. */
  expected: { ticketId?: string } = {},
): Promise<SettlementResult> {
  const transaction = await context.store.transactions.getById(transactionId);
  if (!transaction || transaction.userId !== memberId) return { outcome: "unknown", transaction: null };
  if (expected.ticketId !== undefined && transaction.ticketId !== expected.ticketId) return { outcome: "unknown", transaction: null };
  if (transaction.status === "success") return alreadySettled(context, transaction);
  const sessionId = transaction.checkoutSessionId ?? sessionIdHint;
  if (!sessionId) return { outcome: "not-paid", transaction };
  if (sessionIdHint && transaction.checkoutSessionId && sessionIdHint !== transaction.checkoutSessionId) {
    return { outcome: "mismatch", transaction };
  }
  let session: CheckoutSession | null;
  try {
    session = await createCheckoutGateway(context).retrieveSession(sessionId);
  } catch (error) {
    console.error(`Could not ask the provider about session ${sessionId}:`, error);
    return { outcome: "unavailable", transaction };
  }
  if (!session) return { outcome: "not-paid", transaction };
  return settleWithSession(context, transaction, session);
}

/**
 * The cancel page and expired sessions: a pending transaction becomes failed unless its
 * session was paid after all (then it settles as paid).
 */
export async function failFromCancel(context: AppLoadContext, transactionId: string): Promise<SettlementResult> {
  const transaction = await context.store.transactions.getById(transactionId);
  if (!transaction) return { outcome: "unknown", transaction: null };
  if (transaction.status === "success") return alreadySettled(context, transaction);
  if (transaction.status !== "pending") return { outcome: "not-paid", transaction };
  if (transaction.checkoutSessionId) {
    try {
      const session = await createCheckoutGateway(context).retrieveSession(transaction.checkoutSessionId);
      if (session?.paymentStatus === "paid") return settleWithSession(context, transaction, session);
    } catch (error) {
      // Unknown: leave it pending rather than fail a payment that may have gone through.
      console.error(`Could not ask the provider about session ${transaction.checkoutSessionId}:`, error);
      return { outcome: "unavailable", transaction };
    }
  }
  await context.store.transactions.settle(transaction.id, "failed", nowSeconds());
  return { outcome: "not-paid", transaction: await context.store.transactions.getById(transaction.id) };
}

export type ReconcileOutcome = SettlementOutcome | "failed" | "still-open";

/**
 * The accountant's Reconcile (for tabs closed before the return and webhooks that never
 * came): asks the provider about a pending transaction's session, then settles it, fails it
 * (expired, unknown, or never started), or leaves it (still open).
 */
export async function reconcile(context: AppLoadContext, transactionId: string): Promise<{ outcome: ReconcileOutcome; transaction: Transaction | null }> {
  const transaction = await context.store.transactions.getById(transactionId);
  if (!transaction) return { outcome: "unknown", transaction: null };
  if (transaction.status === "success") return alreadySettled(context, transaction);
  if (transaction.status !== "pending") return { outcome: "failed", transaction };
  let session: CheckoutSession | null = null;
  if (transaction.checkoutSessionId) {
    try {
      session = await createCheckoutGateway(context).retrieveSession(transaction.checkoutSessionId);
    } catch (error) {
      console.error(`Reconcile: could not ask the provider about session ${transaction.checkoutSessionId}:`, error);
      return { outcome: "unavailable", transaction };
    }
  }
  if (session?.paymentStatus === "paid") return settleWithSession(context, transaction, session);
  if (session?.status === "open") return { outcome: "still-open", transaction };
  await context.store.transactions.settle(transaction.id, "failed", nowSeconds());
  return { outcome: "failed", transaction };
}
