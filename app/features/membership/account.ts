import { parts } from "../../kernel/dates/dates";

/** Texts and formats of the account pages (docs/requirements.md §2.6, §2.7), shared by the pages and their tests. */

export const NO_TRANSACTIONS_MESSAGE = "You have no transactions!";
export const NO_TICKETS_MESSAGE = "You have no open tickets!";
export const DETAILS_UPDATED_MESSAGE = "Details Updated.";
/** Shown on Edit Account while a Single member adds family. */
export const UPGRADE_AFTER_PAYMENT_NOTE =
  "Saving your family details takes you to the payment for the upgrade. Your membership becomes Family once it is paid.";

/** The date display of docs/requirements.md §1.1, day-month-year hour:minute, in UK time: "05-03-2026 14:07". */
export function formatDateTime(at: number): string {
  const p = parts(at, { day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}`;
}

export const accountStatusLabel = (active: boolean) => (active ? "Active" : "Suspended");
export const registrationPaymentLabel = (paid: boolean) => (paid ? "Paid" : "Not paid");
