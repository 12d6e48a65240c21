import { currentYear } from "~/kernel/dates/dates";
import type { AppLoadContext } from "@remix-run/cloudflare";
import {
  chosenDoorEvent,
  doorCard,
  doorEvents,
  eventChoices,
  householdAtDoor,
  selectedForAdmission,
  stillToCome,
  wrongEventMessage,
  type DoorCard,
  type EventChoice,
} from "./door";
import { DOOR_INPUT_MAX, NO_TICKET, type DoorSave } from "./door-form";
import type { EventRecord, Ticket } from "~/kernel/store/records";
import { REFUNDED_TICKET } from "~/features/payments";
import { ukToday } from "~/features/tickets";
import { allEvents, findTicketForDoor } from "~/features/tickets/index.server";
import { nowSeconds } from "~/kernel/store/ids";

/**
 * The door's I/O (/scan-qr-code): look a ticket up from what the camera read or a
 * steward typed, show its card, and admit the people a SAVE selects (the store's
 * admit is one conditional UPDATE: each person once, however many phones SAVE).
 * Door stewards and accountants (ADR 65): the route guards.
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

/**
 * The events at the door and the one the steward chose (docs/requirements.md §5.8): every
 * event is read (a handful a year), so a ticket's own event is found among them too.
 */
async function doorEventsFor(context: AppLoadContext, chosenId: string, now: number) {
  // A site whose event is still only in the old settings gets its first record (ADR 60).
  const all = await allEvents(context);
  const today = ukToday(now);
  return { all, listed: doorEvents(all, today), chosen: chosenDoorEvent(all, chosenId, today) };
}

/**
 * The household's paid tickets for the chosen event with someone still to come, refunded ones
 * left out (they no longer admit): what "Admit everyone" admits (ADR 65). A household is the
 * member who booked: their tickets, whoever is named on them.
 */
async function householdTickets(context: AppLoadContext, userId: string, eventId: string): Promise<Ticket[]> {
  const open = (await context.store.tickets.listOpenByUser(userId)).filter((t) => t.eventId === eventId);
  const refunded = await Promise.all(open.map((t) => context.store.refunds.isTicketRefunded(t.id)));
  return open.filter((_, i) => !refunded[i]);
}

/** The ticket's own event: null for a ticket of no event (sold before events were records) or one since gone. */
const ownEvent = (ticket: Ticket, all: EventRecord[]) => (ticket.eventId === null ? null : (all.find((e) => e.id === ticket.eventId) ?? null));

export interface DoorPage {
  code: string;
  /** The chooser's options (soonest first) and the chosen event's id ("" when there is none). */
  events: EventChoice[];
  event: string;
  lookup: DoorLookup;
}

/** The page for the URL's `event` and `code` (empty when there is none): the ticket's card, or why not. */
export async function loadDoor(context: AppLoadContext, url: string, now = nowSeconds()): Promise<DoorPage> {
  const params = new URL(url).searchParams;
  const code = inputOf(params.get("code"));
  const { all, listed, chosen } = await doorEventsFor(context, inputOf(params.get("event")), now);
  let lookup: DoorLookup = { kind: "empty" };
  if (params.has("code")) {
    const found = await paidTicket(context, code);
    if (!found.ok) lookup = { kind: "error", message: found.message };
    else {
      const member = await context.store.members.getById(found.ticket.userId);
      const card = doorCard(found.ticket, member, currentYear(), ownEvent(found.ticket, all), chosen);
      if (chosen && card.wrongEvent === null) card.household = householdAtDoor(await householdTickets(context, found.ticket.userId, chosen.id));
      lookup = { kind: "card", card };
    }
  }
  return { code, events: eventChoices(listed), event: chosen?.id ?? "", lookup };
}

export type Admission =
  { ok: true; selected: number; admitted: number; event: string; ticket: Pick<Ticket, "id" | "code" | "title" | "userId"> } | { ok: false; message: string };

/**
 * A SAVE (parsed with doorSaveSchema): admits the ticked people of a paid ticket for the
 * chosen event (the form's, else the default one), each once.
 */
export async function admitAtDoor(context: AppLoadContext, { code, person, event }: DoorSave, now = nowSeconds()): Promise<Admission> {
  const found = await paidTicket(context, code);
  if (!found.ok) return found;
  // A paid ticket of another event (last year's Christmas party, the summer picnic) is never admitted, whatever the page said.
  const { all, chosen } = await doorEventsFor(context, event, now);
  const refused = wrongEventMessage(found.ticket, ownEvent(found.ticket, all), chosen);
  if (refused) return { ok: false, message: refused };
  const selected = selectedForAdmission(found.ticket, person);
  if (selected.length === 0) return { ok: false, message: NOTHING_SELECTED };
  const admitted = await context.store.tickets.admit(found.ticket.id, selected, Math.floor(Date.now() / 1000));
  const { id, code: ticketCode, title, userId } = found.ticket;
  return { ok: true, selected: selected.length, admitted: admitted.length, event: chosen?.id ?? "", ticket: { id, code: ticketCode, title, userId } };
}

export type HouseholdAdmission =
  | {
      ok: true;
      selected: number;
      admitted: number;
      tickets: Array<{ ticket: Pick<Ticket, "id" | "code" | "title" | "userId">; admitted: number }>;
      event: string;
    }
  | { ok: false; message: string };

/**
 * "Admit everyone" (ADR 65): from one ticket of the household, admits everyone still to come on
 * the household's tickets for the chosen event, each person once (the store's admit), however
 * many phones press it. A ticket of another event is refused as SAVE refuses it.
 */
export async function admitHousehold(
  context: AppLoadContext,
  { code, event }: Pick<DoorSave, "code" | "event">,
  now = nowSeconds(),
): Promise<HouseholdAdmission> {
  const found = await paidTicket(context, code);
  if (!found.ok) return found;
  const { all, chosen } = await doorEventsFor(context, event, now);
  const refused = wrongEventMessage(found.ticket, ownEvent(found.ticket, all), chosen);
  if (refused || !chosen) return { ok: false, message: refused ?? NO_TICKET };
  const household = await householdTickets(context, found.ticket.userId, chosen.id);
  const at = Math.floor(Date.now() / 1000);
  let selected = 0;
  const tickets = await Promise.all(
    household.map(async (ticket) => {
      const people = stillToCome(ticket);
      selected += people.length;
      const admitted = (await context.store.tickets.admit(ticket.id, people, at)).length;
      const { id, code: ticketCode, title, userId } = ticket;
      return { ticket: { id, code: ticketCode, title, userId }, admitted };
    }),
  );
  return { ok: true, selected, admitted: tickets.reduce((sum, t) => sum + t.admitted, 0), tickets, event: chosen.id };
}
