import type { AppLoadContext } from "@remix-run/cloudflare";
import type { EventRecord } from "~/kernel/store/records";
import { CLOSED_BOOKING_DATE } from "~/kernel/store/site-settings-defaults";
import { bookableEvents, byEventDate, eventFieldsFromSettings, eventOver, eventRecordYear, eventShown } from "./event-schedule";
import { ukToday } from "./ticket-rules";
import { heldSince } from "./event-capacity";
import { totalsDifferences } from "./event-totals";
import { nowSeconds } from "~/kernel/store/ids";

/**
 * The events as the booking reads them (ADR 60). The events table is small (a handful a
 * year), so the booking's lists read it whole, fresh from D1 (never the visitors' cache).
 */

/**
 * Before events were records, the site settings held the one event on sale. The first time
 * an event is needed and none exists, that event becomes the first record, and the tickets
 * sold for it (same title and year) are linked to it. Tickets that match nothing keep no
 * event (ADR 60). Idempotent: once an event exists this reads one query and does nothing.
 */
export async function adoptSettingsEvent(context: Pick<AppLoadContext, "store">): Promise<EventRecord | null> {
  if (await context.store.events.hasAny()) return null;
  const settings = await context.store.content.getSiteSettings();
  const fields = eventFieldsFromSettings(settings);
  if (fields.tickets.title === "" || fields.tickets.lastBookingDate === CLOSED_BOOKING_DATE) return null;
  const event = await context.store.events.create(fields);
  await context.store.tickets.linkToEvent(event.id, { title: event.title, year: eventRecordYear(event) });
  // Its running totals start from a full count of the tickets just linked (ADR 62).
  await context.store.events.writeTotals(event.id, await context.store.tickets.recountEventTotals(event.id));
  return event;
}

/** The events open for booking now, soonest first. */
export async function loadBookableEvents(context: AppLoadContext, now = nowSeconds()): Promise<EventRecord[]> {
  return bookableEvents(await context.store.events.list(), ukToday(now));
}

/**
 * Every event, cancelled ones too, by date (a handful a year): what the door, the studio and
 * My Account choose from. A site whose event is still only in its settings gets it first.
 */
export async function allEvents(context: Pick<AppLoadContext, "store">): Promise<EventRecord[]> {
  await adoptSettingsEvent(context);
  return context.store.events.list();
}

/**
 * Which event a booking page is for (docs/requirements.md §5.4): the one named by its id
 * (shown on the public pages, else missing); without an id, the one open event, a choice
 * when several are open, or else the next event shown (its booking closed or not yet
 * open); none at all on a site with no event.
 */
export type BookingEvent = { kind: "event"; event: EventRecord } | { kind: "choose"; events: EventRecord[] } | { kind: "none" } | { kind: "missing" };

export async function resolveBookingEvent(context: AppLoadContext, eventId: string | undefined, now = nowSeconds()): Promise<BookingEvent> {
  const today = ukToday(now);
  if (eventId !== undefined) {
    await adoptSettingsEvent(context);
    const event = await context.store.events.get(eventId);
    return event && eventShown(event) ? { kind: "event", event } : { kind: "missing" };
  }
  const events = await allEvents(context);
  const open = bookableEvents(events, today);
  if (open.length === 1) return { kind: "event", event: open[0]! };
  if (open.length > 1) return { kind: "choose", events: open };
  const shown = byEventDate(events.filter(eventShown));
  const next = shown.find((e) => !eventOver(e, today)) ?? shown.at(-1);
  return next ? { kind: "event", event: next } : { kind: "none" };
}

/** One event whose running totals disagree with a full recount: what differs. */
export interface TotalsDisagreement {
  eventId: string;
  title: string;
  differences: string[];
}

/**
 * The daily check of the running totals (ADR 62): each event not over gives back its expired
 * holds, then its totals are compared with a full recount. A difference is logged and
 * returned, never repaired silently: it means a write path missed its update.
 */
export async function checkEventTotals(context: Pick<AppLoadContext, "store">, now = nowSeconds(), all = false): Promise<TotalsDisagreement[]> {
  const today = ukToday(now);
  const events = (await context.store.events.list()).filter((e) => all || !eventOver(e, today));
  const found: TotalsDisagreement[] = [];
  for (const event of events) {
    await context.store.tickets.releaseExpiredHolds(event.id, heldSince(now));
    const [running, recounted] = await Promise.all([context.store.events.totals(event.id), context.store.tickets.recountEventTotals(event.id)]);
    const differences = totalsDifferences(running, recounted);
    if (differences.length > 0) found.push({ eventId: event.id, title: event.title, differences });
  }
  for (const d of found) console.error(`Event totals differ from a recount for ${d.title} (${d.eventId}): ${d.differences.join(", ")}`);
  return found;
}
