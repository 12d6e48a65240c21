import { photoIdOfPath } from "./cockpit-photo-path";
import { MEDIA_URL_PREFIX, shownImage, type ShownImage } from "./photo-renditions";
import type { MediaRef } from "../store/records";

/**
 * Where the browser fetches a stored image or file from. Records carry paths
 * ("/storage/uploads/..." from Cockpit, "/demo/..." from the embedded demo):
 * with CMS_ASSETS_URL they are served by the CMS host, otherwise by our own
 * static assets (public/). Absolute web URLs are kept; anything else a browser
 * might interpret (javascript:, data:, protocol-relative) is dropped.
 * Photos uploaded in the studio ("/media/...", in our R2) are always served by us, never the CMS host.
 */
export function resolveMediaUrl(path: string, assetsBase?: string): string | null {
  const value = path.trim();
  if (!value || value.includes("\\")) return null;
  if (/^https?:\/\//i.test(value)) {
    try {
      return new URL(value).href;
    } catch {
      return null;
    }
  }
  if (value.startsWith("//") || /^[a-z][a-z0-9+.-]*:/i.test(value)) return null;
  const local = value.startsWith("/") ? value : `/${value}`;
  if (local.startsWith(MEDIA_URL_PREFIX)) return local;
  return assetsBase ? `${assetsBase.replace(/\/+$/, "")}${local}` : local;
}

/**
 * A photo the studio uploaded (named by its generated id, in R2 or in Cockpit's assets) that has
 * no renditions: the image service could not resize it, so its original may be a picture no
 * browser should be asked to decode (a decompression bomb). Uploads are refused in that case
 * now; this withholds the ones stored before that, so visitors are never sent an original.
 */
export function isUnrenderedUpload(ref: Pick<MediaRef, "path" | "renditions">): boolean {
  return photoIdOfPath(ref.path) !== null && !ref.renditions?.length;
}

/** The same reference with its path resolved to a URL, or null when it cannot be shown (to visitors: see isUnrenderedUpload). */
export function resolveMedia(ref: MediaRef | null, assetsBase?: string): MediaRef | null {
  if (!ref || isUnrenderedUpload(ref)) return null;
  const path = resolveMediaUrl(ref.path, assetsBase);
  return path ? { ...ref, path } : null;
}

/**
 * A gallery's cover as visitors see it: its featured photo resolved, or, when that one is
 * withheld (isUnrenderedUpload), the first photo shown instead, so the gallery stays listed.
 * Null (the gallery is not listed) when it has no cover at all.
 */
export function resolveCover(featured: MediaRef, shown: readonly MediaRef[], assetsBase?: string): MediaRef | null {
  return resolveMedia(featured, assetsBase) ?? (isUnrenderedUpload(featured) ? (shown[0] ?? null) : null);
}

/** The widest rendition a studio thumbnail offers: enough for its box on a dense screen. */
const STUDIO_THUMBNAIL_WIDTH = 350;

/**
 * A studio thumbnail (a gallery's photo, a slide in the list): the record's picture resolved, with
 * only the 350 px WebP offered and the JPEG that was made as its fallback, never the original
 * (a phone's 3 MB photo for a 120 px box). Null when there is none to show (isUnrenderedUpload).
 */
export function studioThumbnail(ref: MediaRef | null, assetsBase?: string): ShownImage | null {
  return shownImage(resolveMedia(ref, assetsBase), STUDIO_THUMBNAIL_WIDTH);
}
