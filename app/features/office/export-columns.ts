import { parts } from "../../kernel/dates/dates";
import { methodLabel } from "../payments";
import { formatDay } from "../../kernel/dates/dates";
import type { Transaction } from "../../kernel/store/records";

/**
 * One column model for the back office's downloads (ADR 48): each table says once what
 * its columns are and what kind of value each holds, and both files are written from
 * that, so the CSV and the Excel file always agree.
 * - text: written as text in both (so "07700 900123" and "MMA0001" keep their leading 0);
 * - money: pence in, pounds out: a plain number in the CSV ("37.50", heading "Amount (£)"),
 *   a number with a £ format in Excel (so it adds up);
 * - date: Unix seconds in; the UK day "05-03-2026" in the CSV, a real date cell in Excel;
 * - number: a count or a year, a number in both.
 * `null` is an empty cell.
 */

export type ExportKind = "text" | "money" | "date" | "number";
export type ExportValue = string | number | null;

export interface ExportColumn<Source> {
  header: string;
  kind: ExportKind;
  value: (source: Source) => ExportValue;
}

/** A download's columns and the records it lists (members, transactions, tickets). */
export interface ExportTable<Source> {
  columns: ReadonlyArray<ExportColumn<Source>>;
  rows: readonly Source[];
}

/** A money column says its unit in its heading, as its cells are bare numbers. */
export function exportHeader(column: Pick<ExportColumn<unknown>, "header" | "kind">): string {
  return column.kind === "money" ? `${column.header} (£)` : column.header;
}

/** Pence as pounds, rounded to the penny (3750 → 37.5). */
export function pounds(pence: number): number {
  return Math.round(pence) / 100;
}

// ---- CSV -----------------------------------------------------------------------

/** A CSV cell: money as "37.50" (two decimals, no £, no thousands comma), a date as the UK day. */
export function csvCell(kind: ExportKind, value: ExportValue): string | number {
  if (value === null) return "";
  switch (kind) {
    case "money":
      return pounds(Number(value)).toFixed(2);
    case "date":
      return formatDay(Number(value));
    case "number":
      return Number(value);
    case "text":
      return String(value);
  }
}

export function exportCsv<Source>(table: ExportTable<Source>) {
  return {
    header: table.columns.map(exportHeader),
    records: table.rows.map((row) => table.columns.map((column) => csvCell(column.kind, column.value(row)))),
    /** Which columns hold money: the CSV writer keeps a refund's "-20.00" a plain number there (docs/requirements.md §6.8). */
    moneyColumns: table.columns.flatMap((column, i) => (column.kind === "money" ? [i] : [])),
  };
}

// ---- Excel -----------------------------------------------------------------------

/** The cells of the Excel file, before the library writes them. */
export type SheetCell =
  { kind: "text"; value: string } | { kind: "money"; value: number } | { kind: "date"; value: Date } | { kind: "number"; value: number } | null;

/** Excel's number formats: pounds with pence, and the UK day. */
export const MONEY_FORMAT = '"£"#,##0.00';
export const DATE_FORMAT = "dd/mm/yyyy";

/**
 * The UK day of a moment, as Excel stores a date: midnight UTC of that day (Excel
 * dates have no time zone, and the library counts days from the UTC time). A payment
 * at 00:30 on 1 July in London is 30 June in UTC, but 1 July here, as in the CSV.
 */
export function ukDay(at: number): Date {
  const p = parts(at, { day: "2-digit", month: "2-digit", year: "numeric" });
  return new Date(Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day)));
}

export function sheetCell(kind: ExportKind, value: ExportValue): SheetCell {
  if (value === null || value === "") return null;
  switch (kind) {
    case "money":
      return { kind, value: pounds(Number(value)) };
    case "date":
      return { kind, value: ukDay(Number(value)) };
    case "number":
      return { kind, value: Number(value) };
    case "text":
      return { kind, value: String(value) };
  }
}

export function exportSheet<Source>(table: ExportTable<Source>) {
  return {
    header: table.columns.map(exportHeader),
    rows: table.rows.map((row) => table.columns.map((column) => sheetCell(column.kind, column.value(row)))),
  };
}

// ---- One download, either format ---------------------------------------------------

/** A download ready to be written as either file; the route picks the format. */
export interface ExportFile {
  /** The CSV's name (`members-2026-11-21.csv`); the Excel file swaps the extension. */
  filename: string;
  csv(): { header: string[]; records: Array<Array<string | number>>; moneyColumns?: number[] };
  sheet(): { header: string[]; rows: SheetCell[][] };
}

export function exportFile<Source>(filename: string, table: ExportTable<Source>): ExportFile {
  return { filename, csv: () => exportCsv(table), sheet: () => exportSheet(table) };
}

// ---- Offline payments (docs/requirements.md §4.9) ---------------------------------------

/** Every download that lists transactions ends with how each was paid, and the transfer's or cheque's reference. */
export const PAYMENT_METHOD_EXPORT: ReadonlyArray<ExportColumn<Pick<Transaction, "method" | "reference">>> = [
  { header: "Method", kind: "text", value: (t) => methodLabel(t.method) },
  { header: "Reference", kind: "text", value: (t) => t.reference ?? null },
];
