import { describe, expect, it } from "vitest";
import { SCHEDULE_HEADINGS, scheduleRows } from "~/features/gift-aid/schedule/sheet";

describe("the schedule's cells in HMRC's layout (ADR 74)", () => {
  it("has HMRC's columns in HMRC's order", () => {
    expect(scheduleRows([]).headings).toEqual([
      "Title",
      "First name",
      "Last name",
      "House name or number",
      "Postcode",
      "Aggregated donations",
      "Sponsored event",
      "Donation date",
      "Amount",
    ]);
    expect(SCHEDULE_HEADINGS).toHaveLength(9);
  });

  it("writes a row: text cells, blank aggregated and sponsored columns, DD/MM/YY, the amount with two decimals", () => {
    const sheet = scheduleRows([
      { title: "Mrs", firstName: "Anna", lastName: "Smith-Jones", house: "12", postcode: "s19 2bd", paidOn: "2026-04-05", amount: 2500 },
    ]);
    expect(sheet.rows).toEqual([
      [
        { kind: "text", value: "Mrs" },
        { kind: "text", value: "Anna" },
        { kind: "text", value: "Smith Jones" },
        { kind: "text", value: "12" },
        { kind: "text", value: "S19 2BD" },
        null,
        null,
        { kind: "text", value: "05/04/26" },
        { kind: "amount", pence: 2500, text: "25.00" },
      ],
    ]);
  });

  it("a blank title is a blank cell, not an empty string", () => {
    const [row = []] = scheduleRows([
      { title: "", firstName: "J", lastName: "Smith", house: "Rose Cottage", postcode: "M1 1AE", paidOn: "2026-01-09", amount: 1000 },
    ]).rows;
    expect(row[0]).toBeNull();
    expect(row[3]).toEqual({ kind: "text", value: "Rose Cottage" });
  });
});
