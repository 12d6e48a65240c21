import type { Gallery, Id, MediaRef } from "../records";
import type { GalleryInput } from "../port";
import { findById } from "./by-id.server";
import type { CockpitClient, CockpitEntry } from "./client.server";
import { galleryFromCockpit } from "./shapes-content";
import { list, media, mediaToCockpit, num } from "./shapes-loose";

const GALLERY = "gallery";

/**
 * The studio's gallery writes on Cockpit v1 (collection `gallery`: title, featuredImage, images,
 * order). New photos come from the studio's PhotoStore as Cockpit assets ("/storage/uploads/…",
 * ADR 47) and are written as Cockpit's image field writes them. Photos the entry already had are written back exactly as Cockpit stored them,
 * not as the resolved URLs the reads return (CMS_ASSETS_URL), so an edit never rewrites them.
 */
export function cockpitGalleryWrites(client: CockpitClient, assetsBase?: string) {
  /** The raw value to save for a photo: the entry's own value when it is one of its photos. */
  const rawFor = (existing: CockpitEntry | null) => {
    const known = new Map<string, unknown>();
    for (const value of [existing?.featuredImage, ...list(existing?.images)]) {
      const ref = media(value, assetsBase);
      if (ref && !known.has(ref.path)) known.set(ref.path, value);
    }
    return (ref: MediaRef) => {
      const raw = known.get(ref.path);
      if (raw === undefined) return mediaToCockpit(ref);
      // Keep the stored value; only the caption (alt, Cockpit's meta.title) may have changed.
      const stored = raw as Record<string, unknown>;
      if (typeof raw !== "object" || raw === null) return ref.alt ? { path: raw, meta: { title: ref.alt } } : raw;
      const meta = { ...((stored.meta as Record<string, unknown> | undefined) ?? {}) };
      if (ref.alt) meta.title = ref.alt;
      else delete meta.title;
      return { ...stored, meta };
    };
  };
  const fields = (input: GalleryInput, existing: CockpitEntry | null) => {
    const raw = rawFor(existing);
    return { title: input.title, featuredImage: input.featuredImage.path ? raw(input.featuredImage) : null, images: input.images.map(raw) };
  };

  return {
    async createGallery(input: GalleryInput): Promise<Gallery> {
      const { entries } = await client.find(GALLERY, { fields: { order: 1 } });
      const order = entries.reduce((last, entry) => Math.max(last, num(entry.order, 0)), 0) + 1;
      const saved = await client.save(GALLERY, { ...fields(input, null), order });
      return galleryFromCockpit(saved, assetsBase);
    },
    async updateGallery(id: Id, input: GalleryInput): Promise<Gallery | null> {
      const existing = await findById(client, GALLERY, id);
      if (!existing) return null;
      const sent = { ...fields(input, existing), _id: existing._id };
      const saved = await client.save(GALLERY, sent);
      return galleryFromCockpit({ ...existing, ...sent, ...saved, _id: existing._id }, assetsBase);
    },
    async deleteGallery(id: Id): Promise<boolean> {
      const existing = await findById(client, GALLERY, id);
      if (!existing) return false;
      await client.remove(GALLERY, { _id: existing._id });
      return true;
    },
  };
}
