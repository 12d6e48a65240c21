import { fallbackWidth, mediaKeyFromUrlPath, mediaUrlPath, photoKeys, renditionWidths } from "./photo-renditions";
import type { MediaRef } from "~/kernel/store/records";
import { checkUpload, sniff, UPLOAD_MESSAGES } from "./uploads";

/**
 * The photo pipeline (ADR 40): every photo the studio takes passes checkUpload (type from the
 * bytes, size, pixels, location data removed), is stored in the MEDIA bucket as
 * photos/<id>/original.<ext>, and gets its WebP renditions (350/700/1100/1600 px, never wider than
 * the original) and one JPEG fallback from the Images binding, next to it. If the binding is
 * missing or fails, the photo is refused and nothing of it is kept: pages only ever show
 * renditions, never an original the image service could not read (it may be a decompression
 * bomb the header check did not see; docs/security.md). Plain results: the routes make the answers.
 */

export interface PhotoDeps {
  media: R2Bucket;
  images?: ImagesBinding;
}

export type StoredPhoto = { ok: true; ref: MediaRef } | { ok: false; status: 413 | 415 | 422 | 503; message: string };

/** WebP at this quality keeps a 350 px thumbnail of a phone photo well under the 60 kB budget. */
const QUALITY = 75;

const streamOf = (bytes: Uint8Array) => new Blob([bytes as Uint8Array<ArrayBuffer>]).stream();

export async function storePhoto(deps: PhotoDeps, bytes: Uint8Array, original?: OriginalStore): Promise<StoredPhoto> {
  const checked = checkUpload(bytes, "photo");
  if (!checked.ok) return checked;
  if (!deps.images) return { ok: false, status: 503, message: UPLOAD_MESSAGES.resizingUnavailable };
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
  const made = await makeRenditions(deps.images, deps.media, keys, checked.bytes);
  if (!made) {
    // Refused, not kept "without renditions": its original would be what visitors' browsers decode.
    await deps.media.delete(keys.original).catch(() => undefined);
    if (elsewhere) await original?.remove(elsewhere).catch(() => undefined);
    return { ok: false, status: 422, message: UPLOAD_MESSAGES.notResized };
  }
  return { ok: true, ref: { path: elsewhere ?? mediaUrlPath(keys.original), width: made.width, height: made.height, renditions: made.widths } };
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
      // Locally the binding streams its answer, so a decode that fails part-way ends an answer that
      // said 200 with no image in it: a rendition must be a file of the type asked for.
      const made = sniff(rendition);
      if (made.kind !== "type" || made.type.mime !== output.format)
        throw new Error(`the image service answered no ${output.format} (${rendition.length} bytes)`);
      await media.put(output.key, rendition, { httpMetadata: { contentType: output.format } });
      written.push(output.key);
    }
    return { width: info.width, height: info.height, widths };
  } catch (error) {
    console.error("photo renditions failed; the photo is refused", error);
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
