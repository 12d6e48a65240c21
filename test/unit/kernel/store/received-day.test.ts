import { describe, expect, it } from "vitest";
import { dayMoment, receivedDay, totalsMonth, ukIsoDay } from "~/kernel/store/received-day";
import { formatDay } from "~/kernel/dates/dates";

/** The day the money came (docs/requirements.md §6.9, ADR 64). */
describe("the day received", () => {
  it("is the day an accountant recorded, whenever it was entered", () => {
    const enteredInNovember = Date.UTC(2026, 10, 26, 12) / 1000;
    expect(receivedDay({ paidOn: "2026-09-27", settledAt: enteredInNovember, createdAt: enteredInNovember })).toBe("2026-09-27");
  });

  it("is otherwise the UK day it settled, else the day it was made", () => {
    // 23:30 UTC on 31 March is 00:30 BST on 1 April.
    expect(receivedDay({ paidOn: null, settledAt: Date.UTC(2026, 2, 31, 23, 30) / 1000, createdAt: 0 })).toBe("2026-04-01");
    // In winter London is on UTC.
    expect(receivedDay({ paidOn: undefined, settledAt: null, createdAt: Date.UTC(2026, 0, 31, 23, 30) / 1000 })).toBe("2026-01-31");
    // Something that is not a day is not believed.
    expect(receivedDay({ paidOn: "27/09/2026", settledAt: Date.UTC(2026, 10, 26, 12) / 1000, createdAt: 0 })).toBe("2026-11-26");
    expect(ukIsoDay(Date.UTC(2026, 6, 1, 23, 30) / 1000)).toBe("2026-07-02");
  });

  it("as a moment is noon UTC, the same UK day summer and winter (the downloads' dates)", () => {
    expect(dayMoment("2026-09-27")).toBe(Date.UTC(2026, 8, 27, 12) / 1000);
    expect(formatDay(dayMoment("2026-09-27"))).toBe("27-09-2026");
    expect(formatDay(dayMoment("2026-01-01"))).toBe("01-01-2026");
    expect(ukIsoDay(dayMoment("2026-06-30"))).toBe("2026-06-30");
  });

  it("counts in its month of the subscription year, or in none when the money came in another year", () => {
    expect(totalsMonth(2026, "2026-09-27")).toBe(9);
    expect(totalsMonth(2026, "2026-01-01")).toBe(1);
    expect(totalsMonth(2026, "2025-12-31")).toBe(0);
    expect(totalsMonth(2026, "")).toBe(0);
  });
});
