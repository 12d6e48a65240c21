import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPlatformProxy } from "wrangler";
import type { MediaRef } from "~/kernel/store/records";
import { ROOT } from "../../../scripts/lib";
import { PHOTO_GALLERY_ID, PHOTO_MANIFEST_KEY, seedPhotos } from "../../../seed/photos";
import { seedDatabase } from "../../../seed/seed";
import { createTestD1 } from "../../support/d1";

/**
 * npm run seed -- --photos on real D1 and R2 in workerd with Miniflare's Images binding,
 * with a few small photos to stay quick: the photos go through storePhoto and get their
 * renditions in the bucket, and the gallery and slides point at them.
 *
 * D1 and R2 come from the tests' pool (ADR 57), whose D1 survives the platform proxy losing
 * a synchronous answer (scripts/own-proxy.ts): migrating and seeding make hundreds of
 * synchronous calls, and on a loaded machine getPlatformProxy's D1 failed one of them. Only
 * the Images binding, which the pool has not got, comes from getPlatformProxy (as
 * seed/platform.ts opens it); it makes a few calls per photo.
 */
let images: Awaited<ReturnType<typeof getPlatformProxy<{ IMAGES: ImagesBinding }>>>;
let d1: Awaited<ReturnType<typeof createTestD1>>;
const proxy = {
  get env() {
    return { DB: d1.db, MEDIA: d1.media, IMAGES: images.env.IMAGES };
  },
};
beforeAll(async () => {
  [images, d1] = await Promise.all([
    getPlatformProxy<{ IMAGES: ImagesBinding }>({ configPath: path.join(ROOT, "wrangler.toml"), environment: "development", persist: false }),
    createTestD1(),
  ]);
  await seedDatabase(d1.db, { date: new Date("2026-11-21T12:00:00Z"), media: d1.media });
});
afterAll(async () => {
  await Promise.all([images?.dispose(), d1?.dispose()]);
});

const options = { count: 3, size: { width: 800, height: 600 }, banners: 2, bannerSize: { width: 1200, height: 500 } };

async function keysUnder(prefix: string): Promise<string[]> {
  const listed = await proxy.env.MEDIA.list({ prefix });
  return listed.objects.map((object) => object.key).sort();
}

async function galleryImages(): Promise<MediaRef[]> {
  const row = await proxy.env.DB.prepare("SELECT images FROM galleries WHERE id = ?").bind(PHOTO_GALLERY_ID).first<{ images: string }>();
  return row ? (JSON.parse(row.images) as MediaRef[]) : [];
}

async function slideBanners(): Promise<MediaRef[]> {
  const rows = await proxy.env.DB.prepare("SELECT banner_image FROM home_slides ORDER BY sort_order, created_at, id").all<{ banner_image: string }>();
  return rows.results.map((row) => JSON.parse(row.banner_image) as MediaRef);
}

const folderOf = (ref: MediaRef) => ref.path.replace(/^\/media\//, "").replace(/original\.jpg$/, "");

describe("seeding real-size photos", () => {
  it("stores each photo with its renditions in R2, and points a gallery and the first slides at them", async () => {
    const versionBefore = await proxy.env.DB.prepare("SELECT version FROM content_version WHERE id = 1").first<{ version: number }>();
    const report = await seedPhotos({ db: proxy.env.DB, media: proxy.env.MEDIA, images: proxy.env.IMAGES }, options);
    expect(report).toMatchObject({ galleryId: PHOTO_GALLERY_ID, photos: 3, banners: 2 });

    const photos = await galleryImages();
    expect(photos).toHaveLength(3);
    for (const photo of photos) {
      expect(photo).toMatchObject({ width: 800, height: 600, renditions: [350, 700, 800] });
      expect(photo.path).toMatch(/^\/media\/photos\/[0-9a-f-]+\/original\.jpg$/);
      const folder = folderOf(photo);
      expect(await keysUnder(folder)).toEqual(["350.webp", "700.jpg", "700.webp", "800.webp", "original.jpg"].map((file) => folder + file));
      const thumbnail = await proxy.env.MEDIA.get(`${folder}350.webp`);
      expect(thumbnail?.httpMetadata?.contentType).toBe("image/webp");
      expect((await thumbnail!.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }

    const banners = await slideBanners();
    expect(banners.slice(0, 2).map((banner) => banner.renditions)).toEqual([
      [350, 700, 1100, 1200],
      [350, 700, 1100, 1200],
    ]);
    expect(banners[2]?.path).toMatch(/^\/demo\/slides\//);
    const versionAfter = await proxy.env.DB.prepare("SELECT version FROM content_version WHERE id = 1").first<{ version: number }>();
    expect(versionAfter!.version).toBeGreaterThan(versionBefore?.version ?? 0);
  });

  it("replaces the previous run's photos when run again: one gallery, and no photo left over in the bucket", async () => {
    const before = [...(await galleryImages()), ...(await slideBanners()).slice(0, 2)];
    await seedPhotos({ db: proxy.env.DB, media: proxy.env.MEDIA, images: proxy.env.IMAGES }, options);
    const after = [...(await galleryImages()), ...(await slideBanners()).slice(0, 2)];
    expect(after).toHaveLength(5);
    for (const old of before) expect(await keysUnder(folderOf(old))).toEqual([]);
    const folders = new Set((await keysUnder("photos/")).map((key) => key.slice(0, key.lastIndexOf("/") + 1)));
    expect([...folders].sort()).toEqual(after.map(folderOf).sort());
    expect(JSON.parse((await (await proxy.env.MEDIA.get(PHOTO_MANIFEST_KEY))!.text()) as string)).toEqual(after.map((ref) => ref.path));
    const galleries = await proxy.env.DB.prepare("SELECT COUNT(*) AS n FROM galleries").first<{ n: number }>();
    expect(galleries?.n).toBe(5);
  });
});
