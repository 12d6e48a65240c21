import writeXlsxFile, { type Cell } from "write-excel-file/universal";
import type { ScheduleCell, ScheduleSheet } from "./sheet";

/**
 * The schedule as an Excel file (ADR 74), for a treasurer who pastes it into HMRC's template in
 * Excel: the same cells as the .ods, written by write-excel-file like every back-office Excel
 * download (app/features/office/xlsx.server.ts, ADR 48). Text cells are strings, so the
 * DD/MM/YY date and the postcode stay as written; the amount is a number shown "0.00", no £.
 */

export const XLSX_SCHEDULE_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

function libraryCell(cell: ScheduleCell): Cell {
  if (cell === null) return null;
  if (cell.kind === "text") return { type: String, value: cell.value };
  return { type: Number, value: Math.round(cell.pence) / 100, format: "0.00" };
}

/** The bytes of the .xlsx file: the heading row (bold, kept in view), then a row per payment. */
export async function xlsxScheduleBytes(sheet: ScheduleSheet): Promise<ArrayBuffer> {
  const data: Cell[][] = [
    sheet.headings.map((text) => ({ type: String, value: text, fontWeight: "bold" as const })),
    ...sheet.rows.map((row) => row.map(libraryCell)),
  ];
  const blob = await writeXlsxFile(data, { sheet: "Gift Aid schedule", stickyRowsCount: 1 }).toBlob();
  return blob.arrayBuffer();
}
