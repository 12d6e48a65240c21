import { TICKET_PRICE_FIELDS } from "./event-form-fields";
import type { Role } from "~/kernel/store/records";

/**
 * Who may set the money on the Upcoming event form (/studio/event): each ticket price and its
 * Stripe price id are fees, which an editor never touches (docs/decisions/0038-editor-role.md,
 * as on /studio/settings: settings-field-access.ts). An editor prepares the event, its
 * tickets' title, type, groups and last booking day; an accountant also sets what they cost.
 * No zod here: the form's component imports this. Pure.
 */

/** The form's money fields: every ticket price and its Stripe price id. */
export const EVENT_MONEY_FIELDS: readonly string[] = TICKET_PRICE_FIELDS.flatMap((field) => [field.price, field.priceId]);

const isMoneyField = (name: string) => EVENT_MONEY_FIELDS.includes(name);

/** Whether `role` sets (and sees) the ticket prices and their price ids. */
export const maySetEventMoney = (role: Role): boolean => role === "accountant";

/** The form's values `role` sees: without the money for anyone but an accountant (not even in the page's data). */
export function eventFormValuesFor(role: Role, values: Record<string, string>): Record<string, string> {
  return maySetEventMoney(role) ? values : Object.fromEntries(Object.entries(values).filter(([name]) => !isMoneyField(name)));
}

/**
 * The form as `role` may send it: for anyone but an accountant, every money field is the
 * stored value (`stored`, as the form shows it), whatever was sent, so the checks and the
 * save treat the prices as unchanged.
 */
export function eventFormDataFor(role: Role, sent: FormData, stored: Record<string, string>): FormData {
  if (maySetEventMoney(role)) return sent;
  const kept = new FormData();
  for (const [name, value] of sent) if (!isMoneyField(name)) kept.append(name, value);
  for (const name of EVENT_MONEY_FIELDS) kept.set(name, stored[name] ?? "");
  return kept;
}

/** Whether a refused form's errors name a money field: for an editor, who cannot see them, the page says who sets them. */
export const errorsNameMoney = (fieldErrors: Record<string, unknown> | undefined): boolean => Object.keys(fieldErrors ?? {}).some(isMoneyField);
