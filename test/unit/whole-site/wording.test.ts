import { describe, expect, it } from "vitest";
import { formatIsoDay } from "~/kernel/dates/iso-day";
import { manualSendingPrompt } from "~/features/office/renewals-report";
import { attendeeNameLabel } from "~/features/tickets/ticket-rules";

/** Words the pages once showed wrong (docs/requirements.md §5.4, §6.9). */
describe("a stored day in the site's day-month-year", () => {
  it("shows 2026-11-22 as 22-11-2026, like the registration dates", () => {
    expect(formatIsoDay("2026-11-22")).toBe("22-11-2026");
    expect(formatIsoDay("2020-01-05")).toBe("05-01-2020");
  });
  it("leaves anything else as it is", () => {
    expect(formatIsoDay("")).toBe("");
    expect(formatIsoDay("22/11/2026")).toBe("22/11/2026");
  });
});

describe("the manual-sending panel's line", () => {
  it("says 'this address' for one, 'these N addresses' for more", () => {
    expect(manualSendingPrompt(1)).toBe("Please send the renewal reminder to this address yourself:");
    expect(manualSendingPrompt(2)).toBe("Please send the renewal reminder to these 2 addresses yourself:");
    expect(manualSendingPrompt(24)).toContain("these 24 addresses");
  });
});

describe("a ticket name field's label", () => {
  it("names the person by place and group, with no number running into the group's", () => {
    expect(attendeeNameLabel("above13", 1)).toBe("Name of the first child above 13");
    expect(attendeeNameLabel("adult", 2)).toBe("Name of the second adult");
    expect(attendeeNameLabel("above5", 5)).toBe("Name of the fifth child above 5");
    expect(attendeeNameLabel("below5", 3)).toBe("Name of the third child below 5");
    expect(attendeeNameLabel("parent", 4)).toBe("Name of the fourth parent");
    expect(attendeeNameLabel("above13", 1)).not.toMatch(/13 1/);
  });
});
