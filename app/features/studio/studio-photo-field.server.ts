import type { AppLoadContext } from "@remix-run/cloudflare";
import type { MediaRef } from "~/kernel/store/records";
import { chosenFiles, photoRemoved, storeUploadedPhotos } from "./photo-uploads.server";
import { photoStoreFor } from "~/kernel/media/photo-store.server";

/**
 * One record's single photo in a studio form (PhotoInput: a file field and its Remove box):
 * what the form asks for, with the new photo already stored through the photo pipeline.
 * `image` is what the store's writes take: undefined keeps the photo, null removes it.
 */
export type PhotoFieldChange = { ok: true; image: MediaRef | null | undefined } | { ok: false; status: number; message: string };

export const PHOTOS_UNAVAILABLE = "Photos cannot be stored at the moment. Please try again later.";

export async function readPhotoField(context: AppLoadContext, formData: FormData, name: string): Promise<PhotoFieldChange> {
  if (chosenFiles(formData, name).length) {
    const photos = photoStoreFor(context);
    if (!photos) return { ok: false, status: 503, message: PHOTOS_UNAVAILABLE };
    const uploaded = await storeUploadedPhotos(photos, formData, name, { max: 1 });
    if (!uploaded.ok) return uploaded;
    return { ok: true, image: uploaded.stored[0]! };
  }
  return { ok: true, image: photoRemoved(formData, name) ? null : undefined };
}

/**
 * After a write: deletes the files of the photo the record had when the form replaced or
 * removed it. The PhotoStore only deletes photos the studio stored (ADR 47): a picture from
 * the CMS's own admin or the demo data is left where it is.
 */
export async function discardOldPhoto(context: AppLoadContext, before: MediaRef | null | undefined, next: MediaRef | null | undefined) {
  if (next === undefined || !before?.path || before.path === next?.path) return;
  await photoStoreFor(context)?.remove(before);
}

/** When the write failed or was refused after the upload: the new photo is not kept. */
export async function discardNewPhoto(context: AppLoadContext, change: PhotoFieldChange) {
  if (change.ok && change.image) await photoStoreFor(context)?.remove(change.image);
}

/**
 * Runs the write that takes the form's new photo. When it fails (throws) or finds no record
 * to change (null or false), the new photo is not kept; the write's result is returned as it is.
 */
export async function writeWithNewPhoto<T>(context: AppLoadContext, change: PhotoFieldChange, write: Promise<T>): Promise<T> {
  const result = await write.catch(async (error: unknown) => {
    await discardNewPhoto(context, change);
    throw error;
  });
  if (result === null || result === false) await discardNewPhoto(context, change);
  return result;
}
