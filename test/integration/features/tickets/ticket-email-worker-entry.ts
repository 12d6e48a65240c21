/**
 * A tiny worker for test/integration/features/tickets/ticket-email-workerd.test.ts only (never part
 * of the site): bundled with the Worker's resolve conditions and run in workerd with a D1
 * binding, it calls sendTicketConfirmation on the ticket it is posted, as the booking's
 * onTicketPaid hook will (react-email render, CompressionStream, SubtleCrypto, fetch to
 * Resend, D1 outbox: all in workerd).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { createD1Store } from "../../../../app/kernel/store/d1/index.server";
import { sendTicketConfirmation } from "../../../../app/features/tickets/ticket-email.server";

interface Call {
  ticketId: string;
  origin: string;
  env: { LINK_SIGNING_SECRET: string; MAIL_FROM: string; RESEND_API_KEY?: string; RESEND_API_URL?: string };
}

export default {
  async fetch(request: Request, bindings: { DB: D1Database }): Promise<Response> {
    const call = (await request.json()) as Call;
    const logged: string[] = [];
    const store = createD1Store(bindings.DB);
    // The page content layer as the site builds it reads through to the store here (no cache in this Worker).
    const context = { env: call.env, store, content: store.content } as unknown as AppLoadContext;
    await sendTicketConfirmation(context, call.ticketId, call.origin, (message, error) => {
      logged.push(`${message} ${error instanceof Error ? error.message : ""}`.trim());
    });
    return Response.json({ logged });
  },
};
