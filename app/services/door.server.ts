import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { DOOR_PATH, admissionMessage, doorCard, doorEvent, selectedForAdmission, wrongEventMessage, type DoorCard } from "../domain/door";
import type { Ticket } from "../domain/records";
import { currentYear } from "../domain/renewal";
import { requireAccountant } from "./auth.server";
import { PRIVATE_CACHE_CONTROL } from "./cache-control.server";
import { findTicketForDoor } from "./ticket-lookup.server";
import { redirectWithToast } from "./toast.server";
import { readSettingsFresh } from "./content/fresh-settings.server";

/**
 * The door's I/O (/scan-qr-code): look a ticket up from what the camera read or a
 * steward typed, show its card, and admit the people a SAVE selects (the store's
 * admit is one conditional UPDATE: each person once, however many phones SAVE).
 * Accountants only (a door steward is given that role).
 */

/** Response header of a SAVE: how many people this request admitted (tests sum it over concurrent SAVEs). */
export const ADMITTED_HEADER = "X-Admitted";

export const NOT_FOUND = "No ticket found for this code.";
export const NOT_PAID = "This ticket is not paid. Do not admit; please send the member to the desk.";
export const NO_TICKET = "Scan a ticket or enter its code first.";
export const NOTHING_SELECTED = "Select the people to admit, then press SAVE.";

export type DoorLookup =
  | { kind: "empty" }
  | { kind: "error"; message: string }
  | { kind: "card"; card: DoorCard };

const MAX_INPUT = 200;
const inputOf = (value: unknown) => (typeof value === "string" ? value.trim().slice(0, MAX_INPUT) : "");

type Found = { ok: true; ticket: Ticket } | { ok: false; message: string };

async function paidTicket(context: AppLoadContext, input: string): Promise<Found> {
  if (!input) return { ok: false, message: NO_TICKET };
  const ticket = await findTicketForDoor(context, input);
  if (!ticket) return { ok: false, message: NOT_FOUND };
  if (!ticket.paid) return { ok: false, message: NOT_PAID };
  return { ok: true, ticket };
}

export async function loadDoor(request: Request, context: AppLoadContext) {
  await requireAccountant(request, context);
  const params = new URL(request.url).searchParams;
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
  return data({ code, lookup }, { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } });
}

export async function doorAction(request: Request, context: AppLoadContext) {
  await requireAccountant(request, context);
  const form = await request.formData();
  const code = inputOf(form.get("code"));
  const found = await paidTicket(context, code);
  const refuse = (message: string) =>
    data({ error: message }, { status: 400, headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } });
  if (!found.ok) return refuse(found.message);
  // A paid ticket for another event or year (last year's Christmas party) is never admitted.
  const wrongEvent = wrongEventMessage(found.ticket, doorEvent((await readSettingsFresh(context)).tickets));
  if (wrongEvent) return refuse(wrongEvent);
  const selected = selectedForAdmission(found.ticket, form.getAll("person"));
  if (selected.length === 0) return refuse(NOTHING_SELECTED);
  const admitted = await context.store.tickets.admit(found.ticket.id, selected, Math.floor(Date.now() / 1000));
  return redirectWithToast(context, `${DOOR_PATH}?code=${encodeURIComponent(code)}`, admissionMessage(selected.length, admitted.length), {
    headers: { [ADMITTED_HEADER]: String(admitted.length), "Cache-Control": PRIVATE_CACHE_CONTROL },
  });
}
