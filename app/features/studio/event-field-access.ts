import { TICKET_PRICE_FIELDS } from "./event-form-fields";
import type { Role } from "~/kernel/store/records";

/**
 * Who may set the tickets on the event form (/studio/events/new, /studio/events/:id;
 * docs/requirements.md §7.3): each ticket price and its Stripe price id are fees, which an
 * editor never touches (docs/decisions/0038-editor-role.md, as on /studio/settings:
 * settings-field-access.ts), and what is sold, how many places and when booking opens and
 * closes go with them. An editor prepares the event: its text, photo, date, times, venue and
 * whether it is published; an accountant also sets its tickets. No zod here: the form's
 * component imports this. Pure.
 */

/** The form's tickets fields: type, groups, capacity, the booking days, every ticket price and its Stripe price id. */
export const EVENT_ACCOUNTANT_FIELDS: readonly string[] = [
  "ticketType",
  "ticketPattern",
  "capacity",
  "bookingOpensOn",
  "lastBookingDate",
  ...TICKET_PRICE_FIELDS.flatMap((field) => [field.price, field.priceId]),
];

const isAccountantField = (name: string) => EVENT_ACCOUNTANT_FIELDS.includes(name);

/** Whether `role` sets (and sees) the event's tickets: prices, price ids, type, groups, capacity and booking days. */
export const maySetEventTickets = (role: Role): boolean => role === "accountant";

/** The form's values `role` sees: without the tickets' fields for anyone but an accountant (not even in the page's data). */
export function eventFormValuesFor(role: Role, values: Record<string, string>): Record<string, string> {
  return maySetEventTickets(role) ? values : Object.fromEntries(Object.entries(values).filter(([name]) => !isAccountantField(name)));
}

/**
 * The form as `role` may send it: for anyone but an accountant, every tickets field is the
 * stored value (`stored`, as the form shows it), whatever was sent, so the checks and the
 * save treat them as unchanged.
 */
export function eventFormDataFor(role: Role, sent: FormData, stored: Record<string, string>): FormData {
  if (maySetEventTickets(role)) return sent;
  const kept = new FormData();
  for (const [name, value] of sent) if (!isAccountantField(name)) kept.append(name, value);
  for (const name of EVENT_ACCOUNTANT_FIELDS) kept.set(name, stored[name] ?? "");
  return kept;
}

/** Whether a refused form's errors name a tickets field: for an editor, who cannot see them, the page says who sets them. */
export const errorsNameTickets = (fieldErrors: Record<string, unknown> | undefined): boolean => Object.keys(fieldErrors ?? {}).some(isAccountantField);
