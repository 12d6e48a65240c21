import { describe, expect, it } from "vitest";
import { calendarEntrySchema } from "~/features/studio/calendar-entry-form";
import { calendarDay, calendarDayKey, dayNumber, isPastEvent, monthNumber } from "~/features/site/calendar-event";

/** Unix seconds of a UK wall-clock moment given in UTC. */
const at = (iso: string) => Date.parse(iso) / 1000;

describe("reading a calendar entry's month and day", () => {
  it("reads months as people write them", () => {
    expect(["JAN", "January", "jan.", "Sept", "september", "12", "3"].map(monthNumber)).toEqual([1, 1, 1, 9, 9, 12, 3]);
    expect(["", "13", "0", "Juneteenth2", "Spring"].map(monthNumber)).toEqual([null, null, null, null, null]);
  });

  it("reads the day, the last one of a range", () => {
    expect(["14", "08", "14th", "14-15", "1 & 2"].map(dayNumber)).toEqual([14, 8, 14, 15, 2]);
    expect(["", "TBC", "32", "0"].map(dayNumber)).toEqual([null, null, null, null]);
  });
});

describe("a past event (before today, UK time)", () => {
  const created = at("2026-03-01T12:00:00Z");
  const entry = (month: string, date: string, name = "Picnic", createdAt = created) => ({ month, date, name, createdAt });

  it("takes the year from the name when it gives one", () => {
    expect(calendarDayKey(entry("JAN", "14", "Harvest Lunch 2026"))).toBe(20260114);
    expect(isPastEvent(entry("JAN", "14", "Harvest Lunch 2026"), at("2026-06-01T12:00:00Z"))).toBe(true);
    expect(isPastEvent(entry("JAN", "14", "Harvest Lunch 2027"), at("2026-06-01T12:00:00Z"))).toBe(false);
  });

  it("otherwise takes the first such day on or after the day the entry was added", () => {
    // Added on 1 March 2026: "FEB 10" is next February, "MAR 1" and "JUN 21" this year.
    expect(calendarDayKey(entry("FEB", "10"))).toBe(20270210);
    expect(calendarDayKey(entry("MAR", "1"))).toBe(20260301);
    expect(calendarDayKey(entry("JUN", "21"))).toBe(20260621);
  });

  it("is past from the day after, in UK time, not on the day itself", () => {
    const picnic = entry("JUN", "21");
    expect(isPastEvent(picnic, at("2026-06-21T22:59:59Z"))).toBe(false); // 23:59:59 BST on the day
    expect(isPastEvent(picnic, at("2026-06-21T23:00:00Z"))).toBe(true); // 00:00 BST on the 22nd
    expect(isPastEvent(picnic, at("2026-06-01T00:00:00Z"))).toBe(false);
  });

  it("gives the entry's full day with its year, for the page to show (null when unreadable)", () => {
    expect(calendarDay(entry("FEB", "10"))).toBe("2027-02-10");
    expect(calendarDay(entry("JAN", "4", "Harvest Lunch 2026"))).toBe("2026-01-04");
    expect(calendarDay(entry("Spring", "14"))).toBeNull();
  });

  it("is never past when its month or day cannot be read", () => {
    expect(isPastEvent(entry("Spring", "14"), at("2030-01-01T00:00:00Z"))).toBe(false);
    expect(isPastEvent(entry("MAR", "TBC"), at("2030-01-01T00:00:00Z"))).toBe(false);
  });
});

describe("the studio's calendar entry form", () => {
  const parse = (form: Record<string, unknown>) => calendarEntrySchema.safeParse(form);
  const messages = (form: Record<string, unknown>) => {
    const result = parse(form);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
  };

  it("keeps the entry as typed (trimmed), with or without a link", () => {
    expect(parse({ month: " JUL ", date: "12", name: " Summer Picnic ", url: "" }).data).toEqual({ month: "JUL", date: "12", name: "Summer Picnic", url: "" });
    expect(parse({ month: "July", date: "12th", name: "Picnic", url: "https://example.org/picnic" }).success).toBe(true);
    expect(parse({ month: "7", date: "12", name: "Picnic", url: "/book-ticket" }).success).toBe(true);
  });

  it("says what is missing or unreadable", () => {
    expect(messages({})).toEqual({
      month: "Please enter the month, for example JAN or January",
      date: "Please enter the day of the month, for example 14",
      name: "Please enter the event's name",
    });
    expect(messages({ month: "Spring", date: "TBC", name: "x", url: "javascript:alert(1)" })).toEqual({
      month: "Please enter the month, for example JAN or January",
      date: "Please enter the day of the month, for example 14",
      url: "Please enter a page of this site (starting with /) or a full web address (starting with https://)",
    });
    expect(messages({ month: "JAN", date: "1", name: "x".repeat(201) })).toEqual({ name: "At most 200 characters" });
  });
});
