import { describe, expect, it } from "vitest";
import { formatNewsDate, isoDate } from "~/kernel/dates/dates";

const at = (iso: string) => Date.parse(iso) / 1000;

describe("formatNewsDate keeps the old site's quirk: day of month plus one", () => {
  it("shows the next day's number with the short month and year", () => {
    expect(formatNewsDate(at("2026-11-21T12:00:00Z"))).toBe("22 Nov 2026");
  });

  it("does not roll over at the end of a month", () => {
    expect(formatNewsDate(at("2026-01-31T12:00:00Z"))).toBe("32 Jan 2026");
    expect(formatNewsDate(at("2026-02-28T12:00:00Z"))).toBe("29 Feb 2026");
  });

  it("reads the day in London time (summer time included)", () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London.
    expect(formatNewsDate(at("2026-06-30T23:30:00Z"))).toBe("2 Jul 2026");
    // In winter London is on UTC.
    expect(formatNewsDate(at("2026-12-31T23:30:00Z"))).toBe("32 Dec 2026");
  });

  it("keeps the real instant for machines", () => {
    expect(isoDate(at("2026-11-21T12:00:00Z"))).toBe("2026-11-21T12:00:00.000Z");
  });
});
