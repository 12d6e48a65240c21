import type { AppLoadContext } from "@remix-run/cloudflare";
import { createElement } from "react";
import type { Ticket } from "../../kernel/store/records";
import { ticketEventDetails, type EventDetails } from "./event-details";
import { formatTicketCode } from "./ticket-code";
import { TICKET_QR_CONTENT_ID, TicketConfirmationEmail, ticketEmailSubject } from "./emails/TicketConfirmationEmail";
import { createEmailService } from "../../kernel/email/email.server";
import { qrPng } from "./qr-png.server";
import { ticketToken } from "./ticket-token.server";

export const TICKET_EMAIL_PURPOSE = "ticket";

type Log = (message: string, error?: unknown) => void;
const consoleLog: Log = (message, error) => console.error(message, error ?? "");

/**
 * The booking confirmation with the QR (docs/requirements.md §5.6; docs/decisions/0020): called once a
 * ticket is paid. Loads the ticket and its member, signs the same token My Tickets shows
 * (ticketToken), draws it as a PNG and sends it inline (cid:ticket-qr) to the ticket's
 * e-mail address, purpose "ticket".
 *
 * Never throws: the booking stands whatever happens here. A refused send is recorded
 * in the outbox as failed by the e-mail service; a failure before sending (rendering,
 * the PNG, the store) is logged and, when the ticket is known, recorded in the outbox
 * as a failed "ticket" e-mail with the error, so the accountants see it. An unknown or
 * unpaid ticket is only logged: nothing is sent.
 */
export async function sendTicketConfirmation(context: AppLoadContext, ticketId: string, origin: string, log: Log = consoleLog): Promise<void> {
  let ticket: Ticket | null = null;
  try {
    ticket = await context.store.tickets.getById(ticketId);
    if (!ticket) return log(`Ticket confirmation: no ticket ${ticketId}; nothing sent.`);
    if (!ticket.paid) return log(`Ticket confirmation: ticket ${ticketId} is not paid; nothing sent.`);
    const member = await context.store.members.getById(ticket.userId);
    const event = await eventDetailsFor(context, ticket, log);
    const png = await qrPng(await ticketToken(context.env, ticket));
    await createEmailService(context).send({
      to: [ticket.email],
      subject: ticketEmailSubject(ticket.title),
      react: createElement(TicketConfirmationEmail, {
        title: ticket.title,
        fullName: member?.fullName ?? "",
        attendees: ticket.attendees,
        price: ticket.price,
        code: ticket.code,
        accountUrl: `${origin.replace(/\/+$/, "")}/mem-account`,
        event,
      }),
      purpose: TICKET_EMAIL_PURPOSE,
      memberId: ticket.userId,
      attachments: [{ filename: `ticket-${formatTicketCode(ticket.code)}.png`, content: png, contentType: "image/png", contentId: TICKET_QR_CONTENT_ID }],
    });
  } catch (error) {
    log(`Ticket confirmation for ticket ${ticketId} could not be made or sent:`, error);
    if (ticket) await recordFailure(context, ticket, error, log);
  }
}

/** When and where, for the ticket's own event (ADR 60); the e-mail goes without them if the event cannot be read. */
async function eventDetailsFor(context: AppLoadContext, ticket: Ticket, log: Log): Promise<EventDetails | null> {
  try {
    return ticketEventDetails(ticket.eventId === null ? null : await context.store.events.get(ticket.eventId));
  } catch (error) {
    log(`Ticket confirmation for ticket ${ticket.id}: the event's date and venue could not be read; sent without them.`, error);
    return null;
  }
}

async function recordFailure(context: AppLoadContext, ticket: Ticket, error: unknown, log: Log): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  const note = `The ticket confirmation for ticket ${formatTicketCode(ticket.code)} could not be made: ${message}`;
  try {
    const escaped = note.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    const record = await context.store.outbox.add(
      {
        to: [ticket.email],
        subject: ticketEmailSubject(ticket.title),
        html: `<p>${escaped}</p>`,
        text: note,
        purpose: TICKET_EMAIL_PURPOSE,
        memberId: ticket.userId,
      },
      "failed",
      "outbox",
    );
    await context.store.outbox.markResult(record.id, { status: "failed", error: message });
  } catch (outboxError) {
    log(`Ticket confirmation for ticket ${ticket.id}: the failure could not be recorded in the outbox either:`, outboxError);
  }
}
