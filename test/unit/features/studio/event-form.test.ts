import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  EVENT_MESSAGES,
  eventChanges,
  eventFieldsFromForm,
  eventFormSchema,
  eventFormValues,
  eventRowActionSchema,
  eventStatus,
  newEventFields,
  type EditedEvent,
} from "~/features/studio/event-form";
import { POUNDS_MESSAGES } from "~/kernel/values/pounds";
import type { EventRecord } from "~/kernel/store/records";
import { CLOSED_BOOKING_DATE, defaultSiteSettings } from "~/kernel/store/site-settings-defaults";

const saved = (): EditedEvent => ({
  title: "Christmas Party 2026",
  descriptionHtml: "<p>Food and music.</p>",
  image: { path: "/media/photos/abc/original.jpg", width: 1600, height: 900 },
  date: "2026-12-27",
  startTime: "18:00",
  endTime: "23:00",
  venue: "Longsight Community Hall",
  capacity: 250,
  bookingOpensOn: "2026-11-01",
  published: true,
  membersOnly: true,
  tickets: {
    ...defaultSiteSettings().tickets,
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
});

/** The record's fields the store keeps (its title is its tickets' title). */
const fieldsOf = ({ title: _title, ...fields }: EditedEvent) => fields;

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

describe("the event form (features/studio/event-form.ts)", () => {
  it("round-trips: the form's values of a saved event give back the same fields, prices in pounds", () => {
    const event = saved();
    const values = eventFormValues(event);
    expect(values.christmasAdultPrice).toBe("15.00");
    expect(values.capacity).toBe("250");
    expect(values.published).toBe("on");
    const result = parse(values);
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    const after = eventFieldsFromForm(event, result.value, undefined);
    expect(after).toEqual(fieldsOf(event));
    const photo = { path: "/media/photos/new/original.jpg", width: 800, renditions: [350, 700] };
    expect(eventFieldsFromForm(event, result.value, photo).image).toEqual(photo);
    expect(eventFieldsFromForm(event, result.value, null).image).toBeNull();
    expect(eventChanges(fieldsOf(event), after)).toEqual([]);
  });

  it("needs a title; takes dates and times only as real ones, the end after the start", () => {
    const values = eventFormValues(saved());
    expect(errorsOf({ ...values, title: "  " }).title).toEqual([EVENT_MESSAGES.titleRequired]);
    expect(errorsOf({ ...values, date: "2026-02-30" }).date).toEqual([EVENT_MESSAGES.date]);
    expect(errorsOf({ ...values, date: "27/12/2026" }).date).toEqual([EVENT_MESSAGES.date]);
    expect(errorsOf({ ...values, startTime: "24:00" }).startTime).toEqual([EVENT_MESSAGES.time]);
    expect(errorsOf({ ...values, endTime: "6pm" }).endTime).toEqual([EVENT_MESSAGES.time]);
    expect(errorsOf({ ...values, endTime: "17:00" }).endTime).toEqual([EVENT_MESSAGES.endBeforeStart]);
    // No event date yet, no times: allowed; the last booking date on the event's day too.
    expect(parse({ ...values, date: "", startTime: "", endTime: "" }).status).toBe("success");
    expect(parse({ ...values, lastBookingDate: "2026-12-27" }).status).toBe("success");
  });

  it("keeps the booking window in order: not after the event, opening on or before its last day; empty keeps booking closed", () => {
    const values = eventFormValues(saved());
    expect(errorsOf({ ...values, lastBookingDate: "2026-12-28" }).lastBookingDate).toEqual([EVENT_MESSAGES.lastBookingAfterEvent]);
    expect(errorsOf({ ...values, bookingOpensOn: "2026-12-21" }).bookingOpensOn).toEqual([EVENT_MESSAGES.opensAfterLastBooking]);
    const closed = parse({ ...values, lastBookingDate: "", bookingOpensOn: "" });
    if (closed.status !== "success") throw new Error("refused");
    const fields = eventFieldsFromForm(saved(), closed.value, undefined);
    expect(fields.tickets.lastBookingDate).toBe(CLOSED_BOOKING_DATE);
    expect(fields.bookingOpensOn).toBe("");
    expect(eventFormValues({ ...saved(), tickets: fields.tickets }).lastBookingDate).toBe("");
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
    expect(capacity("100001")).toEqual([EVENT_MESSAGES.capacityTooLarge]);
    expect(eventFormValues({ ...saved(), capacity: 0 }).capacity).toBe("");
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

  it("refuses an unknown ticket type or pattern and a bad price id", () => {
    const values = eventFormValues(saved());
    const errors = errorsOf({ ...values, ticketType: "VIP", ticketPattern: "B", christmasKidsPriceId: "price kids" });
    expect(errors.ticketType).toEqual([EVENT_MESSAGES.type]);
    expect(errors.ticketPattern).toEqual([EVENT_MESSAGES.pattern]);
    expect(errors.christmasKidsPriceId?.[0]).toMatch(/Stripe price id/);
  });

  it("starts a new event unpublished, booking closed, without prices, with the site's ticket type", () => {
    const settings = defaultSiteSettings();
    const fresh = newEventFields(settings);
    expect(fresh).toMatchObject({ title: "", published: false, capacity: 0, image: null, bookingOpensOn: "" });
    expect(fresh.tickets).toMatchObject({ type: settings.tickets.type, lastBookingDate: CLOSED_BOOKING_DATE, christmasAdultPrice: 0, singlePriceId: "" });
    expect(eventFormValues(fresh).published).toBe("");
  });

  it("lists one activity change per changed field, by its label, prices in pounds and capacity as people", () => {
    const before = saved();
    const result = parse({ ...eventFormValues(before), venue: "St Mary's Hall", capacity: "", christmasAdultPrice: "16.50", published: "" });
    if (result.status !== "success") throw new Error("refused");
    const after = eventFieldsFromForm(before, result.value, undefined);
    expect(eventChanges(fieldsOf(before), after)).toEqual([
      { field: "Venue", before: "Longsight Community Hall", after: "St Mary's Hall" },
      { field: "Published", before: true, after: false },
      { field: "Capacity", before: 250, after: "no limit" },
      { field: "Ticket price Christmas: adult or parent", before: "£15.00", after: "£16.50" },
    ]);
  });

  it("says each event's state: cancelled, a draft, booking open today, or published", () => {
    const record: EventRecord = { ...saved(), id: "e1", cancelledAt: null, createdAt: 0, updatedAt: 0 };
    expect(eventStatus(record, "2026-11-15")).toBe("Booking open");
    expect(eventStatus(record, "2026-10-15")).toBe("Published");
    expect(eventStatus(record, "2026-12-21")).toBe("Published");
    expect(eventStatus({ ...record, published: false }, "2026-11-15")).toBe("Draft");
    expect(eventStatus({ ...record, cancelledAt: 1 }, "2026-11-15")).toBe("Cancelled");
  });

  it("takes a list button's post only with a known intent and an id; confirmed only as 1", () => {
    expect(eventRowActionSchema.safeParse({ intent: "cancel", id: "abc_1" }).data).toEqual({ intent: "cancel", id: "abc_1" });
    expect(eventRowActionSchema.safeParse({ intent: "cancel", id: "abc_1", confirmed: "yes" }).data?.confirmed).toBeUndefined();
    expect(eventRowActionSchema.safeParse({ intent: "cancel", id: "abc_1", confirmed: "1" }).data?.confirmed).toBe("1");
    expect(eventRowActionSchema.safeParse({ intent: "delete", id: "abc_1" }).success).toBe(false);
    expect(eventRowActionSchema.safeParse({ intent: "duplicate", id: "../x" }).success).toBe(false);
  });
});
