import type { AppLoadContext } from "@remix-run/cloudflare";
import { eventFormDataFor, eventFormValuesFor, maySetEventMoney } from "./event-field-access";
import { applyEventForm, eventChanges, eventFormValues, type EventForm } from "./event-form";
import type { MediaRef, Role } from "~/kernel/store/records";
import type { SettingChange } from "./settings-form-parts";
import { sanitizeRichText } from "~/kernel/store/content/sanitize.server";
import { discardOldPhoto, readPhotoField, writeWithNewPhoto } from "./studio-photo-field.server";
import { saveSiteSettingsWith } from "./site-settings-save.server";

/** The form's schema, through a server module so zod stays out of the studio page's JavaScript. */
export { eventFormSchema } from "./event-form";

/**
 * The studio's Upcoming event (/studio/event): the event on the home page and the booking
 * page's tickets, part of the site settings, saved like /studio/settings (one activity entry
 * per changed setting). The image goes through the photo pipeline (photos.server.ts).
 */

export const EVENT_IMAGE_FIELD = "image";

/** The form `role` sees: an accountant's has the prices too (features/studio/event-field-access.ts). */
export async function loadEventForm(context: AppLoadContext, role: Role): Promise<{ values: Record<string, string>; image: MediaRef | null; prices: boolean }> {
  const settings = await context.store.content.getSiteSettings();
  return { values: eventFormValuesFor(role, eventFormValues(settings)), image: settings.upcomingEvent.image, prices: maySetEventMoney(role) };
}

/** What `role` sent, with the stored prices in place of any it may not set. */
export async function eventFormDataAs(context: AppLoadContext, role: Role, sent: FormData): Promise<FormData> {
  if (maySetEventMoney(role)) return sent;
  return eventFormDataFor(role, sent, eventFormValues(await context.store.content.getSiteSettings()));
}

export type EventSave = { ok: true; changes: SettingChange[] } | { ok: false; status: number; message: string };

/**
 * Saves a checked form: a new image when a file was chosen (stored before the settings, so a
 * refused file saves nothing), none when Remove was ticked, else the current one is kept.
 * The description is HTML shown on the home page: kept only within the CMS allow-list.
 */
export async function saveEventForm(context: AppLoadContext, form: EventForm, formData: FormData): Promise<EventSave> {
  const current = (await context.store.content.getSiteSettings()).upcomingEvent.image;
  const photo = await readPhotoField(context, formData, EVENT_IMAGE_FIELD);
  if (!photo.ok) return photo;
  const image: MediaRef | null | "keep" = photo.image === undefined ? "keep" : photo.image;

  // When the settings are not saved, the new photo is not kept.
  const changes = await writeWithNewPhoto(
    context,
    photo,
    saveSiteSettingsWith(
      context,
      (before) => applyEventForm(before, { ...form, descriptionHtml: sanitizeRichText(form.descriptionHtml) }, image),
      eventChanges,
    ),
  );
  await discardOldPhoto(context, current, photo.image);
  return { ok: true, changes };
}
