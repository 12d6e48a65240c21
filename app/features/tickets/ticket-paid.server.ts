import type { AppLoadContext } from "@remix-run/cloudflare";
import { sendTicketConfirmation } from "./ticket-email.server";

/**
 * Runs once per ticket, right after it became paid: by settlement (return page, webhook
 * or Reconcile, whichever settled the transaction) or by a free booking.
 *
 * The booking e-mail with the QR goes out after the response (waitUntil): the member's
 * success page does not wait for rendering and the provider, and a failed send never
 * touches the booking (sendTicketConfirmation never throws; the outbox records it).
 */
export async function onTicketPaid(context: AppLoadContext, ticketId: string): Promise<void> {
  context.cloudflare.ctx.waitUntil(sendTicketConfirmation(context, ticketId, context.origin));
}
