import { stringify, type Options } from "csv-stringify/sync";
import { parts } from "../domain/dates";
import { CSV_HEADER, memberCsvRecord, memberRow } from "../domain/member-table";
import type { Member } from "../domain/records";

/**
 * The members CSV export (ARCHITECTURE.md point 10), written by csv-stringify
 * rather than by hand:
 * - RFC 4180: CRLF after every record, a field quoted when it holds a comma, a
 *   double quote (doubled inside) or a line break, and only then;
 * - UTF-8 with a byte order mark, so that Excel reads "Zoë" as "Zoë";
 * - formulas neutralised: `escape_formulas` puts a single quote before a text cell
 *   that starts with = + - @, a tab or a carriage return (or their full-width
 *   forms), so a spreadsheet shows `'=HYPERLINK(...)` as text instead of running it.
 *   Numbers are left alone (a negative number stays a number); every cell we send
 *   is text except Children Count.
 *
 * `csv-stringify/sync` is the library's plain ES module build (lib/sync.js): no
 * Node streams, only the `Buffer` global, which the Worker has (nodejs_compat).
 */

export const UTF8_BOM = "\uFEFF";

const OPTIONS: Options = {
  record_delimiter: "\r\n",
  // Needed: with an explicit record_delimiter the library stops quoting a cell that
  // holds a lone "\n" or "\r" (it defaults this to false), which breaks the row.
  quote_record_delimiter: true,
  escape_formulas: true,
  eof: true,
};

/** The CSV text of a header row and records, BOM first. */
export function csvText(header: readonly string[], records: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return UTF8_BOM + stringify([header, ...records] as unknown[][], OPTIONS);
}

/** The members as the table shows them (13 columns plus Notes), for `year`'s colours and ages. */
export function membersCsv(members: readonly Member[], year: number): string {
  return csvText(
    CSV_HEADER,
    members.map((member) => memberCsvRecord(memberRow(member, year))),
  );
}

/** `members-2026-11-21.csv` (the day in UK time), or `deleted-members-…` for the deleted list. */
export function membersCsvFilename(deleted: boolean, now: Date = new Date()): string {
  const day = parts(Math.floor(now.getTime() / 1000), { day: "2-digit", month: "2-digit", year: "numeric" });
  return `${deleted ? "deleted-members" : "members"}-${day.year}-${day.month}-${day.day}.csv`;
}
