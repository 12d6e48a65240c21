import { describe, expect, it } from "vitest";
import { exportCsv } from "~/features/office/export-columns";
import { csvText, UTF8_BOM } from "~/features/office/csv.server";

/**
 * Refunds (docs/requirements.md §4.10) put negative amounts in the exports: in a money column
 * "-20.00" must stay a plain number, while the formula guard still neutralises text that
 * starts with "-" or "=" everywhere else, and in a money column anything that is not exactly a
 * sum of money.
 */
const body = (text: string) => text.slice(UTF8_BOM.length);

describe("money cells in the CSV", () => {
  it("a negative amount in a money column is written as a plain number", () => {
    expect(body(csvText(["Name", "Amount (£)"], [["Refund", "-20.00"]], { moneyColumns: [1] }))).toBe("Name,Amount (£)\r\nRefund,-20.00\r\n");
  });

  it("text elsewhere, and anything that is not money in a money column, is still guarded", () => {
    const text = body(
      csvText(
        ["Name", "Amount (£)"],
        [
          ["-20.00", "-1+2"],
          ["=HYPERLINK(1)", "=1"],
        ],
        { moneyColumns: [1] },
      ),
    );
    expect(text).toBe("Name,Amount (£)\r\n'-20.00,'-1+2\r\n'=HYPERLINK(1),'=1\r\n");
  });

  it("without money columns nothing changes: a text cell starting with - is guarded", () => {
    expect(body(csvText(["Amount"], [["-20.00"]]))).toBe("Amount\r\n'-20.00\r\n");
  });

  it("the column model names its money columns, so an export's refund lines stay numbers", () => {
    const csv = exportCsv({
      columns: [
        { header: "Who", kind: "text", value: (row: { who: string; pence: number }) => row.who },
        { header: "Amount", kind: "money", value: (row: { who: string; pence: number }) => row.pence },
      ],
      rows: [
        { who: "Paid", pence: 2000 },
        { who: "Refunded", pence: -2000 },
      ],
    });
    expect(csv.moneyColumns).toEqual([1]);
    expect(body(csvText(csv.header, csv.records, { moneyColumns: csv.moneyColumns }))).toBe("Who,Amount (£)\r\nPaid,20.00\r\nRefunded,-20.00\r\n");
  });
});
