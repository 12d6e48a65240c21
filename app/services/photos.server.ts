import { fallbackWidth, mediaKeyFromUrlPath, mediaUrlPath, photoKeys, renditionWidths } from "../domain/photo-renditions";
import type { MediaRef } from "../domain/records";
import { checkUpload } from "../domain/uploads";

/**
 * The photo pipeline (ADR 40): every photo the studio takes passes checkUpload (type from the
 * bytes, size, location data removed), is stored in the MEDIA bucket as
 * photos/<id>/original.<ext>, and gets its WebP renditions (350/700/1100/1600 px, never wider than
 * the original) and one JPEG fallback from the Images binding, next to it. If the binding is
 * missing or fails, the original is kept without renditions and the result says so (the studio
 * marks it; pages show the original). Plain results: the routes make the answers.
 */

export interface PhotoDeps {
  media: R2Bucket;
  images?: ImagesBinding;
}

export type StoredPhoto = { ok: true; ref: MediaRef; withRenditions: boolean } | { ok: false; status: 413 | 415 | 422; message: string };

/** WebP at this quality keeps a 350 px thumbnail of a phone photo well under the 60 kB budget. */
const QUALITY = 75;

const streamOf = (bytes: Uint8Array) => new Blob([bytes as Uint8Array<ArrayBuffer>]).stream();

export async function storePhoto(deps: PhotoDeps, bytes: Uint8Array, original?: OriginalStore): Promise<StoredPhoto> {
  const checked = checkUpload(bytes, "photo");
  if (!checked.ok) return checked;
  const id = crypto.randomUUID();
  const keys = photoKeys(id, checked.type.extension);
  // Elsewhere first (Cockpit's assets): if that fails, nothing is in R2 yet.
  const elsewhere = original ? await original.put(checked.bytes, `${id}.${checked.type.extension}`, checked.type.mime) : null;
  try {
    await deps.media.put(keys.original, checked.bytes, { httpMetadata: { contentType: checked.type.mime } });
  } catch (error) {
    if (elsewhere) await original?.remove(elsewhere).catch(() => undefined);
    throw error;
  }
  const ref: MediaRef = { path: elsewhere ?? mediaUrlPath(keys.original) };
  const made = deps.images ? await makeRenditions(deps.images, deps.media, keys, checked.bytes) : null;
  if (!made) return { ok: true, ref, withRenditions: false };
  return { ok: true, ref: { ...ref, width: made.width, height: made.height, renditions: made.widths }, withRenditions: true };
}

/**
 * Where a photo's original is kept besides R2, when the store has a library of its own (Cockpit's
 * assets, ADR 47): `put` answers the path the store's entries reference it by; `remove` undoes it.
 */
export interface OriginalStore {
  put(bytes: Uint8Array, name: string, mime: string): Promise<string>;
  remove(path: string): Promise<void>;
}

async function makeRenditions(images: ImagesBinding, media: R2Bucket, keys: ReturnType<typeof photoKeys>, bytes: Uint8Array) {
  const written: string[] = [];
  try {
    const info = await images.info(streamOf(bytes));
    if (!("width" in info)) return null; // an SVG-like answer without a size: nothing to scale
    const widths = renditionWidths(info.width);
    const jpegWidth = fallbackWidth(widths);
    const outputs: Array<{ width: number; format: "image/webp" | "image/jpeg"; key: string }> = widths.map((width) => ({
      width,
      format: "image/webp",
      key: keys.webp(width),
    }));
    if (jpegWidth !== null) outputs.push({ width: jpegWidth, format: "image/jpeg", key: keys.jpeg(jpegWidth) });
    // One at a time: a Worker has 128 MB, and a phone photo decoded is already ~48 MB.
    for (const output of outputs) {
      const result = await images.input(streamOf(bytes)).transform({ width: output.width }).output({ format: output.format, quality: QUALITY });
      const rendition = new Uint8Array(await result.response().arrayBuffer());
      await media.put(output.key, rendition, { httpMetadata: { contentType: output.format } });
      written.push(output.key);
    }
    return { width: info.width, height: info.height, widths };
  } catch (error) {
    console.error("photo renditions failed; the original is kept without them", error);
    await Promise.all(written.map((key) => media.delete(key).catch(() => undefined)));
    return null;
  }
}

/** Deletes a photo stored by storePhoto: its original and every rendition (its whole folder). Other paths are left alone. */
export async function deletePhoto(media: R2Bucket, ref: Pick<MediaRef, "path">): Promise<void> {
  const key = mediaKeyFromUrlPath(ref.path);
  if (!key) return;
  const folder = key.slice(0, key.lastIndexOf("/") + 1);
  let cursor: string | undefined;
  do {
    const page = await media.list({ prefix: folder, cursor });
    if (page.objects.length) await media.delete(page.objects.map((object) => object.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}
