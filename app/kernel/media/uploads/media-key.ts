import type { UploadPurpose } from "./limits";

/**
 * Keys in the MEDIA bucket. A stored upload lives under its purpose's folder with a
 * generated name ("photos/<id>.jpg", "documents/<id>.pdf"); a members' document is found by
 * the path its record names, without the leading slash ("/documents/constitution.pdf" →
 * "documents/constitution.pdf"), so the records keep the paths they had in D1 and Cockpit.
 */
export const MEDIA_FOLDERS: Record<UploadPurpose, string> = { photo: "photos", document: "documents" };

/** The bucket key for a record's relative path; null for a web URL or a path that climbs out (.., \, empty). */
export function mediaKeyForPath(filePath: string): string | null {
  const value = filePath.trim();
  if (!value || /^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith("//") || value.includes("\\")) return null;
  const key = value.replace(/^\/+/, "");
  if (!key || key.split("/").some((part) => part === "" || part === "." || part === "..")) return null;
  return key;
}
