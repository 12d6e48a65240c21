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
  const sept = Date.UTC(2026, 8, 1, 6) / 1000;
  const day = (month: number, d: number) => ({ year: 2026, month, day: d });

  it("gives each stage in date order, when it last went in UK time and to how many", () => {
    const lines = reminderStageLines(["11-01", "09-01"], [{ stage: "09-01", lastSentAt: sept, reminded: 1 }], day(9, 20));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^1 September: last sent 1 Sept? 2026, 07:00, to 1 member$/);
    expect(lines[1]).toBe("1 November: not due yet; goes on 1 November to members not renewed by then");
  });

  it("before every stage's date: each one says when it goes", () => {
    expect(reminderStageLines(["09-01", "10-01"], [], day(8, 31))).toEqual([
      "1 September: not due yet; goes on 1 September to members not renewed by then",
      "1 October: not due yet; goes on 1 October to members not renewed by then",
    ]);
  });

  it("on a stage's date, before the daily run: the next run sends it", () => {
    expect(reminderStageLines(["09-01", "10-01"], [], day(9, 1))).toEqual([
      "1 September: due; the next daily run sends it to members not renewed yet",
      "1 October: not due yet; goes on 1 October to members not renewed by then",
    ]);
  });

  it("after a stage's date, once it went: says so, and the later one still to come", () => {
    const lines = reminderStageLines(["09-01", "10-01"], [{ stage: "09-01", lastSentAt: sept, reminded: 30 }], day(9, 2));
    expect(lines[0]).toMatch(/^1 September: last sent .*, to 30 members$/);
    expect(lines[1]).toBe("1 October: not due yet; goes on 1 October to members not renewed by then");
  });

  it("stages set late: a date gone before the stages were set is skipped, and the line names what goes next", () => {
    // Set on 26 November: 1 September and 1 October have both gone; the run sends the latest, 1 October.
    expect(reminderStageLines(["09-01", "10-01", "12-01"], [], day(11, 26))).toEqual([
      "1 September: passed before the stage was set, so it is not sent this year; next: 1 October (with the next daily run)",
      "1 October: due; the next daily run sends it to members not renewed yet",
      "1 December: not due yet; goes on 1 December to members not renewed by then",
    ]);
    // Once 1 October went, the skipped one names the next date to come.
    const after = reminderStageLines(["09-01", "10-01", "12-01"], [{ stage: "10-01", lastSentAt: sept, reminded: 3 }], day(11, 27));
    expect(after[0]).toBe("1 September: passed before the stage was set, so it is not sent this year; next: 1 December");
  });

  it("stages set late with nothing left this year: says the first date of next year", () => {
    const lines = reminderStageLines(["09-01", "10-01"], [{ stage: "10-01", lastSentAt: sept, reminded: 3 }], day(12, 1));
    expect(lines[0]).toBe(
      "1 September: passed before the stage was set, so it is not sent this year; next: none this year (the first next year is 1 September)",
    );
  });
});
