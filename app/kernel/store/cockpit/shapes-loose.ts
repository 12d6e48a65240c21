import { sitePathOfUploadedPhoto } from "../../media/cockpit-photo-path";
import { resolveMediaUrl } from "../../media/media";
import type { MediaRef, Pence, UnixSeconds } from "../records";

/**
 * Reading Cockpit's loosely typed values (vendor/cockpit-v1/README.md): fields an editor never
 * filled are null or missing, booleans may be "true"/"1"/1, numbers may be numeric
 * strings, money is in pounds (the old site showed "£{price}") where the app counts pence.
 * Pure functions, shared by every shapes-*.ts file.
 */

/** A text field: null/missing → "", numbers and booleans as text, anything else "". */
export function text(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "boolean") return String(value);
  return "";
}

const TRUTHY = new Set(["true", "1", "yes", "on"]);

/** A boolean field: true, 1, "1", "true", "yes", "on" (any case) → true; anything else false. */
export function bool(value: unknown): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return value === 1;
  if (typeof value === "string") return TRUTHY.has(value.trim().toLowerCase());
  return false;
}

/** A number field, or a numeric string; anything else gives `fallback`. */
export function num(value: unknown, fallback = 0): number {
  if (typeof value === "number") return Number.isFinite(value) ? value : fallback;
  if (typeof value === "string" && value.trim() !== "") {
    const parsed = Number(value.trim());
    return Number.isFinite(parsed) ? parsed : fallback;
  }
  return fallback;
}

/** An amount in pounds (12, 12.5, "12.50", "£12.50") as pence; missing or unreadable → 0. */
export function penceFromPounds(value: unknown): Pence {
  const cleaned = typeof value === "string" ? value.replace(/[£,\s]/g, "") : value;
  const pounds = num(cleaned, 0);
  return pounds > 0 ? Math.round(pounds * 100) : 0;
}

/** Pence as Cockpit's pounds (2500 → 25, 1250 → 12.5). */
export function poundsFromPence(pence: Pence): number {
  return pence / 100;
}

/** `_created`/`_modified`: Unix seconds (a numeric string or an ISO date is read too); missing → 0. */
export function seconds(value: unknown): UnixSeconds {
  if (typeof value === "string" && value.trim() !== "" && !/^-?\d+(\.\d+)?$/.test(value.trim())) {
    const ms = Date.parse(value);
    return Number.isFinite(ms) ? Math.floor(ms / 1000) : 0;
  }
  return Math.floor(num(value, 0));
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function positiveInt(value: unknown): number | undefined {
  const n = num(value, NaN);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/**
 * An image or asset field as a MediaRef.
 * - Image fields store `{path: "/storage/uploads/…", meta: {title}}` (path from the site root);
 * - asset fields store the whole asset, `{path: "/2024/01/31/x.pdf", mime, …}`, whose path is
 *   relative to storage/uploads, so it is prefixed here;
 * - a plain string is taken as the path.
 * With `assetsBase` (CMS_ASSETS_URL) the path becomes the absolute URL the browser fetches;
 * without it, the path is kept as stored. Null when there is no usable path.
 */
export function media(value: unknown, assetsBase?: string): MediaRef | null {
  let path: string;
  let source: Record<string, unknown> = {};
  if (typeof value === "string") path = value;
  else if (isRecord(value) && typeof value.path === "string") {
    source = value;
    path = value.path;
    const isAsset = "mime" in value && !path.startsWith("/storage/") && !/^[a-z]+:\/\//i.test(path);
    if (isAsset) path = `/storage/uploads/${path.replace(/^\/+/, "")}`;
  } else return null;
  if (!path.trim()) return null;
  const resolved = assetsBase ? resolveMediaUrl(path, assetsBase) : path;
  if (!resolved) return null;
  const meta = isRecord(source.meta) ? source.meta : {};
  const ref: MediaRef = { path: resolved };
  const width = positiveInt(source.width ?? meta.width);
  const height = positiveInt(source.height ?? meta.height);
  const alt = [source.alt, meta.alt, meta.title, source.title].find((v) => typeof v === "string");
  if (width !== undefined) ref.width = width;
  if (height !== undefined) ref.height = height;
  if (typeof alt === "string") ref.alt = alt;
  // Photos uploaded in the studio: the widths of their renditions in our R2 (ADR 40).
  const renditions = source.renditions ?? meta.renditions;
  if (Array.isArray(renditions) && renditions.length && renditions.every((w) => positiveInt(w) !== undefined)) {
    ref.renditions = renditions as number[];
    // A photo the studio put into Cockpit's assets (ADR 47): shown from its copy in R2, next to its renditions.
    const own = sitePathOfUploadedPhoto(path);
    if (own) ref.path = own;
  }
  return ref;
}

/** A MediaRef as Cockpit's image field: `{path, meta: {title, width, height}}` (title is the alt text). */
export function mediaToCockpit(ref: MediaRef | null): Record<string, unknown> | null {
  if (!ref) return null;
  const meta: Record<string, unknown> = {};
  if (ref.alt !== undefined) meta.title = ref.alt;
  if (ref.width !== undefined) meta.width = ref.width;
  if (ref.height !== undefined) meta.height = ref.height;
  if (ref.renditions?.length) meta.renditions = ref.renditions;
  return { path: ref.path, meta };
}

/** A Cockpit list field (repeater, gallery): its items, each repeater `{value}` unwrapped. */
export function list(value: unknown): unknown[] {
  if (!Array.isArray(value)) return [];
  return value.map((item) => (isRecord(item) && "value" in item && Object.keys(item).every((k) => k === "value" || k === "field") ? item.value : item));
}

export { isRecord };
