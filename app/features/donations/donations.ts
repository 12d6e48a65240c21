import { formatDay } from "../../kernel/dates/dates";
import { dayMoment, ukIsoDay } from "../../kernel/store/received-day";

/**
 * Donations' names, paths and small rules (docs/requirements.md §14, ADR 74). Pure.
 */

/** Every donation's transaction title: its kind says the rest. */
export const DONATION_TITLE = "Donation";

export const DONATE_PATH = "/donate";
export const donateThanksPath = (transactionId: string) => `/donate/thanks/${encodeURIComponent(transactionId)}`;
export const donateCancelledPath = (transactionId: string) => `/donate/cancelled/${encodeURIComponent(transactionId)}`;
export const DONATIONS_REPORT_PATH = "/accounts/donations";

/** A declaration's day as the form says it: "05-03-2026". */
export function givenOnLabel(day: string): string {
  return formatDay(dayMoment(day));
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function realDay(value: string | null | undefined): string | null {
  if (!value || !ISO_DAY.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : null;
}

/** The UK tax year (6 April to 5 April) that holds `day`: the period the report opens on, as Gift Aid counts years. */
export function taxYearOf(day: string): { from: string; to: string } {
  const year = Number(day.slice(0, 4));
  const start = day.slice(5) >= "04-06" ? year : year - 1;
  return { from: `${start}-04-06`, to: `${start + 1}-04-05` };
}

/**
 * The report's period from its query (?from=YYYY-MM-DD&to=YYYY-MM-DD, UK days, inclusive): a
 * missing or unreadable end is the tax year of today's; an end before the start is swapped.
 */
export function donationsPeriod(params: URLSearchParams, now: number): { from: string; to: string } {
  const year = taxYearOf(ukIsoDay(now));
  const from = realDay(params.get("from")) ?? year.from;
  const to = realDay(params.get("to")) ?? year.to;
  return from <= to ? { from, to } : { from: to, to: from };
}

/** The query of a period, for the downloads' links. */
export const periodQuery = (period: { from: string; to: string }) => `from=${period.from}&to=${period.to}`;
