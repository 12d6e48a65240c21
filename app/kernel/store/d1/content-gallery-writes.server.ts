import type { Gallery, Id } from "../records";
import { newId, nowSeconds } from "../ids";
import type { GalleryInput } from "../port";
import { galleryFromRow, galleryToRow } from "./rows";
import { insertRow } from "./sql";

/** The studio's gallery writes on D1 (table `galleries`, migration 0001): photos are a JSON array in their order. */
export function d1GalleryWrites(db: D1Database) {
  const get = async (id: Id) => {
    const row = await db.prepare("SELECT * FROM galleries WHERE id = ?").bind(id).first<Record<string, unknown>>();
    return row ? galleryFromRow(row) : null;
  };
  return {
    async createGallery(input: GalleryInput): Promise<Gallery> {
      const last = await db.prepare("SELECT MAX(sort_order) AS last FROM galleries").first<{ last: number | null }>();
      const gallery: Gallery = { id: newId(), ...input, order: (last?.last ?? 0) + 1, createdAt: nowSeconds() };
      await insertRow(db, "galleries", galleryToRow(gallery)).run();
      return gallery;
    },
    async updateGallery(id: Id, input: GalleryInput): Promise<Gallery | null> {
      const result = await db
        .prepare("UPDATE galleries SET title = ?, featured_image = ?, images = ? WHERE id = ?")
        .bind(input.title, JSON.stringify(input.featuredImage), JSON.stringify(input.images), id)
        .run();
      return result.meta.changes ? get(id) : null;
    },
    async deleteGallery(id: Id): Promise<boolean> {
      const result = await db.prepare("DELETE FROM galleries WHERE id = ?").bind(id).run();
      return result.meta.changes > 0;
    },
  };
}
