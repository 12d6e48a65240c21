import type { AppLoadContext } from "@remix-run/cloudflare";
import type { ActivityActor } from "~/kernel/activity/activity";
import { recordActivity } from "~/kernel/activity/activity.server";
import { studioRichText } from "./studio-rich-text.server";
import { nowSeconds } from "~/kernel/store/ids";
import type { EventFields, EventRecord, MediaRef, Role } from "~/kernel/store/records";
import { allEvents } from "~/features/tickets/index.server";
import { nextYearsFields, ukToday, upcomingThenPast } from "~/features/tickets";
import { eventFormDataFor, eventFormValuesFor, maySetEventTickets } from "./event-field-access";
import { eventChanges, eventFieldsFromForm, eventFormValues, eventLogName, eventStatus, newEventFields, type EditedEvent, type EventForm } from "./event-form";
import type { EventStatus } from "./event-form-fields";
import { discardOldPhoto, readPhotoField, writeWithNewPhoto } from "./studio-photo-field.server";

/** The form's schema, through a server module so zod stays out of the studio pages' JavaScript. */
export { eventFormSchema } from "./event-form";

/**
 * The studio's events (docs/requirements.md §7.3, ADR 60): every write goes to the store
 * (store.events, which bumps the content version in the write's own batch, so visitors see
 * it at once), then is recorded in the activity log under the event's id: created,
 * cancelled, restored, and one "event-changed" entry per changed field. Returns results,
 * never Responses.
 */

export const EVENT_IMAGE_FIELD = "image";

export interface EventRow {
  id: string;
  title: string;
  /** "Sun 27 Dec 2026, 18:00", or "No date yet". */
  when: string;
  venue: string;
  status: EventStatus;
  cancelled: boolean;
  /** Its public booking page, while the public may see it. */
  viewOnSite: string | null;
}

const DAY_FORMAT = new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

function when(event: Pick<EventRecord, "date" | "startTime" | "endTime">): string {
  const day = event.date ? DAY_FORMAT.format(new Date(`${event.date}T12:00:00Z`)) : "No date yet";
  const times = [event.startTime, event.endTime].filter(Boolean).join("–");
  return times ? `${day}, ${times}` : day;
}

const row =
  (today: string) =>
  (event: EventRecord): EventRow => {
    const status = eventStatus(event, today);
    return {
      id: event.id,
      title: event.title || "(no title)",
      when: when(event),
      venue: event.venue,
      status,
      cancelled: event.cancelledAt !== null,
      viewOnSite: status === "Published" || status === "Booking open" ? `/book-ticket/${event.id}` : null,
    };
  };

/**
 * The list: upcoming first (soonest first), then past (latest first). A site whose event is
 * still in its settings gets it as its first record first (ADR 60), so nothing goes missing.
 */
export async function listStudioEvents(context: AppLoadContext, now = nowSeconds()): Promise<{ upcoming: EventRow[]; past: EventRow[] }> {
  const today = ukToday(now);
  const { upcoming, past } = upcomingThenPast(await allEvents(context), today);
  return { upcoming: upcoming.map(row(today)), past: past.map(row(today)) };
}

export const findEvent = (context: AppLoadContext, id: string | undefined) => (id ? context.store.events.get(id) : Promise.resolve(null));

/** What a new event's form starts from. */
export async function newEvent(context: AppLoadContext): Promise<EditedEvent> {
  return newEventFields(await context.store.content.getSiteSettings());
}

/** The form `role` sees: an accountant's has the tickets' fields too (event-field-access.ts). */
export function eventFormFor(role: Role, event: EditedEvent): { values: Record<string, string>; image: MediaRef | null; tickets: boolean } {
  return { values: eventFormValuesFor(role, eventFormValues(event)), image: event.image, tickets: maySetEventTickets(role) };
}

/** What `role` sent, with the stored tickets' fields in place of any it may not set. */
export function eventFormDataAs(role: Role, sent: FormData, stored: EditedEvent): FormData {
  return eventFormDataFor(role, sent, eventFormValues(stored));
}

export type EventSave = { ok: true; event: EventRecord } | { ok: false; status: number; message: string };

/** The form's fields for the store: the description kept only within the CMS allow-list (it is shown on the public pages). */
const fieldsFrom = (current: EditedEvent, form: EventForm, image: MediaRef | null | undefined): EventFields =>
  eventFieldsFromForm(current, { ...form, descriptionHtml: studioRichText(form.descriptionHtml) }, image);

/** The activity log's name for an event: its id, and its title and date as they are now. */
const named = (event: EventRecord) => ({ id: event.id, name: eventLogName(event) });

/**
 * Creates an event from a checked form. A chosen photo is stored first (a refused file
 * creates nothing), and not kept when the event cannot be written.
 */
export async function createEvent(context: AppLoadContext, actor: ActivityActor, form: EventForm, formData: FormData): Promise<EventSave> {
  const photo = await readPhotoField(context, formData, EVENT_IMAGE_FIELD);
  if (!photo.ok) return photo;
  const start = await newEvent(context);
  const event = await writeWithNewPhoto(context, photo, context.store.events.create(fieldsFrom(start, form, photo.image ?? null)));
  await recordActivity(context, actor, { kind: "event-created", event: named(event), how: event.published ? "published" : "not published" });
  return { ok: true, event };
}

/**
 * Saves a checked form over `existing`: a new photo when a file was chosen, none when Remove
 * was ticked, else the current one is kept. Null event when it was removed meanwhile.
 */
export async function updateEvent(
  context: AppLoadContext,
  actor: ActivityActor,
  existing: EventRecord,
  form: EventForm,
  formData: FormData,
): Promise<EventSave | null> {
  const photo = await readPhotoField(context, formData, EVENT_IMAGE_FIELD);
  if (!photo.ok) return photo;
  const fields = fieldsFrom(existing, form, photo.image);
  const event = await writeWithNewPhoto(context, photo, context.store.events.update(existing.id, fields));
  if (!event) return null;
  // "Same event next year" copies share their photo: its files go only when no other event shows it.
  const shared = (await context.store.events.list()).some((other) => other.id !== existing.id && other.image?.path === existing.image?.path);
  if (!shared) await discardOldPhoto(context, existing.image, photo.image);
  for (const change of eventChanges(existing, fields)) await recordActivity(context, actor, { kind: "event-changed", event: named(existing), ...change });
  return { ok: true, event };
}

/** "Same event next year": an unpublished copy, every date a year on (nextYearsFields). */
export async function duplicateEvent(context: AppLoadContext, actor: ActivityActor, existing: EventRecord): Promise<EventRecord> {
  const copy = await context.store.events.create(nextYearsFields(existing));
  await recordActivity(context, actor, { kind: "event-created", event: named(copy), how: `not published, next year's copy of ${eventLogName(existing)}` });
  return copy;
}

/** Cancels (true) or restores (false) an event; null when it is gone. */
export async function setEventCancelled(context: AppLoadContext, actor: ActivityActor, existing: EventRecord, cancel: boolean): Promise<EventRecord | null> {
  const event = await context.store.events.setCancelled(existing.id, cancel ? nowSeconds() : null);
  if (!event) return null;
  await recordActivity(context, actor, { kind: cancel ? "event-cancelled" : "event-restored", event: named(event) });
  return event;
}
