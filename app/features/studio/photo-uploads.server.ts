import { GALLERY_TEXTS, PHOTOS_PER_UPLOAD } from "./gallery-edit";
import type { MediaRef } from "~/kernel/store/records";
import { checkUpload, sizeRefusal } from "~/kernel/media/uploads";
import type { PhotoStore } from "~/kernel/media/photo-store.server";

/**
 * The photos a studio form sent (PhotoInput's file field), read from the action's FormData
 * and stored through the photo pipeline. Every file is checked before any is stored, so a
 * refused file (too large, not a photo, cut short) stores nothing of its upload.
 * The request's body was already capped before any route read it (request-guard.server.ts:
 * 40 MB under /studio/), so at most that much is in memory here.
 */

export type PhotoUploads = { ok: true; stored: MediaRef[] } | { ok: false; status: 400 | 413 | 415 | 422 | 503; message: string };

/** The files chosen in the field (an empty file input sends one nameless, empty file: not a choice). */
export function chosenFiles(formData: FormData, name: string): File[] {
  return formData
    .getAll(name)
    .filter((value): value is File => typeof value === "object" && value !== null && "arrayBuffer" in value && (value.size > 0 || value.name !== ""));
}

/** Whether PhotoInput's "Remove" box was ticked for the field `name`. */
export function photoRemoved(formData: FormData, name: string): boolean {
  return formData.get(`${name}-remove`) === "1";
}

export async function storeUploadedPhotos(photos: PhotoStore, formData: FormData, name = "photos", options: { max?: number } = {}): Promise<PhotoUploads> {
  const files = chosenFiles(formData, name);
  if (!files.length) return { ok: false, status: 400, message: GALLERY_TEXTS.noFile };
  if (files.length > (options.max ?? PHOTOS_PER_UPLOAD)) return { ok: false, status: 413, message: GALLERY_TEXTS.tooMany };
  const named = (file: File, message: string) => (files.length > 1 && file.name ? `${file.name}: ${message}` : message);
  // The size first (no bytes read for a file over the limit), then the bytes themselves.
  for (const file of files) {
    const tooLarge = sizeRefusal(file.size, "photo");
    if (tooLarge && !tooLarge.ok) return { ok: false, status: tooLarge.status, message: named(file, tooLarge.message) };
  }
  const contents: Uint8Array[] = [];
  for (const file of files) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const checked = checkUpload(bytes, "photo");
    if (!checked.ok) return { ok: false, status: checked.status, message: named(file, checked.message) };
    contents.push(bytes);
  }
  const stored: MediaRef[] = [];
  for (const [index, bytes] of contents.entries()) {
    const result = await photos.store(bytes);
    if (!result.ok) {
      // A photo the image service could not resize: the upload stores nothing, as for a refused file above.
      for (const ref of stored) await photos.remove(ref);
      return { ok: false, status: result.status, message: named(files[index]!, result.message) };
    }
    stored.push(result.ref);
  }
  return { ok: true, stored };
}
