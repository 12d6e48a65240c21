import type { Gallery, MediaRef } from "~/kernel/store/records";
import { d1ContentVersion } from "~/kernel/store/d1/content-version.server";
import { deletePhoto, storePhoto } from "~/kernel/media/photos.server";
import { galleryToRow } from "~/kernel/store/d1/rows";
import { bulkUpsert } from "~/kernel/store/d1/sql";
import { ID_SPACE, seedId } from "./ids";
import { photoJpeg } from "./photo-image";
import { BANNER, PHONE_PHOTO, photoPlan } from "./photo-plan";

/**
 * npm run seed -- --photos: real-size photos for the budgets of docs/requirements.md §7.12. Generates phone
 * photos (seed/photo-plan.ts) and full-size banners, and stores each through the studio's
 * own pipeline (storePhoto: checks, location data removed, renditions from the IMAGES
 * binding, here Miniflare's local one), then points one gallery at the photos and the
 * first home slides at the banners. Re-running replaces: the photos of the previous run,
 * listed in a manifest in the bucket, are deleted, and the gallery keeps its fixed id.
 */

export const PHOTO_GALLERY_ID = seedId(ID_SPACE.gallery, 0x100);
export const PHOTO_GALLERY_TITLE = "Summer Picnic";
/** The bucket object listing the photos this seed stored last time (their /media/ paths). */
export const PHOTO_MANIFEST_KEY = "seed/photos-manifest.json";

export interface PhotoSeedOptions {
  /** Photos in the gallery (default 40). */
  count?: number;
  /** Their size (default a phone's 4000×3000). */
  size?: { width: number; height: number };
  /** Home slides given a generated banner, in display order (default 3). */
  banners?: number;
  bannerSize?: { width: number; height: number };
  now?: number;
  log?: (line: string) => void;
}

export interface PhotoSeedReport {
  galleryId: string;
  photos: number;
  banners: number;
  /** Bytes of the generated originals, smallest and largest. */
  originalBytes: { min: number; max: number };
}

async function storeGenerated(deps: { media: R2Bucket; images: ImagesBinding }, bytes: Uint8Array, what: string): Promise<MediaRef> {
  const stored = await storePhoto(deps, bytes);
  // A photo is refused when its renditions cannot be made: then is the IMAGES binding working?
  if (!stored.ok) throw new Error(`${what} was refused by the photo pipeline: ${stored.message}`);
  return stored.ref;
}

export async function seedPhotos(deps: { db: D1Database; media: R2Bucket; images: ImagesBinding }, options: PhotoSeedOptions = {}): Promise<PhotoSeedReport> {
  const log = options.log ?? (() => {});
  const count = options.count ?? 40;
  const size = options.size ?? PHONE_PHOTO;
  const now = options.now ?? Math.floor(Date.now() / 1000);

  const previous = await deps.media.get(PHOTO_MANIFEST_KEY);
  const previousPaths = previous ? ((await previous.json()) as string[]) : [];

  const sizes: number[] = [];
  const photos: MediaRef[] = [];
  for (let index = 0; index < count; index++) {
    const bytes = await photoJpeg(photoPlan(index, size));
    sizes.push(bytes.byteLength);
    const ref = await storeGenerated(deps, bytes, `Photo ${index + 1}`);
    photos.push({ ...ref, alt: `${PHOTO_GALLERY_TITLE}, photo ${index + 1}` });
    if ((index + 1) % 10 === 0 || index + 1 === count) log(`  ${index + 1} of ${count} photos stored with their renditions`);
  }

  const slides = await deps.db
    .prepare("SELECT id FROM home_slides ORDER BY sort_order ASC, created_at ASC, id LIMIT ?")
    .bind(options.banners ?? 3)
    .all<{ id: string }>();
  const banners: MediaRef[] = [];
  for (const [index, slide] of slides.results.entries()) {
    const bytes = await photoJpeg(photoPlan(1000 + index, options.bannerSize ?? BANNER));
    // A banner is decoration behind the slide's own text: no alt.
    banners.push({ ...(await storeGenerated(deps, bytes, `Banner ${index + 1}`)), alt: "" });
    await deps.db.prepare("UPDATE home_slides SET banner_image = ? WHERE id = ?").bind(JSON.stringify(banners[index]), slide.id).run();
  }
  if (banners.length) log(`  ${banners.length} home slides given a full-size banner`);

  if (photos.length) {
    const gallery: Gallery = {
      id: PHOTO_GALLERY_ID,
      title: PHOTO_GALLERY_TITLE,
      featuredImage: photos[0]!,
      images: photos,
      order: 0,
      createdAt: now,
    };
    await deps.db.batch(bulkUpsert(deps.db, "galleries", [galleryToRow(gallery)]));
  }
  await deps.media.put(PHOTO_MANIFEST_KEY, JSON.stringify([...photos, ...banners].map((photo) => photo.path)), {
    httpMetadata: { contentType: "application/json" },
  });
  // Only now that nothing points at them any more.
  for (const path of previousPaths) await deletePhoto(deps.media, { path });
  // A server already running shows the new photos at once (ADR 42).
  await d1ContentVersion(deps.db).bump();
  return {
    galleryId: PHOTO_GALLERY_ID,
    photos: photos.length,
    banners: banners.length,
    originalBytes: { min: sizes.length ? Math.min(...sizes) : 0, max: sizes.length ? Math.max(...sizes) : 0 },
  };
}
