import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { applyEventForm, EVENT_MESSAGES, eventChanges, eventFormSchema, eventFormValues } from "~/features/studio/event-form";
import { POUNDS_MESSAGES } from "~/kernel/values/pounds";
import { siteSettingsSchema, type SiteSettings } from "~/kernel/store/site-settings";
import { defaultSiteSettings } from "~/kernel/store/site-settings-defaults";

const saved = (): SiteSettings => {
  const s = defaultSiteSettings();
  return {
    ...s,
    upcomingEvent: {
      ...s.upcomingEvent,
      title: "Christmas Party",
      descriptionHtml: "<p>Food and music.</p>",
      image: { path: "/media/photos/abc/original.jpg", width: 1600, height: 900 },
      date: "2026-12-27",
      startTime: "18:00",
      venue: "Longsight Community Hall",
      capacity: 250,
      buttonText: "Book tickets",
      bookingLink: "/book-ticket",
    },
    tickets: {
      ...s.tickets,
      type: "Christmas",
      pattern: "A+13+5-5+P",
      title: "Christmas Party 2026",
      lastBookingDate: "2026-12-20",
      christmasAdultPrice: 1500,
      christmasAdultPriceId: "price_adult",
      christmasAbove13Price: 1000,
      christmasAbove13PriceId: "price_13",
      christmasKidsPrice: 500,
      christmasKidsPriceId: "price_kids",
      singlePrice: 0,
      singlePriceId: "",
      familyPrice: 0,
      familyPriceId: "",
    },
  };
};

function formData(values: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  return form;
}
const parse = (values: Record<string, string>) => parseWithZod(formData(values), { schema: eventFormSchema, disableAutoCoercion: true });
const errorsOf = (values: Record<string, string>) => {
  const result = parse(values);
  if (result.status !== "error") throw new Error("accepted");
  return result.error ?? {};
};

describe("the Upcoming event form", () => {
  it("round-trips: the form's values of saved settings give back the same settings, prices in pounds", () => {
    const settings = saved();
    const values = eventFormValues(settings);
    expect(values.christmasAdultPrice).toBe("15.00");
    expect(values.capacity).toBe("250");
    const result = parse(values);
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    const after = applyEventForm(settings, result.value, "keep");
    expect(after).toEqual(settings);
    expect(applyEventForm(settings, result.value, { path: "/media/photos/new/original.jpg", width: 800, renditions: [350, 700] }).upcomingEvent.image).toEqual({
      path: "/media/photos/new/original.jpg",
      width: 800,
      renditions: [350, 700],
    });
    expect(siteSettingsSchema.parse(after)).toEqual(after);
    expect(eventChanges(settings, after)).toEqual([]);
  });

  it("keeps every other setting (contact, fees) as it was", () => {
    const settings = { ...saved(), primaryContactNumber: "0161 000 0000" };
    const result = parse({ ...eventFormValues(settings), venue: "St Mary's Hall" });
    if (result.status !== "success") throw new Error("refused");
    const after = applyEventForm(settings, result.value, null);
    expect(after.primaryContactNumber).toBe("0161 000 0000");
    expect(after.membership).toEqual(settings.membership);
    expect(after.upcomingEvent.venue).toBe("St Mary's Hall");
    expect(after.upcomingEvent.image).toBeNull();
  });

  it("takes dates and times only as real ones; the last booking date is required and not after the event", () => {
    const values = eventFormValues(saved());
    expect(errorsOf({ ...values, date: "2026-02-30" }).date).toEqual([EVENT_MESSAGES.date]);
    expect(errorsOf({ ...values, date: "27/12/2026" }).date).toEqual([EVENT_MESSAGES.date]);
    expect(errorsOf({ ...values, startTime: "24:00" }).startTime).toEqual([EVENT_MESSAGES.time]);
    expect(errorsOf({ ...values, startTime: "6pm" }).startTime).toEqual([EVENT_MESSAGES.time]);
    expect(errorsOf({ ...values, lastBookingDate: "" }).lastBookingDate).toEqual([EVENT_MESSAGES.lastBookingRequired]);
    expect(errorsOf({ ...values, lastBookingDate: "2026-12-28" }).lastBookingDate).toEqual([EVENT_MESSAGES.lastBookingAfterEvent]);
    // No event date yet, no time: both allowed; the last booking date on the event's day too.
    expect(parse({ ...values, date: "", startTime: "" }).status).toBe("success");
    expect(parse({ ...values, lastBookingDate: "2026-12-27" }).status).toBe("success");
  });

  it("reads capacity as people: empty or 0 is no limit, a whole number up to 100,000", () => {
    const values = eventFormValues(saved());
    const capacity = (typed: string) => {
      const result = parse({ ...values, capacity: typed });
      return result.status === "success" ? result.value.capacity : result.error?.capacity;
    };
    expect(capacity("")).toBe(0);
    expect(capacity("0")).toBe(0);
    expect(capacity(" 5 ")).toBe(5);
    expect(capacity("-1")).toEqual([EVENT_MESSAGES.capacity]);
    expect(capacity("2.5")).toEqual([EVENT_MESSAGES.capacity]);
    expect(capacity("lots")).toEqual([EVENT_MESSAGES.capacity]);
    expect(capacity("100001")).toEqual([EVENT_MESSAGES.capacity]);
    expect(eventFormValues({ ...saved(), upcomingEvent: { ...saved().upcomingEvent, capacity: 0 } }).capacity).toBe("");
  });

  it("requires only the prices the ticket type charges, in pounds, each above £0.00 with its price id", () => {
    const values = eventFormValues(saved());
    const christmas = errorsOf({ ...values, christmasAbove13Price: "", christmasKidsPrice: "5.5p", christmasAdultPriceId: "" });
    expect(christmas.christmasAbove13Price).toEqual([POUNDS_MESSAGES.required]);
    expect(christmas.christmasKidsPrice).toEqual([POUNDS_MESSAGES.notPounds]);
    expect(christmas.christmasAdultPriceId).toEqual([EVENT_MESSAGES.priceIdNeeded]);
    // Another type's prices may be empty (kept as £0.00), but what is typed must be pounds.
    expect(parse({ ...values, singlePrice: "", familyPrice: "" }).status).toBe("success");
    expect(errorsOf({ ...values, familyPrice: "-3" }).familyPrice).toEqual([POUNDS_MESSAGES.negative]);

    const individual = errorsOf({ ...values, ticketType: "Individual", singlePrice: "", christmasAdultPrice: "" });
    expect(individual.singlePrice).toEqual([POUNDS_MESSAGES.required]);
    expect(individual.christmasAdultPrice).toBeUndefined();
    const other = errorsOf({ ...values, ticketType: "Other", singlePrice: "8.00", familyPrice: "20.00" });
    expect(other.singlePriceId).toEqual([EVENT_MESSAGES.priceIdNeeded]);
    expect(other.familyPriceId).toEqual([EVENT_MESSAGES.priceIdNeeded]);
    // A free price needs no price id.
    const free = parse({ ...values, ticketType: "Individual", singlePrice: "0", christmasAdultPrice: "" });
    expect(free.status).toBe("success");
    if (free.status === "success") expect(free.value.pence).toMatchObject({ singlePrice: 0, christmasAdultPrice: 0, christmasKidsPrice: 500 });
  });

  it("refuses an unknown ticket type or pattern, a link a browser would run, and a bad price id", () => {
    const values = eventFormValues(saved());
    const errors = errorsOf({ ...values, ticketType: "VIP", ticketPattern: "B", bookingLink: "javascript:alert(1)", christmasKidsPriceId: "price kids" });
    expect(errors.ticketType).toEqual([EVENT_MESSAGES.type]);
    expect(errors.ticketPattern).toEqual([EVENT_MESSAGES.pattern]);
    expect(errors.bookingLink).toEqual([EVENT_MESSAGES.link]);
    expect(errors.christmasKidsPriceId?.[0]).toMatch(/Stripe price id/);
    expect(parse({ ...values, bookingLink: "https://example.org/tickets" }).status).toBe("success");
  });

  it("lists one activity change per changed setting, prices in pounds and capacity as people", () => {
    const before = saved();
    const result = parse({ ...eventFormValues(before), venue: "St Mary's Hall", capacity: "", christmasAdultPrice: "16.50" });
    if (result.status !== "success") throw new Error("refused");
    const after = applyEventForm(before, result.value, "keep");
    expect(eventChanges(before, after)).toEqual([
      { key: "Event venue", before: "Longsight Community Hall", after: "St Mary's Hall" },
      { key: "Event capacity", before: 250, after: "no limit" },
      { key: "Ticket price Christmas: adult or parent", before: "£15.00", after: "£16.50" },
    ]);
  });
});
