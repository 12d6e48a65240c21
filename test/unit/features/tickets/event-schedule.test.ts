import { describe, expect, it } from "vitest";
import {
  bookableEvents,
  byEventDate,
  eventBookable,
  eventFieldsFromSettings,
  eventOver,
  eventRecordYear,
  nextYearsFields,
  upcomingThenPast,
} from "~/features/tickets/event-schedule";
import type { EventRecord } from "~/kernel/store/records";
import { defaultSiteSettings } from "~/kernel/store/site-settings-defaults";

function event(overrides: Partial<EventRecord> & { last?: string } = {}): EventRecord {
  const { last, ...rest } = overrides;
  const tickets = { ...defaultSiteSettings().tickets, title: rest.title ?? "Christmas", lastBookingDate: last ?? "2026-12-20" };
  return {
    id: "e1",
    title: tickets.title,
    date: "2026-12-27",
    startTime: "18:00",
    endTime: "",
    venue: "Hall",
    descriptionHtml: "",
    image: null,
    capacity: 0,
    tickets,
    bookingOpensOn: "",
    published: true,
    membersOnly: true,
    cancelledAt: null,
    createdAt: 0,
    updatedAt: 0,
    ...rest,
  };
}

describe("when an event may be booked", () => {
  it("while published, not cancelled, from its first booking day to its last (inclusive)", () => {
    expect(eventBookable(event(), "2026-12-20")).toBe(true);
    expect(eventBookable(event(), "2026-12-21")).toBe(false);
    expect(eventBookable(event({ published: false }), "2026-12-01")).toBe(false);
    expect(eventBookable(event({ cancelledAt: 1 }), "2026-12-01")).toBe(false);
    expect(eventBookable(event({ bookingOpensOn: "2026-11-01" }), "2026-10-31")).toBe(false);
    expect(eventBookable(event({ bookingOpensOn: "2026-11-01" }), "2026-11-01")).toBe(true);
  });

  it("lists the open ones soonest first; undated events after dated ones", () => {
    const events = [event({ id: "b", date: "2027-07-04", last: "2027-07-01" }), event({ id: "a" }), event({ id: "c", date: "", last: "2027-01-31" })];
    expect(bookableEvents(events, "2026-12-01").map((e) => e.id)).toEqual(["a", "b", "c"]);
    expect(byEventDate(events).map((e) => e.id)).toEqual(["a", "b", "c"]);
    expect(bookableEvents(events, "2026-12-21").map((e) => e.id)).toEqual(["b", "c"]);
  });
});

describe("when an event is over", () => {
  it("the day after its date; without a date, once its booking has closed", () => {
    expect(eventOver(event(), "2026-12-27")).toBe(false);
    expect(eventOver(event(), "2026-12-28")).toBe(true);
    expect(eventOver(event({ date: "" }), "2026-12-20")).toBe(false);
    expect(eventOver(event({ date: "" }), "2026-12-21")).toBe(true);
  });

  it("the studio lists upcoming events soonest first, then past ones latest first", () => {
    const events = [
      event({ id: "old", date: "2025-12-27" }),
      event({ id: "next", date: "2027-07-04" }),
      event({ id: "older", date: "2024-12-27" }),
      event({ id: "now" }),
    ];
    const { upcoming, past } = upcomingThenPast(events, "2026-12-01");
    expect(upcoming.map((e) => e.id)).toEqual(["now", "next"]);
    expect(past.map((e) => e.id)).toEqual(["old", "older"]);
  });
});

describe("same event next year", () => {
  it("moves every date a year on and leaves the copy unpublished", () => {
    const copy = nextYearsFields(event({ bookingOpensOn: "2026-11-01" }));
    expect(copy.date).toBe("2027-12-27");
    expect(copy.bookingOpensOn).toBe("2027-11-01");
    expect(copy.tickets.lastBookingDate).toBe("2027-12-20");
    expect(copy.published).toBe(false);
    expect(copy.venue).toBe("Hall");
    expect(eventRecordYear(copy)).toBe(2027);
  });
});

describe("the event the settings described (the adoption)", () => {
  it("takes the ticket title (else the block's title), the date, time, venue, capacity and prices, published", () => {
    const settings = defaultSiteSettings();
    settings.tickets = { ...settings.tickets, title: "Christmas Party", lastBookingDate: "2026-12-20", christmasAdultPrice: 1500 };
    settings.upcomingEvent = { ...settings.upcomingEvent, title: "Our party", date: "2026-12-27", startTime: "18:00", venue: "Mosaic Hall", capacity: 120 };
    const fields = eventFieldsFromSettings(settings);
    expect(fields).toMatchObject({ date: "2026-12-27", startTime: "18:00", venue: "Mosaic Hall", capacity: 120, published: true, membersOnly: true });
    expect(fields.tickets).toMatchObject({ title: "Christmas Party", christmasAdultPrice: 1500 });
    settings.tickets.title = " ";
    expect(eventFieldsFromSettings(settings).tickets.title).toBe("Our party");
  });
});
