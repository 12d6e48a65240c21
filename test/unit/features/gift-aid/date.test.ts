import { describe, expect, it } from "vitest";
import { scheduleDate } from "~/features/gift-aid/rules/date";

describe("the donation date for HMRC's schedule (ADR 74)", () => {
  it("is DD/MM/YY", () => {
    expect(scheduleDate("2026-04-05")).toBe("05/04/26");
    expect(scheduleDate("2030-12-31")).toBe("31/12/30");
    expect(scheduleDate("2009-01-09")).toBe("09/01/09");
  });

  it("refuses what is not a day", () => {
    expect(() => scheduleDate("5/4/2026")).toThrow();
  });
});
