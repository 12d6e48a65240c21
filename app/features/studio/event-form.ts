import { z } from "zod";
import { EVENT_LIMITS, EVENT_MESSAGES, PRICES_USED, TICKET_PRICE_FIELDS, type TicketPriceField } from "./event-form-fields";
import { isCalendarDay } from "./news-fields";
import { parsePounds, penceToPounds } from "~/kernel/values/pounds";
import type { MediaRef } from "~/kernel/store/records";
import { safeHref } from "~/kernel/http/safe-href";
import { changedSettings, priceIdField, textField, type LoggedSetting, type SettingChange } from "./settings-form-parts";
import type { SiteSettings } from "~/kernel/store/site-settings";
import { TICKET_PATTERNS, TICKET_TYPES } from "~/kernel/store/ticket-kinds";

export { EVENT_LIMITS, EVENT_MESSAGES, PRICES_USED, TICKET_PRICE_FIELDS };

/**
 * The studio's Upcoming event form (/studio/event): its checks, the form's values from the
 * settings and the settings from the form (fields, labels and messages: event-form-fields.ts).
 * Prices are typed in pounds and kept in pence. Only the prices the chosen ticket type charges
 * must be filled in (PRICES_USED); another type's price left empty is kept as £0.00. A price
 * above £0.00 that the type charges needs its Stripe price id (a £0.00 one is free: no
 * checkout line). The image is a file field, read by the route (not part of this schema). Pure.
 */

type PriceName = TicketPriceField["price"];

const optionalDay = textField(10).refine((value) => value === "" || isCalendarDay(value), EVENT_MESSAGES.date);

const priceShape = Object.fromEntries(
  TICKET_PRICE_FIELDS.flatMap((field) => [
    [field.price, textField(20)],
    [field.priceId, priceIdField],
  ]),
) as Record<PriceName | `${PriceName}Id`, ReturnType<typeof textField>>;

export const eventFormSchema = z
  .object({
    title: textField(EVENT_LIMITS.title),
    descriptionHtml: textField(EVENT_LIMITS.description),
    date: optionalDay,
    startTime: textField(5).refine((value) => value === "" || /^([01]\d|2[0-3]):[0-5]\d$/.test(value), EVENT_MESSAGES.time),
    venue: textField(EVENT_LIMITS.venue),
    buttonText: textField(EVENT_LIMITS.buttonText),
    bookingLink: textField(EVENT_LIMITS.link).refine((value) => value === "" || safeHref(value) !== null, EVENT_MESSAGES.link),
    ticketType: z.enum(TICKET_TYPES, { error: EVENT_MESSAGES.type }),
    ticketPattern: z.enum(TICKET_PATTERNS, { error: EVENT_MESSAGES.pattern }),
    ticketTitle: textField(EVENT_LIMITS.ticketTitle),
    lastBookingDate: optionalDay.refine((value) => value !== "", EVENT_MESSAGES.lastBookingRequired),
    capacity: textField(7).transform((value, ctx) => {
      if (value === "") return 0;
      const people = /^\d+$/.test(value) ? Number(value) : NaN;
      if (people <= EVENT_LIMITS.capacity) return people;
      ctx.addIssue({ code: "custom", message: EVENT_MESSAGES.capacity });
      return z.NEVER;
    }),
    ...priceShape,
  })
  .superRefine(
    (form, ctx) => {
      // The last booking day is on or before the event's day (when the event has one).
      if (form.date && form.lastBookingDate && isCalendarDay(form.date) && form.lastBookingDate > form.date)
        ctx.addIssue({ code: "custom", path: ["lastBookingDate"], message: EVENT_MESSAGES.lastBookingAfterEvent });
      const used: readonly PriceName[] = PRICES_USED[form.ticketType] ?? [];
      for (const field of TICKET_PRICE_FIELDS) {
        const typed = form[field.price];
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

/** The settings as the form's fields show them (prices in pounds, "12.50"; capacity "" for no limit). */
export function eventFormValues(settings: SiteSettings): Record<string, string> {
  const u = settings.upcomingEvent;
  const t = settings.tickets;
  const values: Record<string, string> = {
    title: u.title,
    descriptionHtml: u.descriptionHtml,
    date: u.date,
    startTime: u.startTime,
    venue: u.venue,
    buttonText: u.buttonText,
    bookingLink: u.bookingLink,
    ticketType: t.type,
    ticketPattern: t.pattern,
    ticketTitle: t.title,
    lastBookingDate: t.lastBookingDate,
    capacity: u.capacity > 0 ? String(u.capacity) : "",
  };
  for (const field of TICKET_PRICE_FIELDS) {
    values[field.price] = penceToPounds(t[field.price]);
    values[field.priceId] = t[field.priceId];
  }
  return values;
}

/** A new photo as the settings keep it: its path, size and renditions (the home page offers them by srcset). */
function settingsImage(photo: MediaRef): NonNullable<SiteSettings["upcomingEvent"]["image"]> {
  return {
    path: photo.path,
    ...(photo.width ? { width: photo.width } : {}),
    ...(photo.height ? { height: photo.height } : {}),
    ...(photo.renditions?.length ? { renditions: photo.renditions } : {}),
  };
}

/** `current` with the form's values and the event's image: the current one kept as it is, a new one, or null for none. */
export function applyEventForm(current: SiteSettings, form: EventForm, image: MediaRef | null | "keep"): SiteSettings {
  const ids = Object.fromEntries(TICKET_PRICE_FIELDS.map((field) => [field.priceId, form[field.priceId]]));
  return {
    ...current,
    upcomingEvent: {
      ...current.upcomingEvent,
      image: image === "keep" ? current.upcomingEvent.image : image ? settingsImage(image) : null,
      title: form.title,
      descriptionHtml: form.descriptionHtml,
      date: form.date,
      startTime: form.startTime,
      venue: form.venue,
      buttonText: form.buttonText,
      bookingLink: form.bookingLink,
      capacity: form.capacity,
    },
    tickets: {
      ...current.tickets,
      ...form.pence,
      ...ids,
      type: form.ticketType,
      pattern: form.ticketPattern,
      title: form.ticketTitle,
      lastBookingDate: form.lastBookingDate,
    },
  };
}

/** The settings this form edits, by the name the activity log gives them, each as the log shows its value. */
const LOGGED: readonly LoggedSetting[] = [
  ["Event title", (s) => s.upcomingEvent.title],
  ["Event description", (s) => s.upcomingEvent.descriptionHtml],
  ["Event image", (s) => s.upcomingEvent.image?.path ?? ""],
  ["Event date", (s) => s.upcomingEvent.date],
  ["Event start time", (s) => s.upcomingEvent.startTime],
  ["Event venue", (s) => s.upcomingEvent.venue],
  ["Booking button text", (s) => s.upcomingEvent.buttonText],
  ["Booking button link", (s) => s.upcomingEvent.bookingLink],
  ["Event capacity", (s) => (s.upcomingEvent.capacity > 0 ? s.upcomingEvent.capacity : "no limit")],
  ["Ticket type", (s) => s.tickets.type],
  ["Ticket groups", (s) => s.tickets.pattern],
  ["Ticket title", (s) => s.tickets.title],
  ["Last booking date", (s) => s.tickets.lastBookingDate],
  ...TICKET_PRICE_FIELDS.flatMap((field): LoggedSetting[] => [
    [`Ticket price ${field.label}`, (s) => `£${penceToPounds(s.tickets[field.price])}`],
    [`Stripe price id ${field.label}`, (s) => s.tickets[field.priceId]],
  ]),
];

/** One change per setting that differs, in the form's order (the activity log's entries). */
export function eventChanges(before: SiteSettings, after: SiteSettings): SettingChange[] {
  return changedSettings(LOGGED, before, after);
}
