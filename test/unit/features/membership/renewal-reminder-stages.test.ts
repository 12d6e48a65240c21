import { describe, expect, it } from "vitest";
import { dueStage, formatStages, parseStages, REMINDER_STAGE_MESSAGES, reminderStageLines, ukDate } from "~/features/membership/renewal-reminder-stages";

const STAGES = ["09-01", "10-01", "11-01"];

describe("renewal reminder stages", () => {
  it("reads the dates accountants type, in date order", () => {
    expect(parseStages("1 November, 1 September; 1 Oct")).toEqual({ ok: true, keys: ["09-01", "10-01", "11-01"] });
    expect(parseStages("September 15th\n29 feb")).toEqual({ ok: true, keys: ["02-29", "09-15"] });
    expect(parseStages("  ")).toEqual({ ok: true, keys: [] });
  });

  it("says what it could not read", () => {
    expect(parseStages("1 Septober, 31 April, 1 Sep, 1 September")).toEqual({
      ok: false,
      errors: [REMINDER_STAGE_MESSAGES.one("1 Septober"), REMINDER_STAGE_MESSAGES.day("31 April"), REMINDER_STAGE_MESSAGES.twice("1 September")],
    });
    expect(parseStages("tomorrow")).toEqual({ ok: false, errors: [REMINDER_STAGE_MESSAGES.one("tomorrow")] });
  });

  it("shows the stages as they were typed", () => {
    expect(formatStages(["11-01", "09-01", "bad"])).toBe("1 September, 1 November");
  });

  it("is due from its date to the next stage's, and never before the first", () => {
    expect(dueStage(STAGES, { year: 2026, month: 8, day: 31 })).toBeNull();
    expect(dueStage(STAGES, { year: 2026, month: 9, day: 1 })).toBe("09-01");
    expect(dueStage(STAGES, { year: 2026, month: 9, day: 30 })).toBe("09-01");
    expect(dueStage(STAGES, { year: 2026, month: 10, day: 1 })).toBe("10-01");
    expect(dueStage(STAGES, { year: 2026, month: 12, day: 31 })).toBe("11-01");
    expect(dueStage([], { year: 2026, month: 12, day: 31 })).toBeNull();
  });

  it("counts the day in UK time", () => {
    // 23:30 UTC on 31 August is 00:30 on 1 September in British Summer Time.
    expect(ukDate(new Date("2026-08-31T23:30:00Z"))).toEqual({ year: 2026, month: 9, day: 1 });
  });
});

describe("the subscriptions page's reminder lines", () => {
  it("gives each stage in date order, when it last went in UK time and to how many, or that it has not gone yet", () => {
    const sept = Date.UTC(2026, 8, 1, 6) / 1000;
    const lines = reminderStageLines(["11-01", "09-01"], [{ stage: "09-01", lastSentAt: sept, reminded: 1 }]);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^1 September: last sent 1 Sept? 2026, 07:00, to 1 member$/);
    expect(lines[1]).toBe("1 November: not sent yet this year");
  });
});
