import type { Pence } from "~/kernel/store/records";
import { scheduleAmount } from "../rules/amount";
import { scheduleDate } from "../rules/date";
import { withoutHyphens } from "../rules/name";
import { normalisePostcode } from "../rules/postcode";

/**
 * HMRC's Gift Aid schedule as cells (docs/requirements.md §14, ADR 74), which both files are
 * written from (ods.server.ts, xlsx.server.ts), so they always agree. HMRC's columns in HMRC's
 * order; one row per payment (no aggregating, no sponsored events: those two columns are left
 * blank, as HMRC asks of a box that does not apply). Text cells for the name, house, postcode
 * and the DD/MM/YY date (a spreadsheet must not turn "05/04/26" into another date or drop a
 * postcode's space); the amount a number shown with two decimals and no £.
 */
export const SCHEDULE_HEADINGS = [
  "Title",
  "First name",
  "Last name",
  "House name or number",
  "Postcode",
  "Aggregated donations",
  "Sponsored event",
  "Donation date",
  "Amount",
] as const;

/** A text cell, an amount (pence: written as pounds with two decimals), or blank. */
export type ScheduleCell = { kind: "text"; value: string } | { kind: "amount"; pence: Pence; text: string } | null;

export interface ScheduleSheet {
  headings: readonly string[];
  rows: ScheduleCell[][];
}

export interface ScheduleRowSource {
  title: string;
  firstName: string;
  lastName: string;
  house: string;
  postcode: string;
  /** UK day, YYYY-MM-DD. */
  paidOn: string;
  amount: Pence;
}

const text = (value: string): ScheduleCell => (value === "" ? null : { kind: "text", value });

/** The cells of a claim's rows (each already free of problems), in HMRC's layout. */
export function scheduleRows(rows: readonly ScheduleRowSource[]): ScheduleSheet {
  return {
    headings: SCHEDULE_HEADINGS,
    rows: rows.map((row) => [
      text(row.title.trim()),
      text(withoutHyphens(row.firstName)),
      text(withoutHyphens(row.lastName)),
      text(row.house.trim()),
      text(normalisePostcode(row.postcode)),
      null,
      null,
      text(scheduleDate(row.paidOn)),
      { kind: "amount", pence: row.amount, text: scheduleAmount(row.amount) },
    ]),
  };
}
