import { describe, expect, it } from "vitest";
import { xlsxScheduleBytes } from "~/features/gift-aid/schedule/xlsx.server";
import { scheduleRows } from "~/features/gift-aid/schedule/sheet";
import { xlsxCells } from "../../../support/gift-aid-schedule";

const sheet = scheduleRows([
  { title: "Dr", firstName: "Ada", lastName: "Byron-King", house: "12", postcode: "sw1a1aa", paidOn: "2026-06-01", amount: 1000 },
  { title: "", firstName: "Ben", lastName: "Cole", house: "Rose Cottage", postcode: "M1 1AE", paidOn: "2027-01-09", amount: 2550 },
]);

describe("the schedule as an Excel file (ADR 74)", () => {
  it("has the same headings and rows as the .ods, cell by cell: strings for text, numbers shown 0.00 for amounts", async () => {
    const [headings = [], first = [], second = []] = xlsxCells(new Uint8Array(await xlsxScheduleBytes(sheet)));
    expect(headings.map((c) => c.text)).toEqual(sheet.headings);
    expect(first.map((c) => c.text)).toEqual(["Dr", "Ada", "Byron King", "12", "SW1A 1AA", "", "", "01/06/26", "10"]);
    for (const i of [0, 1, 2, 3, 4, 7]) expect(["s", "inlineStr"]).toContain(first[i]?.type);
    expect(first[8]).toMatchObject({ type: "n", value: "10", style: "0.00" });
    expect(second.map((c) => c.text)).toEqual(["", "Ben", "Cole", "Rose Cottage", "M1 1AE", "", "", "09/01/27", "25.5"]);
    expect(second[8]).toMatchObject({ type: "n", style: "0.00" });
  });
});
