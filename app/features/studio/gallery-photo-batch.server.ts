import type { AppLoadContext } from "@remix-run/cloudflare";
import type { ActivityEvent } from "~/kernel/activity/activity";
import { ACTION_NOT_UNDERSTOOD } from "~/kernel/forms/back-office-messages";
import { featuredAfter, samePhoto } from "./gallery-edit";
import { photoIdOfPath } from "~/kernel/media/cockpit-photo-path";
import { batchToast } from "./photo-batch-upload";
import type { Gallery } from "~/kernel/store/records";
import { photoStoreFor } from "~/kernel/media/photo-store.server";
import { chosenFiles, storeUploadedPhotos } from "./photo-uploads.server";

/**
 * The gallery studio's upload with JavaScript, one photo a request (ADR 40): plain results;
 * the route (studio_.galleries.$id_.photos.tsx) makes the answers, records the activity and
 * says the content changed. The checks are the one-form upload's (storeUploadedPhotos, at
 * most one file here), so a photo is refused with the same status and message.
 */

export type OnePhotoOutcome = { ok: true; path: string; activity: ActivityEvent } | { ok: false; status: 400 | 413 | 415 | 422 | 503; message: string };

export async function addOnePhoto(context: AppLoadContext, gallery: Gallery, formData: FormData): Promise<OnePhotoOutcome> {
  const photos = photoStoreFor(context);
  if (!photos) return { ok: false, status: 503, message: "Photos cannot be stored at the moment. Please try again later." };
  // The page sends one photo a post; more is not a request it makes (and "at most 12" would not fit).
  if (chosenFiles(formData, "photos").length > 1) return { ok: false, status: 400, message: ACTION_NOT_UNDERSTOOD };
  const uploaded = await storeUploadedPhotos(photos, formData, "photos");
  if (!uploaded.ok) return uploaded;
  const ref = uploaded.stored[0]!;
  // Read again just before writing: making the renditions took seconds, and the gallery is
  // written whole, so a change made meanwhile (another photo of the batch, a caption) is kept.
  const now = (await context.store.content.getGallery(gallery.id)) ?? gallery;
  const images = [...now.images, ref];
  await context.store.content.updateGallery(gallery.id, { title: now.title, images, featuredImage: featuredAfter(now.featuredImage, images) });
  return {
    ok: true,
    path: ref.path,
    activity: { kind: "gallery-changed", gallery: { id: gallery.id, title: now.title }, change: "added 1 photo" },
  };
}

/** The toast after a batch, counted from the gallery itself: only the named photos it holds. */
export function finishedToast(gallery: Gallery, added: readonly string[]): string {
  // On Cockpit the answer named the asset (/storage/uploads/<id>_uid_…) and the gallery reads it as its /media/ copy: the same photo id.
  const ids = new Set(added.map(photoIdOfPath).filter((id) => id !== null));
  const found = gallery.images.filter((image) => added.some((path) => samePhoto(image, { path })) || ids.has(photoIdOfPath(image.path) ?? ""));
  return batchToast(found.length);
}
