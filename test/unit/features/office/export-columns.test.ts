import { readSheet } from "read-excel-file/universal";
import { describe, expect, it } from "vitest";
import { csvCell, exportCsv, exportFile, exportHeader, exportSheet, sheetCell, ukDay, type ExportColumn } from "~/features/office/export-columns";
import { xlsxFilename, xlsxHref } from "~/kernel/layout/back-office/export-links";
import { xlsxBytes } from "~/features/office/xlsx.server";

// 23:30 UTC on 30 June 2026 is 00:30 on 1 July in London (BST).
const LATE_JUNE = Date.UTC(2026, 5, 30, 23, 30) / 1000;

interface Sale {
  ref: string;
  phone: string;
  pence: number;
  at: number;
  count: number | null;
}

const COLUMNS: ReadonlyArray<ExportColumn<Sale>> = [
  { header: "Member ID", kind: "text", value: (s) => s.ref },
  { header: "Mobile", kind: "text", value: (s) => s.phone },
  { header: "Amount", kind: "money", value: (s) => s.pence },
  { header: "Date", kind: "date", value: (s) => s.at },
  { header: "Count", kind: "number", value: (s) => s.count },
];
const SALE: Sale = { ref: "MMA0001", phone: "07700 900123", pence: 3750, at: LATE_JUNE, count: 3 };

describe("export columns: headings", () => {
  it("adds (£) to a money column only", () => {
    expect(exportHeader({ header: "Amount", kind: "money" })).toBe("Amount (£)");
    expect(exportHeader({ header: "Amount", kind: "text" })).toBe("Amount");
    expect(exportHeader({ header: "Date", kind: "date" })).toBe("Date");
  });
});

describe("export columns: CSV cells", () => {
  it("writes money as plain pounds with two decimals, never a £ or a thousands comma", () => {
    expect(csvCell("money", 3750)).toBe("37.50");
    expect(csvCell("money", 2000)).toBe("20.00");
    expect(csvCell("money", 123456)).toBe("1234.56");
    expect(csvCell("money", 5)).toBe("0.05");
    expect(csvCell("money", 0)).toBe("0.00");
  });

  it("writes a date as the UK day, text as it is, numbers as numbers, null as empty", () => {
    expect(csvCell("date", LATE_JUNE)).toBe("01-07-2026");
    expect(csvCell("text", "07700 900123")).toBe("07700 900123");
    expect(csvCell("number", 2026)).toBe(2026);
    expect(csvCell("money", null)).toBe("");
  });

  it("makes the heading row and one record per row, in the columns' order", () => {
    expect(exportCsv({ columns: COLUMNS, rows: [SALE] })).toEqual({
      header: ["Member ID", "Mobile", "Amount (£)", "Date", "Count"],
      records: [["MMA0001", "07700 900123", "37.50", "01-07-2026", 3]],
      moneyColumns: [2],
    });
  });
});

describe("export columns: Excel cells", () => {
  it("keeps the UK day of a moment as midnight UTC, so Excel shows the same day as the CSV", () => {
    expect(ukDay(LATE_JUNE).toISOString()).toBe("2026-07-01T00:00:00.000Z");
    // Winter: GMT, no shift.
    expect(ukDay(Date.UTC(2026, 0, 9, 23, 59) / 1000).toISOString()).toBe("2026-01-09T00:00:00.000Z");
  });

  it("types each cell by its column: pounds, dates, text, numbers; empty values stay empty", () => {
    expect(sheetCell("money", 3750)).toEqual({ kind: "money", value: 37.5 });
    expect(sheetCell("date", LATE_JUNE)).toEqual({ kind: "date", value: new Date(Date.UTC(2026, 6, 1)) });
    expect(sheetCell("text", "07700 900123")).toEqual({ kind: "text", value: "07700 900123" });
    expect(sheetCell("number", 2)).toEqual({ kind: "number", value: 2 });
    expect(sheetCell("text", "")).toBeNull();
    expect(sheetCell("number", null)).toBeNull();
    expect(exportSheet({ columns: COLUMNS, rows: [{ ...SALE, count: null }] }).rows[0]!.at(-1)).toBeNull();
  });
});

describe("export columns: the Excel file", () => {
  it("reads back with numbers, dates and text where the columns say, leading zeros kept", async () => {
    const hostile = { ...SALE, ref: '=HYPERLINK("http://evil","x")', phone: "+44 7700 900456", pence: 123456 };
    const bytes = await xlsxBytes(exportFile("sales-2026-07-01.csv", { columns: COLUMNS, rows: [SALE, hostile] }));
    const [header, first, second] = await readSheet(bytes);
    expect(header).toEqual(["Member ID", "Mobile", "Amount (£)", "Date", "Count"]);
    expect(first).toEqual(["MMA0001", "07700 900123", 37.5, new Date(Date.UTC(2026, 6, 1)), 3]);
    // A formula-looking text is text (never run), a "+" phone is text, not a number.
    expect(second!.slice(0, 3)).toEqual(['=HYPERLINK("http://evil","x")', "+44 7700 900456", 1234.56]);
  });
});

describe("export links and names", () => {
  it("swaps .csv for .xlsx in the path only, keeping the query", () => {
    expect(xlsxHref("/accounts/export.csv?q=a.csv&list=deleted")).toBe("/accounts/export.xlsx?q=a.csv&list=deleted");
    expect(xlsxHref("/mem-renewals/pending.csv")).toBe("/mem-renewals/pending.xlsx");
    expect(xlsxFilename("members-2026-11-21.csv")).toBe("members-2026-11-21.xlsx");
  });
});
