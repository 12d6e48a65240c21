import { describe, expect, it } from "vitest";
import type { MediaRef } from "~/kernel/store/records";
import { describeStore } from "../../support/store-adapters";

/**
 * The studio's gallery writes through the port (docs/requirements.md §7.8): a new gallery comes last, its
 * photos come back in their order with captions, sizes and renditions (both stores keep the
 * `renditions` of a photo stored in our R2), and a deleted gallery is gone.
 */
const photo = (n: number, extra: Partial<MediaRef> = {}): MediaRef => ({
  path: `/media/photos/0000000${n}-aaaa-4bbb-8ccc-dddddddddddd/original.jpg`,
  width: 4000,
  height: 3000,
  renditions: [350, 700, 1600],
  ...extra,
});
const UNKNOWN = ["nope", "ffffffffffffffffffffffff"];

describeStore("gallery writes", {}, (t) => {
  describe("create", () => {
    it("makes an empty gallery, after the others", async () => {
      const first = await t.store.content.createGallery({ title: "First", featuredImage: { path: "" }, images: [] });
      const second = await t.store.content.createGallery({ title: "Second", featuredImage: { path: "" }, images: [] });
      expect(second).toMatchObject({ title: "Second", featuredImage: { path: "" }, images: [] });
      expect(second.order).toBeGreaterThan(first.order);
      expect(await t.store.content.getGallery(second.id)).toEqual(second);
      const ids = (await t.store.content.listGalleries()).map((g) => g.id);
      expect(ids.indexOf(second.id)).toBeGreaterThan(ids.indexOf(first.id));
    });
  });

  describe("update", () => {
    it("keeps the photos in their order with captions, sizes and renditions, and the cover", async () => {
      const gallery = await t.store.content.createGallery({ title: "Picnic", featuredImage: { path: "" }, images: [] });
      const images = [photo(1, { alt: "The lawn" }), photo(2), { path: "/demo/gallery-1.jpg" }];
      const updated = await t.store.content.updateGallery(gallery.id, { title: "Summer picnic", featuredImage: images[1]!, images });
      expect(updated).toEqual({ ...gallery, title: "Summer picnic", featuredImage: images[1], images });
      expect(await t.store.content.getGallery(gallery.id)).toEqual(updated);

      // Reordered, one caption changed and one removed: exactly that comes back.
      const next = [{ path: "/demo/gallery-1.jpg", alt: "Old photo" }, photo(2, { alt: "Games" }), photo(1)];
      const again = await t.store.content.updateGallery(gallery.id, { title: "Summer picnic", featuredImage: next[0]!, images: next });
      expect(again?.images).toEqual(next);
      expect((await t.store.content.getGallery(gallery.id))?.images).toEqual(next);
      expect((await t.store.content.getGallery(gallery.id))?.featuredImage).toEqual(next[0]);
    });

    it("answers null for a gallery that is not there", async () => {
      for (const id of UNKNOWN) expect(await t.store.content.updateGallery(id, { title: "x", featuredImage: { path: "" }, images: [] })).toBeNull();
    });
  });

  describe("delete", () => {
    it("removes it, and says when there was nothing to remove", async () => {
      const gallery = await t.store.content.createGallery({ title: "Gone soon", featuredImage: { path: "" }, images: [photo(3)] });
      expect(await t.store.content.deleteGallery(gallery.id)).toBe(true);
      expect(await t.store.content.getGallery(gallery.id)).toBeNull();
      expect((await t.store.content.listGalleries()).map((g) => g.id)).not.toContain(gallery.id);
      for (const id of [gallery.id, ...UNKNOWN]) expect(await t.store.content.deleteGallery(id)).toBe(false);
    });
  });
});
