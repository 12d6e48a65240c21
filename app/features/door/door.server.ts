import { currentYear } from "~/kernel/dates/dates";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { doorCard, doorEvent, selectedForAdmission, wrongEventMessage, type DoorCard } from "./door";
import { DOOR_INPUT_MAX, NO_TICKET, type DoorSave } from "./door-form";
import type { Ticket } from "~/kernel/store/records";
import { REFUNDED_TICKET } from "~/features/payments";

import { findTicketForDoor } from "~/features/tickets/index.server";
import { readSettingsFresh } from "~/kernel/store/content/fresh-settings.server";

/**
 * The door's I/O (/scan-qr-code): look a ticket up from what the camera read or a
 * steward typed, show its card, and admit the people a SAVE selects (the store's
 * admit is one conditional UPDATE: each person once, however many phones SAVE).
 * Accountants only (a door steward is given that role): the route guards.
 */

/** Response header of a SAVE: how many people this request admitted (tests sum it over concurrent SAVEs). */
export const ADMITTED_HEADER = "X-Admitted";

export const NOT_FOUND = "No ticket found for this code.";
export const NOT_PAID = "This ticket is not paid. Do not admit; please send the member to the desk.";
export { NO_TICKET };
export const NOTHING_SELECTED = "Select the people to admit, then press SAVE.";

export type DoorLookup = { kind: "empty" } | { kind: "error"; message: string } | { kind: "card"; card: DoorCard };

const inputOf = (value: unknown) => (typeof value === "string" ? value.trim().slice(0, DOOR_INPUT_MAX) : "");

type Found = { ok: true; ticket: Ticket } | { ok: false; message: string };

async function paidTicket(context: AppLoadContext, input: string): Promise<Found> {
  if (!input) return { ok: false, message: NO_TICKET };
  const ticket = await findTicketForDoor(context, input);
  if (!ticket) return { ok: false, message: NOT_FOUND };
  if (!ticket.paid) return { ok: false, message: NOT_PAID };
  // Refunds (docs/requirements.md §4.10): a ticket refunded in full stays "paid" in the store, but no longer admits.
  if (await context.store.refunds.isTicketRefunded(ticket.id)) return { ok: false, message: REFUNDED_TICKET };
  return { ok: true, ticket };
}

/** The page for the URL's `code` (empty when there is none): the ticket's card, or why not. */
export async function loadDoor(context: AppLoadContext, url: string): Promise<{ code: string; lookup: DoorLookup }> {
  const params = new URL(url).searchParams;
  const code = inputOf(params.get("code"));
  let lookup: DoorLookup = { kind: "empty" };
  if (params.has("code")) {
    const found = await paidTicket(context, code);
    if (!found.ok) lookup = { kind: "error", message: found.message };
    else {
      const [member, settings] = await Promise.all([context.store.members.getById(found.ticket.userId), readSettingsFresh(context)]);
      lookup = { kind: "card", card: doorCard(found.ticket, member, currentYear(), doorEvent(settings.tickets)) };
    }
  }
  return { code, lookup };
}

export type Admission =
  { ok: true; selected: number; admitted: number; ticket: Pick<Ticket, "id" | "code" | "title" | "userId"> } | { ok: false; message: string };

/** A SAVE (parsed with doorSaveSchema): admits the ticked people of a paid ticket for this event, each once. */
export async function admitAtDoor(context: AppLoadContext, { code, person }: DoorSave): Promise<Admission> {
  const found = await paidTicket(context, code);
  if (!found.ok) return found;
  // A paid ticket for another event or year (last year's Christmas party) is never admitted.
  const wrongEvent = wrongEventMessage(found.ticket, doorEvent((await readSettingsFresh(context)).tickets));
  if (wrongEvent) return { ok: false, message: wrongEvent };
  const selected = selectedForAdmission(found.ticket, person);
  if (selected.length === 0) return { ok: false, message: NOTHING_SELECTED };
  const admitted = await context.store.tickets.admit(found.ticket.id, selected, Math.floor(Date.now() / 1000));
  const { id, code: ticketCode, title, userId } = found.ticket;
  return { ok: true, selected: selected.length, admitted: admitted.length, ticket: { id, code: ticketCode, title, userId } };
}
