import type { AppLoadContext } from "@remix-run/cloudflare";
import type { ActivityActor } from "~/kernel/activity/activity";
import type { CalendarEntryInput } from "./calendar-entry-form";
import type { CalendarEvent } from "~/kernel/store/records";
import { recordActivity } from "~/kernel/activity/activity.server";
import { contentChanged } from "~/kernel/store/content/content-changed.server";

/**
 * The event calendar's writes from the studio (/studio/calendar): change the store, make
 * the change visible, record it. Plain results; the routes answer.
 */

async function done(
  context: AppLoadContext,
  actor: ActivityActor,
  kind: "calendar-entry-added" | "calendar-entry-changed" | "calendar-entry-removed",
  entry: CalendarEvent,
) {
  await contentChanged(context);
  await recordActivity(context, actor, { kind, subject: { id: entry.id, name: entry.name } });
}

/** One entry of the calendar, or null (the store lists the calendar; there is no read by id). */
export const findCalendarEntry = async (context: AppLoadContext, id: string) => (await context.store.content.listEvents()).find((e) => e.id === id) ?? null;

export async function addCalendarEntry(context: AppLoadContext, actor: ActivityActor, input: CalendarEntryInput): Promise<CalendarEvent> {
  const entry = await context.store.content.createEvent(input);
  await done(context, actor, "calendar-entry-added", entry);
  return entry;
}

export async function changeCalendarEntry(context: AppLoadContext, actor: ActivityActor, id: string, input: CalendarEntryInput): Promise<CalendarEvent | null> {
  const entry = await context.store.content.updateEvent(id, input);
  if (entry) await done(context, actor, "calendar-entry-changed", entry);
  return entry;
}

export async function removeCalendarEntry(context: AppLoadContext, actor: ActivityActor, id: string): Promise<CalendarEvent | null> {
  const entry = await findCalendarEntry(context, id);
  if (!entry || !(await context.store.content.deleteEvent(id))) return null;
  await done(context, actor, "calendar-entry-removed", entry);
  return entry;
}
