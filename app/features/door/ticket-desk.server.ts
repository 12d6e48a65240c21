import type { AppLoadContext } from "@remix-run/cloudflare";
import { createElement } from "react";
import type { ActivityActor } from "~/kernel/activity/activity";
import { formatMemberNumber } from "~/kernel/store/member-number";
import { formatPence } from "~/kernel/values/money";
import { titleWithYear } from "~/features/tickets";
import type { Member } from "~/kernel/store/records";
import { BAND_NAMES } from "~/features/tickets";
import { formatTicketCode } from "~/features/tickets";
import { ukToday } from "~/features/tickets";
import { DESK_LINK_SUBJECT, DESK_PAID_BY, type DeskPayment } from "./ticket-desk";
import { TicketPaymentLinkEmail } from "~/features/door/emails/TicketPaymentLinkEmail";
import { recordActivity } from "~/kernel/activity/activity.server";
import { createEmailService } from "~/kernel/email/email.server";
import { settleOfflinePayment } from "~/features/payments/index.server";
import { startCheckout } from "~/features/payments/index.server";
import { markTicketPaid } from "~/features/payments/index.server";
import { nowSeconds } from "~/kernel/store/ids";
import { loadBookableEvents, reserveTicket, resolveBookingEvent, ticketCharge, type BookingValues } from "~/features/tickets/index.server";
import { eventChoices, type EventChoice } from "./door";
import { noEvent } from "~/features/tickets";
import { defaultSiteSettings } from "~/kernel/store/site-settings-defaults";
import type { EventRecord } from "~/kernel/store/records";

/**
 * Tickets at the desk (/accounts/desk, docs/requirements.md §5.9, ADR 0054): an accountant books for a
 * member with the member's own booking rules, capacity and prices (reserveTicket, the same
 * code as /book-ticket), then takes cash (an offline payment, settled like a card payment:
 * the ticket is paid and its QR e-mail goes) or e-mails the member a card payment link (the
 * same checkout as their own booking; the ticket stays unpaid until it is paid).
 */

/** A member found by the desk's search. */
export interface DeskMember {
  id: string;
  name: string;
  email: string;
  number: string;
  membership: Member["membership"];
}

const DESK_SEARCH_LIMIT = 20;

/** Members (not deleted) by name, e-mail, postcode or MMA number; nothing for an empty search. */
export async function searchDeskMembers(context: AppLoadContext, search: string): Promise<DeskMember[]> {
  const q = search.trim();
  if (!q) return [];
  const { rows } = await context.store.members.list({ deleted: false, search: q, page: 0, pageSize: DESK_SEARCH_LIMIT });
  return rows.map((m) => ({ id: m.id, name: m.fullName, email: m.email, number: formatMemberNumber(m.memberNumber) ?? "", membership: m.membership }));
}

/** The member a desk booking is for: not deleted. */
export async function deskMember(context: AppLoadContext, memberId: string): Promise<Member | null> {
  const member = memberId ? await context.store.members.getById(memberId) : null;
  return member && !member.deleted ? member : null;
}

export type DeskResult = { ok: true; message: string } | { ok: false; status: number; message: string };

/**
 * The event the desk books (docs/requirements.md §5.9): the one chosen by its id (shown on
 * the public pages; its booking rules then say whether it is open), else the next open one
 * (the soonest, when several are open), else the next shown.
 */
export async function deskEvent(context: AppLoadContext, chosen: FormDataEntryValue | string | null): Promise<EventRecord> {
  if (typeof chosen === "string" && chosen !== "") {
    const named = await resolveBookingEvent(context, chosen.slice(0, 100));
    if (named.kind === "event") return named.event;
  }
  const found = await resolveBookingEvent(context, undefined);
  if (found.kind === "event") return found.event;
  if (found.kind === "choose") return found.events[0]!;
  return noEvent(defaultSiteSettings().tickets);
}

/** The desk's event chooser: the events open for booking, soonest first (offered when there are several). */
export async function deskEventChoices(context: AppLoadContext): Promise<EventChoice[]> {
  return eventChoices(await loadBookableEvents(context));
}

/**
 * Books at the desk. The accountant's checks (bookings open, registration paid) and the
 * party's were made by the route with the member's own rules; this books the ticket within
 * the capacity and takes the payment.
 */
export async function bookAtDesk(
  context: AppLoadContext,
  request: Request,
  actor: ActivityActor,
  member: Member,
  event: EventRecord,
  checked: BookingValues,
  payment: DeskPayment,
  now = nowSeconds(),
): Promise<DeskResult> {
  const reserved = await reserveTicket(context, member, event, checked, now);
  if (reserved.kind === "refused") return { ok: false, status: reserved.status, message: reserved.message };
  const { ticket, price } = reserved;
  const eventTitle = titleWithYear(ticket.title, ticket.year);
  const code = formatTicketCode(ticket.code);
  const log = (paidBy: string) =>
    recordActivity(context, actor, {
      kind: "desk-ticket-booked",
      member: { id: member.id, fullName: member.fullName, memberNumber: member.memberNumber },
      ticket: { code: ticket.code, title: eventTitle },
      paidBy,
    });

  if (price.free) {
    await markTicketPaid(context, ticket.id);
    await log(DESK_PAID_BY.free);
    return { ok: true, message: `Ticket ${code} booked for ${member.fullName} (free). It is e-mailed to them with its QR code.` };
  }
  const charge = ticketCharge(event, reserved);
  if (payment === "cash") {
    const paid = await settleOfflinePayment(context, member, charge, { method: "cash", reference: "", paidOn: ukToday(now) });
    if (!paid.ok) return { ok: false, status: 409, message: paid.message };
    await log(DESK_PAID_BY.cash(formatPence(price.total)));
    return { ok: true, message: `Ticket ${code} paid in cash (${formatPence(price.total)}) for ${member.fullName}. It is e-mailed to them with its QR code.` };
  }

  const started = await startCheckout(context, request, { member, charge, purpose: "ticket" });
  // On failure the unpaid ticket stays unpaid (never listed or admitted) and its pending transaction is Reconcile's to fail.
  if (!started.ok) return { ok: false, status: 503, message: started.error };
  // The practice checkout answers with a path: an e-mail needs the whole address.
  const link = new URL(started.url, request.url).toString();
  const people = ticket.attendees.map((a) => `${a.name} (${BAND_NAMES[a.band].short})`);
  const sent = await createEmailService(context).send({
    to: [member.email],
    subject: DESK_LINK_SUBJECT,
    react: createElement(TicketPaymentLinkEmail, { fullName: member.fullName, event: eventTitle, total: formatPence(price.total), people, link }),
    purpose: "ticket-payment-link",
    memberId: member.id,
  });
  await log(DESK_PAID_BY.link);
  if (sent.status !== "sent" && sent.status !== "stored") {
    return {
      ok: false,
      status: 502,
      message: `Ticket ${code} is booked but the e-mail could not be sent (${sent.error || "unknown error"}). Try again from E-mails.`,
    };
  }
  return {
    ok: true,
    message: `Ticket ${code} booked for ${member.fullName}. A card payment link was e-mailed to ${member.email}; the ticket is paid once they pay.`,
  };
}
