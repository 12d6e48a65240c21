import { mediaUrlPath, photoKeys } from "./photo-renditions";

/**
 * Photos the studio uploads into Cockpit's assets (ADR 47) are named by the site "<uuid>.<ext>",
 * which Cockpit keeps as "<uuid>_uid_<suffix>.<ext>"; their renditions, and a copy of the
 * original, are in R2 under photos/<uuid>/. The name links the two, so an entry whose image
 * Cockpit's admin swaps for another asset simply stops pointing at ours. Pure.
 */

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const COCKPIT_NAME = new RegExp(`/(${UUID})_uid_[0-9a-f]+\\.(jpg|png|webp|gif)$`, "i");
const MEDIA_FOLDER = new RegExp(`^/media/photos/(${UUID})/`, "i");

/** The R2 folder id of a photo the studio put into Cockpit's assets, from the asset's path; null for any other path. */
export function uploadedPhotoId(path: string): string | null {
  const match = COCKPIT_NAME.exec(path.split(/[?#]/)[0] ?? "");
  return match ? match[1]!.toLowerCase() : null;
}

/**
 * The path the site shows for such a photo: its /media/ original (its renditions sit next to it,
 * so `Picture` finds them, and pages stay on our origin as on D1); null when it is not one of ours.
 */
export function sitePathOfUploadedPhoto(path: string): string | null {
  const id = uploadedPhotoId(path);
  const extension = COCKPIT_NAME.exec(path.split(/[?#]/)[0] ?? "")?.[2];
  return id && extension ? mediaUrlPath(photoKeys(id, extension.toLowerCase()).original) : null;
}

/** The photo id of a path the site reads (a /media/ photo, or the Cockpit asset itself); null when it is not a studio upload. */
export function photoIdOfPath(path: string): string | null {
  return MEDIA_FOLDER.exec(path)?.[1]?.toLowerCase() ?? uploadedPhotoId(path);
}

const COCKPIT_FILE = new RegExp(`/(${UUID})_uid_[0-9a-f]+\\.[a-z0-9]+$`, "i");

/** The generated id of any file the studio put into Cockpit's assets (a document too), from its path or URL; null otherwise. */
export function uploadedAssetId(path: string): string | null {
  const match = COCKPIT_FILE.exec(`/${path.split(/[?#]/)[0] ?? ""}`);
  return match ? match[1]!.toLowerCase() : null;
}
