import { z } from "zod";
import { EVENT_LIMITS, EVENT_MESSAGES, PRICES_USED, TICKET_PRICE_FIELDS, type EventStatus, type TicketPriceField } from "./event-form-fields";
import { isCalendarDay } from "./news-fields";
import { parsePounds, penceToPounds } from "~/kernel/values/pounds";
import type { EventFields, EventRecord, MediaRef } from "~/kernel/store/records";
import type { JsonValue } from "~/kernel/activity/activity";
import { priceIdField, textField } from "./settings-form-parts";
import type { SiteSettings } from "~/kernel/store/site-settings";
import { CLOSED_BOOKING_DATE } from "~/kernel/store/site-settings-defaults";
import { TICKET_PATTERNS, TICKET_TYPES } from "~/kernel/store/ticket-kinds";
import { blankEventFields, eventBookable } from "~/features/tickets";
import { confirmedField } from "~/kernel/forms/confirm-step";
import { parseWholeNumber } from "~/kernel/forms/number-field";

export { EVENT_LIMITS, EVENT_MESSAGES, PRICES_USED, TICKET_PRICE_FIELDS };

/**
 * The studio's event form (/studio/events/new, /studio/events/:id; docs/requirements.md §7.3,
 * ADR 60): its checks, the form's values from an event record and the record's fields from the
 * form (fields, labels and messages: event-form-fields.ts). The title is the name the tickets
 * carry (the record's title is its tickets' title). Prices are typed in pounds and kept in
 * pence. Only the prices the chosen ticket type charges must be filled in (PRICES_USED);
 * another type's price left empty is kept as £0.00. A price above £0.00 that the type charges
 * needs its Stripe price id (a £0.00 one is free: no checkout line). An empty last booking
 * day keeps booking closed (stored as CLOSED_BOOKING_DATE). The image is a file field, read
 * by the route (not part of this schema). Pure.
 */

type PriceName = TicketPriceField["price"];

/** What was typed in a number field, trimmed: parsePounds and parseWholeNumber say what is wrong with it, never a length. */
const numberText = z
  .string()
  .optional()
  .transform((value) => (value ?? "").trim());

const optionalDay = textField(10).refine((value) => value === "" || isCalendarDay(value), EVENT_MESSAGES.date);
const optionalTime = textField(5).refine((value) => value === "" || /^([01]\d|2[0-3]):[0-5]\d$/.test(value), EVENT_MESSAGES.time);

const priceShape = Object.fromEntries(
  TICKET_PRICE_FIELDS.flatMap((field) => [
    [field.price, numberText],
    [field.priceId, priceIdField],
  ]),
) as Record<PriceName | `${PriceName}Id`, ReturnType<typeof textField>>;

export const eventFormSchema = z
  .object({
    title: textField(EVENT_LIMITS.title).refine((value) => value !== "", EVENT_MESSAGES.titleRequired),
    descriptionHtml: textField(EVENT_LIMITS.description),
    date: optionalDay,
    startTime: optionalTime,
    endTime: optionalTime,
    venue: textField(EVENT_LIMITS.venue),
    published: z
      .string()
      .optional()
      .transform((value) => value === "on"),
    ticketType: z.enum(TICKET_TYPES, { error: EVENT_MESSAGES.type }),
    ticketPattern: z.enum(TICKET_PATTERNS, { error: EVENT_MESSAGES.pattern }),
    bookingOpensOn: optionalDay,
    lastBookingDate: optionalDay,
    // A number field: no length limit of its own, so "300 people" hears what to type, not how much (number-field.ts).
    capacity: numberText.transform((value, ctx) => {
      const people = parseWholeNumber(value, { max: EVENT_LIMITS.capacity, empty: 0 });
      if (people.ok) return people.value;
      ctx.addIssue({ code: "custom", message: people.problem === "tooLarge" ? EVENT_MESSAGES.capacityTooLarge : EVENT_MESSAGES.capacity });
      return z.NEVER;
    }),
    ...priceShape,
  })
  .superRefine(
    (form, ctx) => {
      const day = (value: string | undefined) => (value && isCalendarDay(value) ? value : "");
      const time = (value: string | undefined) => (value && /^([01]\d|2[0-3]):[0-5]\d$/.test(value) ? value : "");
      if (time(form.startTime) && time(form.endTime) && form.endTime <= form.startTime)
        ctx.addIssue({ code: "custom", path: ["endTime"], message: EVENT_MESSAGES.endBeforeStart });
      // The last booking day is on or before the event's day (when the event has one); booking opens on or before it.
      if (day(form.date) && day(form.lastBookingDate) && form.lastBookingDate > form.date)
        ctx.addIssue({ code: "custom", path: ["lastBookingDate"], message: EVENT_MESSAGES.lastBookingAfterEvent });
      if (day(form.bookingOpensOn) && day(form.lastBookingDate) && form.bookingOpensOn > form.lastBookingDate)
        ctx.addIssue({ code: "custom", path: ["bookingOpensOn"], message: EVENT_MESSAGES.opensAfterLastBooking });
      const used: readonly PriceName[] = PRICES_USED[form.ticketType] ?? [];
      for (const field of TICKET_PRICE_FIELDS) {
        const typed = form[field.price] ?? "";
        const needed = used.includes(field.price);
        if (typed === "" && !needed) continue;
        const parsed = parsePounds(typed);
        if (!parsed.ok) ctx.addIssue({ code: "custom", path: [field.price], message: parsed.message });
        else if (needed && parsed.pence > 0 && !form[field.priceId])
          ctx.addIssue({ code: "custom", path: [field.priceId], message: EVENT_MESSAGES.priceIdNeeded });
      }
    },
    // Run even when another field is wrong, so every message shows at once.
    { when: () => true },
  )
  .transform((form) => ({
    ...form,
    pence: Object.fromEntries(
      TICKET_PRICE_FIELDS.map((field) => {
        const parsed = parsePounds(form[field.price]);
        return [field.price, parsed.ok ? parsed.pence : 0];
      }),
    ) as Record<PriceName, number>,
  }));

export type EventForm = z.output<typeof eventFormSchema>;

/** What the form edits: an event's fields with its title (the tickets' title). */
export type EditedEvent = EventFields & Pick<EventRecord, "title">;

/**
 * A new event before anything is typed: not published, booking closed, no limit, no prices,
 * and the site's ticket type and groups (the settings' tickets) as a start.
 */
export function newEventFields(settings: Pick<SiteSettings, "tickets">): EditedEvent {
  const ids = Object.fromEntries(TICKET_PRICE_FIELDS.flatMap((field) => [[field.price, 0] as const, [field.priceId, ""] as const]));
  return { ...blankEventFields({ ...settings.tickets, ...ids, title: "", lastBookingDate: CLOSED_BOOKING_DATE }), title: "" };
}

/** The event as the form's fields show it (prices in pounds, "12.50"; capacity "" for no limit; "" for booking closed). */
export function eventFormValues(event: EditedEvent): Record<string, string> {
  const t = event.tickets;
  const values: Record<string, string> = {
    title: event.title,
    descriptionHtml: event.descriptionHtml,
    date: event.date,
    startTime: event.startTime,
    endTime: event.endTime,
    venue: event.venue,
    published: event.published ? "on" : "",
    ticketType: t.type,
    ticketPattern: t.pattern,
    bookingOpensOn: event.bookingOpensOn,
    lastBookingDate: t.lastBookingDate === CLOSED_BOOKING_DATE ? "" : t.lastBookingDate,
    capacity: event.capacity > 0 ? String(event.capacity) : "",
  };
  for (const field of TICKET_PRICE_FIELDS) {
    values[field.price] = penceToPounds(t[field.price]);
    values[field.priceId] = t[field.priceId];
  }
  return values;
}

/** `current` with the form's values and the event's image: the current one kept as it is (undefined), a new one, or null for none. */
export function eventFieldsFromForm(current: EditedEvent, form: EventForm, image: MediaRef | null | undefined): EventFields {
  const ids = Object.fromEntries(TICKET_PRICE_FIELDS.map((field) => [field.priceId, form[field.priceId]]));
  return {
    date: form.date,
    startTime: form.startTime,
    endTime: form.endTime,
    venue: form.venue,
    descriptionHtml: form.descriptionHtml,
    image: image === undefined ? current.image : image,
    capacity: form.capacity,
    tickets: {
      ...current.tickets,
      ...form.pence,
      ...ids,
      type: form.ticketType,
      pattern: form.ticketPattern,
      title: form.title,
      lastBookingDate: form.lastBookingDate || CLOSED_BOOKING_DATE,
    },
    bookingOpensOn: form.bookingOpensOn,
    published: form.published,
    membersOnly: current.membersOnly,
  };
}

type Logged = readonly [label: string, read: (e: EventFields) => JsonValue];

/** The fields this form edits, by the name the activity log gives them, each as the log shows its value. */
const LOGGED: readonly Logged[] = [
  ["Title", (e) => e.tickets.title],
  ["Description", (e) => e.descriptionHtml],
  ["Image", (e) => e.image?.path ?? ""],
  ["Date", (e) => e.date],
  ["Start time", (e) => e.startTime],
  ["End time", (e) => e.endTime],
  ["Venue", (e) => e.venue],
  ["Published", (e) => e.published],
  ["Capacity", (e) => (e.capacity > 0 ? e.capacity : "no limit")],
  ["Ticket type", (e) => e.tickets.type],
  ["Ticket groups", (e) => e.tickets.pattern],
  ["Booking opens on", (e) => e.bookingOpensOn || "when published"],
  ["Last booking date", (e) => (e.tickets.lastBookingDate === CLOSED_BOOKING_DATE ? "booking closed" : e.tickets.lastBookingDate)],
  ...TICKET_PRICE_FIELDS.flatMap((field): Logged[] => [
    [`Ticket price ${field.label}`, (e) => `£${penceToPounds(e.tickets[field.price])}`],
    [`Stripe price id ${field.label}`, (e) => e.tickets[field.priceId]],
  ]),
];

/** How the activity log names an event: its title and, when set, its date. */
export const eventLogName = (event: Pick<EventFields, "date" | "tickets">) => `Event "${event.tickets.title}"${event.date ? ` (${event.date})` : ""}`;

/** One change per field that differs, in the form's order (the activity log's "event-changed" entries). */
export function eventChanges(before: EventFields, after: EventFields): EventFieldChange[] {
  return LOGGED.flatMap(([field, read]) => {
    const was = read(before);
    const now = read(after);
    return JSON.stringify(was) === JSON.stringify(now) ? [] : [{ field, before: was, after: now }];
  });
}

export interface EventFieldChange {
  /** The field as the form labels it. */
  field: string;
  before: JsonValue;
  after: JsonValue;
}

/** An event's state on the studio's list: cancelled, a draft, open for booking today, or published. */
export function eventStatus(event: EventRecord, today: string): EventStatus {
  if (event.cancelledAt !== null) return "Cancelled";
  if (!event.published) return "Draft";
  return eventBookable(event, today) ? "Booking open" : "Published";
}

/** A button's post on the events list: what to do, to which event, and `confirmed=1` once a cancellation was confirmed. */
export const eventRowActionSchema = z.object({
  intent: z.enum(["duplicate", "cancel", "restore"]),
  id: z.string().regex(/^[0-9a-zA-Z_-]{1,64}$/),
  confirmed: confirmedField,
});
