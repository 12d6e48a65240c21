import { imageDimensions } from "./dimensions";
import { stripJpegLocation, isCompleteJpeg } from "./jpeg";
import { UPLOAD_LIMITS, withinPixelLimits, type UploadPurpose } from "./limits";
import { tooManyPixelsMessage, UPLOAD_MESSAGES } from "./messages";
import { stripPngLocation } from "./png";
import { sniff, type FileType } from "./sniff";
import { stripWebpLocation } from "./webp";

/**
 * The one gate every upload passes before anything is stored: the size for its purpose,
 * the type read from its bytes, a whole file, no location data, and for an image (a photo,
 * or a document that is one) a picture no larger than PHOTO_PIXEL_LIMITS. Pure: the caller
 * stores `bytes` (the cleaned copy) under a generated name with `type`, or shows `message`.
 *
 * `status` is what an HTTP answer uses: 413 for a file over the limit, 415 for a type the
 * site does not take, 422 for a broken file of an accepted type.
 */
export type UploadCheck = { ok: true; type: FileType; bytes: Uint8Array } | { ok: false; status: 413 | 415 | 422; message: string };

/** The refusal for a declared or counted size over the purpose's limit (checked before the bytes are read when the size is known). */
export function sizeRefusal(size: number, purpose: UploadPurpose): UploadCheck | null {
  if (size <= UPLOAD_LIMITS[purpose]) return null;
  return { ok: false, status: 413, message: purpose === "photo" ? UPLOAD_MESSAGES.photoTooLarge : UPLOAD_MESSAGES.documentTooLarge };
}

export function checkUpload(bytes: Uint8Array, purpose: UploadPurpose): UploadCheck {
  const tooLarge = sizeRefusal(bytes.length, purpose);
  if (tooLarge) return tooLarge;
  if (bytes.length === 0) return { ok: false, status: 422, message: UPLOAD_MESSAGES.empty };
  const sniffed = sniff(bytes);
  if (sniffed.kind === "svg") return { ok: false, status: 415, message: UPLOAD_MESSAGES.svg };
  if (sniffed.kind === "web-page") return { ok: false, status: 415, message: UPLOAD_MESSAGES.webPage };
  if (sniffed.kind === "macros") return { ok: false, status: 415, message: UPLOAD_MESSAGES.macros };
  const notAccepted = { ok: false, status: 415, message: purpose === "photo" ? UPLOAD_MESSAGES.notAPhoto : UPLOAD_MESSAGES.notADocument } as const;
  if (sniffed.kind === "unknown") return notAccepted;
  const { type } = sniffed;
  // Documents may be photos too (a scanned notice); photos must be photos.
  if (purpose === "photo" && type.family !== "photo") return notAccepted;
  if (type.family !== "photo") return { ok: true, type, bytes };
  const clean = withoutLocation(bytes, type);
  if (!clean) return { ok: false, status: 422, message: UPLOAD_MESSAGES.truncatedPhoto };
  // Every image is shown by browsers (photos on pages, image documents inline to members): one
  // that claims a huge picture is refused, and one whose size cannot be read is too.
  const size = imageDimensions(clean);
  if (!size) return { ok: false, status: 422, message: UPLOAD_MESSAGES.unreadableSize };
  if (!withinPixelLimits(size)) return { ok: false, status: 422, message: tooManyPixelsMessage(size.width, size.height) };
  return { ok: true, type, bytes: clean };
}

/** The photo without its location data; null when it is not whole. GIF has no place for any. */
function withoutLocation(bytes: Uint8Array, type: FileType): Uint8Array | null {
  if (type.extension === "jpg") return isCompleteJpeg(bytes) ? stripJpegLocation(bytes) : null;
  if (type.extension === "png") return stripPngLocation(bytes);
  if (type.extension === "webp") return stripWebpLocation(bytes);
  return bytes;
}
