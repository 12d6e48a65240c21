import { parts } from "../dates/dates";
import type { Transaction } from "./records";

/**
 * The day the money came (docs/requirements.md §6.9, ADR 64): what the subscriptions report,
 * its chart, its downloads and the running totals per year read. An offline payment carries
 * the day the accountant recorded it arriving (`paidOn`); a card payment came the day it
 * settled; an imported record without either, the day it was made. The day it was entered
 * stays in the activity log.
 */

/** The UK day (YYYY-MM-DD) of a moment in Unix seconds. */
export function ukIsoDay(at: number): string {
  const { year, month, day } = parts(at, { year: "numeric", month: "2-digit", day: "2-digit" });
  return `${year}-${month}-${day}`;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UK day the money of a transaction came. */
export function receivedDay(transaction: Pick<Transaction, "paidOn" | "settledAt" | "createdAt">): string {
  if (transaction.paidOn && ISO_DAY.test(transaction.paidOn)) return transaction.paidOn;
  return ukIsoDay(transaction.settledAt ?? transaction.createdAt);
}

/**
 * A UK day as a moment (Unix seconds) for what takes moments (the downloads' date columns,
 * the chart's months): noon UTC, which is the same day in London in summer and winter.
 */
export function dayMoment(day: string): number {
  const match = ISO_DAY.exec(day);
  if (!match) return 0;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12) / 1000;
}

/**
 * The month a paid renewal counts in within the running totals of its subscription year:
 * 1–12, the month its money was received when that is in the same year; 0 when it came in
 * another year (it counts in the year's total, in no month of its chart).
 */
export function totalsMonth(year: number, received: string): number {
  const match = ISO_DAY.exec(received);
  if (!match || Number(match[1]) !== year) return 0;
  return Number(match[2]);
}
