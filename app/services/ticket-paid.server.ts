import type { AppLoadContext } from "@remix-run/cloudflare";

/**
 * Runs once per ticket, right after it became paid: by settlement (return page, webhook
 * or Reconcile, whichever settled the transaction) or by a free booking.
 * The booking e-mail is sent here.
 */
export async function onTicketPaid(_context: AppLoadContext, _ticketId: string): Promise<void> {}
