import { stringify, type Options } from "csv-stringify/sync";
import type { ExportFile } from "./export-columns";
import { privateFileHeaders } from "~/kernel/http/response-headers";

/**
 * Every CSV download of the back office (ADR 13, docs/requirements.md §6.8), written by
 * csv-stringify rather than by hand:
 * - RFC 4180: CRLF after every record, a field quoted when it holds a comma, a
 *   double quote (doubled inside) or a line break, and only then;
 * - UTF-8 with a byte order mark, so that Excel reads "Zoë" as "Zoë";
 * - formulas neutralised: `escape_formulas` puts a single quote before a text cell
 *   that starts with = + - @, a tab or a carriage return (or their full-width
 *   forms), so a spreadsheet shows `'=HYPERLINK(...)` as text instead of running it.
 *   Numbers are left alone (a negative number stays a number).
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

export type CsvRecords = ReadonlyArray<ReadonlyArray<string | number>>;

/** A money cell as csvCell writes it: "37.50", or a refund's "-37.50". */
const MONEY_CELL = /^-?\d+\.\d{2}$/;

/**
 * The CSV text of a header row and records, BOM first. In the `moneyColumns` (docs/requirements.md §4.10:
 * refunds are negative amounts) a cell that is exactly a sum of money skips the formula
 * guard, so "-20.00" stays a number a spreadsheet adds up; any other text there is still guarded.
 */
export function csvText(header: readonly string[], records: CsvRecords, options: { moneyColumns?: readonly number[] } = {}): string {
  const money = new Set(options.moneyColumns ?? []);
  if (money.size === 0) return UTF8_BOM + stringify([header, ...records] as unknown[][], OPTIONS);
  return (
    UTF8_BOM +
    stringify([header, ...records] as unknown[][], {
      ...OPTIONS,
      cast: {
        string: (value, context) => (!context.header && money.has(Number(context.index)) && MONEY_CELL.test(value) ? { value, escape_formulas: false } : value),
      },
    })
  );
}

/** A CSV file as a download: private (the back office's data), never sniffed as anything else. */
export function csvResponse(filename: string, header: readonly string[], records: CsvRecords, options: { moneyColumns?: readonly number[] } = {}): Response {
  return new Response(csvText(header, records, options), {
    headers: privateFileHeaders("text/csv; charset=utf-8", `attachment; filename="${filename}"`),
  });
}

/** A download (ADR 48's column model) as its CSV file. */
export function csvDownload(file: ExportFile): Response {
  const { header, records, moneyColumns } = file.csv();
  return csvResponse(file.filename, header, records, { moneyColumns });
}
