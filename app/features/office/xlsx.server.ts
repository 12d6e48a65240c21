import writeXlsxFile, { type Cell } from "write-excel-file/universal";
import { DATE_FORMAT, MONEY_FORMAT, type ExportFile, type SheetCell } from "./export-columns";
import { xlsxFilename } from "~/kernel/layout/back-office/export-links";
import { privateFileHeaders } from "~/kernel/http/response-headers";

/**
 * Every Excel download of the back office (ADR 48): the same column model as the CSV,
 * written by write-excel-file's universal build (no Node fs or streams: it runs in the
 * Worker; the zip step is made synchronous at build time, see vite.config.ts). Only
 * server routes import this file, so the library never reaches a browser.
 * - text cells are strings (a phone "07700…" or "MMA0001" keeps its leading 0, and a
 *   cell that starts with "=" is text, never a formula: the library writes no formulas
 *   unless asked);
 * - money is a number with a £ format, dates are date cells, counts and years numbers;
 * - the heading row is bold and stays in view when scrolling.
 */

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

function libraryCell(cell: SheetCell): Cell {
  if (cell === null) return null;
  switch (cell.kind) {
    case "text":
      return { type: String, value: cell.value };
    case "money":
      return { type: Number, value: cell.value, format: MONEY_FORMAT };
    case "date":
      return { type: Date, value: cell.value, format: DATE_FORMAT };
    case "number":
      return { type: Number, value: cell.value };
  }
}

/** The bytes of the Excel file of a download: one sheet, the heading row then the records. */
export async function xlsxBytes(file: ExportFile): Promise<ArrayBuffer> {
  const { header, rows } = file.sheet();
  const data: Cell[][] = [header.map((text) => ({ type: String, value: text, fontWeight: "bold" as const })), ...rows.map((row) => row.map(libraryCell))];
  const blob = await writeXlsxFile(data, { sheet: "Sheet1", stickyRowsCount: 1 }).toBlob();
  return blob.arrayBuffer();
}

/** A download as its Excel file: private (the back office's data), never sniffed as anything else. */
export async function xlsxDownload(file: ExportFile): Promise<Response> {
  return new Response(await xlsxBytes(file), {
    headers: privateFileHeaders(XLSX_CONTENT_TYPE, `attachment; filename="${xlsxFilename(file.filename)}"`),
  });
}
