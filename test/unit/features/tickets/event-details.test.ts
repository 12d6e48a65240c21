import { describe, expect, it } from "vitest";
import { eventDetails, formatEventDate, formatStartTime, ticketEventDetails } from "~/features/tickets/event-details";
import { siteSettingsSchema } from "~/kernel/store/site-settings";
import { defaultSiteSettings } from "~/kernel/store/site-settings-defaults";

describe("the event's date and time", () => {
  it("a date with its weekday, in words", () => {
    expect(formatEventDate("2026-12-27")).toBe("Sunday 27 December 2026");
    expect(formatEventDate("2028-02-29")).toBe("Tuesday 29 February 2028");
    expect(formatEventDate("2026-02-30")).toBe("");
    expect(formatEventDate("")).toBe("");
    expect(formatEventDate("27/12/2026")).toBe("");
  });

  it("a start time on the 12-hour clock", () => {
    expect(formatStartTime("18:00")).toBe("6pm");
    expect(formatStartTime("18:30")).toBe("6:30pm");
    expect(formatStartTime("09:05")).toBe("9:05am");
    expect(formatStartTime("12:15")).toBe("12:15pm");
    expect(formatStartTime("00:00")).toBe("12am");
    expect(formatStartTime("24:00")).toBe("");
    expect(formatStartTime("")).toBe("");
  });

  it("when and where, from what is set", () => {
    expect(eventDetails({ date: "2026-12-27", startTime: "18:00", venue: " Mosaic Hall " })).toEqual({
      when: "Sunday 27 December 2026, 6pm",
      venue: "Mosaic Hall",
    });
    expect(eventDetails({ date: "2026-12-27", startTime: "", venue: "" })).toEqual({ when: "Sunday 27 December 2026", venue: null });
    expect(eventDetails({ date: "", startTime: "19:00", venue: "" })).toEqual({ when: "Starts at 7pm", venue: null });
    expect(eventDetails({ date: "", startTime: "", venue: "  " })).toEqual({ when: null, venue: null });
  });

  it("on a ticket, its own event's; none without an event or with nothing known", () => {
    expect(ticketEventDetails({ date: "2026-12-27", startTime: "18:00", venue: "Mosaic Hall" })).toEqual({
      when: "Sunday 27 December 2026, 6pm",
      venue: "Mosaic Hall",
    });
    expect(ticketEventDetails({ date: "2027-07-04", startTime: "", venue: "Park" })).toEqual({ when: "Sunday 4 July 2027", venue: "Park" });
    expect(ticketEventDetails(null)).toBeNull();
    expect(ticketEventDetails(undefined)).toBeNull();
    expect(ticketEventDetails({ date: "", startTime: "", venue: "" })).toBeNull();
  });
});

describe("the settings' new event fields", () => {
  it("settings saved before they existed still parse: no date, time or venue, no limit", () => {
    const { date, startTime, venue, capacity, ...older } = defaultSiteSettings().upcomingEvent;
    expect([date, startTime, venue, capacity]).toEqual(["", "", "", 0]);
    const parsed = siteSettingsSchema.parse({ ...defaultSiteSettings(), upcomingEvent: older });
    expect(parsed.upcomingEvent).toMatchObject({ date: "", startTime: "", venue: "", capacity: 0 });
  });

  it("refuses a date or time in another form, and a negative or fractional capacity", () => {
    const withEvent = (event: Record<string, unknown>) =>
      siteSettingsSchema.safeParse({ ...defaultSiteSettings(), upcomingEvent: { ...defaultSiteSettings().upcomingEvent, ...event } }).success;
    expect(withEvent({ date: "2026-12-27", startTime: "18:00", venue: "Hall", capacity: 250 })).toBe(true);
    expect(withEvent({ date: "27/12/2026" })).toBe(false);
    expect(withEvent({ startTime: "6pm" })).toBe(false);
    expect(withEvent({ capacity: -1 })).toBe(false);
    expect(withEvent({ capacity: 2.5 })).toBe(false);
  });
});
