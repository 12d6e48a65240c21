import type { MediaRef } from "../store/records";

/**
 * A photo's renditions (ADR 40): WebP files 350, 700, 1100 and 1600 px wide made once at upload,
 * and one JPEG fallback, stored next to the original in the MEDIA bucket:
 *   photos/<id>/original.jpg, photos/<id>/350.webp, …, photos/<id>/1600.webp, photos/<id>/700.jpg
 * The record keeps the original's path ("/media/photos/<id>/original.jpg") and the WebP
 * widths that exist (`renditions`); every other name is derived here, in one place. Pure.
 */

/**
 * The widths every photo is made at: thumbnails and cards, then the lightbox and slides. 1100 is
 * for a full-width banner on a dense phone (412 px × 1.75 = 721 px): without it the phone took the
 * 1600 px file, about twice the bytes (ADR 46, amended). Photos made before it simply lack it.
 */
export const RENDITION_WIDTHS = [350, 700, 1100, 1600] as const;

/** Where /media/* serves from: photos only (documents stay member-only at /documents/:id). */
export const MEDIA_URL_PREFIX = "/media/";

/** The widest the JPEG fallback is made: enough for a card, small enough for an old browser on a phone. */
const FALLBACK_MAX_WIDTH = 700;

/**
 * The widths to make for an original `originalWidth` px wide: never wider than the original
 * (no upscaling); a photo narrower than a standard width gets one at its own width instead.
 */
export function renditionWidths(originalWidth: number): number[] {
  if (!Number.isFinite(originalWidth) || originalWidth < 1) return [];
  const width = Math.floor(originalWidth);
  const widths: number[] = RENDITION_WIDTHS.filter((w) => w <= width);
  const largest = Math.min(width, Math.max(...RENDITION_WIDTHS));
  if (!widths.includes(largest)) widths.push(largest);
  return widths;
}

/** The width of the JPEG fallback among a photo's rendition widths: the widest up to 700 px (or the narrowest). */
export function fallbackWidth(widths: readonly number[]): number | null {
  if (!widths.length) return null;
  const sorted = [...widths].sort((a, b) => a - b);
  return [...sorted].reverse().find((w) => w <= FALLBACK_MAX_WIDTH) ?? sorted[0] ?? null;
}

/** The bucket keys of a photo stored under `photos/<id>/`. */
export function photoKeys(id: string, extension: string) {
  const folder = `photos/${id}`;
  return {
    folder,
    original: `${folder}/original.${extension}`,
    webp: (width: number) => `${folder}/${width}.webp`,
    jpeg: (width: number) => `${folder}/${width}.jpg`,
  };
}

/** The URL path of a bucket key under /media/. */
export function mediaUrlPath(key: string): string {
  return `${MEDIA_URL_PREFIX}${key}`;
}

/** The bucket key a /media/ URL path names, or null when it is not one of ours or climbs out. */
export function mediaKeyFromUrlPath(path: string): string | null {
  if (!path.startsWith(MEDIA_URL_PREFIX)) return null;
  return photoKeyFromSplat(path.slice(MEDIA_URL_PREFIX.length));
}

/**
 * The key /media/<splat> may serve: a file directly under one photo's folder, `photos/<id>/<name>`,
 * with plain names only (no "..", no empty parts, no backslashes). Documents and anything else: null.
 */
export function photoKeyFromSplat(splat: string): string | null {
  const parts = splat.split("/");
  if (parts.length !== 3 || parts[0] !== "photos") return null;
  if (!parts.slice(1).every((part) => /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(part) && !part.includes(".."))) return null;
  return parts.join("/");
}

/** A photo's folder URL ("/media/photos/<id>/") from its original's path; null if it is not a photo of ours (the /media/ route checks keys itself). */
function photoFolderUrl(path: string): string | null {
  return path.startsWith(`${MEDIA_URL_PREFIX}photos/`) && !path.includes("..") ? path.slice(0, path.lastIndexOf("/") + 1) : null;
}

export interface PictureSources {
  /** For <source type="image/webp" srcset>. */
  webpSrcSet: string;
  /** The <img src>: the JPEG fallback. */
  fallback: string;
  /** The widest rendition: what a no-JS link to "the full photo" opens instead of the original. */
  largest: string;
}

/** The <picture> sources of a photo with renditions; null for a photo without (it is shown as it is). */
export function pictureSources(image: Pick<MediaRef, "path" | "renditions">, maxWidth = Infinity): PictureSources | null {
  const all = image.renditions?.filter((w) => Number.isInteger(w) && w > 0) ?? [];
  // A thumbnail lists only its small widths, so a phone's high-density screen cannot pick the lightbox's 1600 px file;
  // the narrowest is kept whatever the cap, so there is always one.
  const capped = all.filter((w) => w <= maxWidth);
  const widths = capped.length ? capped : all.length ? [Math.min(...all)] : [];
  const folder = widths.length ? photoFolderUrl(image.path) : null;
  // The one JPEG made at upload is at fallbackWidth of all the widths (photos.server.ts): a cap
  // narrows the WebP choice only, never names a JPEG that was not made (350.jpg answered 404).
  const fallback = fallbackWidth(all);
  if (!folder || fallback === null) return null;
  const sorted = [...widths].sort((a, b) => a - b);
  return {
    webpSrcSet: sorted.map((w) => `${folder}${w}.webp ${w}w`).join(", "),
    fallback: `${folder}${fallback}.jpg`,
    largest: `${folder}${Math.max(...all)}.webp`,
  };
}

/**
 * A photo as a page shows it: `path` is the <img src> (for a photo with renditions, its JPEG
 * fallback) and `webpSrcSet` the <source>'s WebP widths. Worked out by the loaders, so the
 * browser only renders ready strings and the rule stays out of the public pages' JavaScript.
 * `renditions` is gone: a raw MediaRef passed where a shown image is expected fails to compile.
 */
export type ShownImage = Omit<MediaRef, "renditions"> & { renditions?: never; webpSrcSet?: string };

/** `image` ready to show (`maxWidth`: the widest rendition to offer, as for `pictureSources`). */
export function shownImage(image: MediaRef, maxWidth?: number): ShownImage;
export function shownImage(image: MediaRef | null, maxWidth?: number): ShownImage | null;
export function shownImage(image: MediaRef | null, maxWidth?: number): ShownImage | null {
  if (!image) return null;
  const { renditions: _renditions, ...shown } = image;
  const sources = pictureSources(image, maxWidth);
  return sources ? { ...shown, path: sources.fallback, webpSrcSet: sources.webpSrcSet } : shown;
}

/** The rendered height of a rendition `width` wide of an original `original` (to reserve its space). */
export function scaledHeight(original: { width?: number; height?: number }, width: number): number | undefined {
  if (!original.width || !original.height) return undefined;
  return Math.round((original.height * width) / original.width);
}
