import { MEDIA_URL_PREFIX } from "./photo-renditions";
import type { MediaRef } from "./records";

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

/** The same reference with its path resolved to a URL, or null when it cannot be shown. */
export function resolveMedia(ref: MediaRef | null, assetsBase?: string): MediaRef | null {
  if (!ref) return null;
  const path = resolveMediaUrl(ref.path, assetsBase);
  return path ? { ...ref, path } : null;
}
