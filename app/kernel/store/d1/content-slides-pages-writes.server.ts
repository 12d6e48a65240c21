import type { Id, InfoPage, PageKey } from "../records";
import { infoPageSchema } from "../site-settings";
import type { PageInput, SlideInput } from "../../../features/studio";
import { newId, nowSeconds } from "../ids";
import type { ContentRepository } from "../port";
import { slideFromRow } from "./rows";

type SlidesAndPagesWrites = Pick<ContentRepository, "getSlide" | "createSlide" | "updateSlide" | "deleteSlide" | "setSlideOrder" | "savePage">;

const EMPTY_PAGE: InfoPage = { image: null, youtubeVideoId: "", preTitle: "", title: "", descriptionHtml: "", description2Html: "" };

/** The studio's writes of home slides (table home_slides, ordered by sort_order: migration 0013) and of About Us / School (singletons). */
export function d1SlidesAndPagesWrites(db: D1Database): SlidesAndPagesWrites {
  return {
    async getSlide(id: Id) {
      const row = await db.prepare("SELECT * FROM home_slides WHERE id = ?").bind(id).first<Record<string, unknown>>();
      return row ? slideFromRow(row) : null;
    },
    async createSlide(slide: SlideInput) {
      const id = newId();
      // Last in the order: one more than the highest place (0 for the first slide).
      await db
        .prepare(
          `INSERT INTO home_slides (id, banner_image, small_text, title, description, created_at, sort_order)
           VALUES (?, ?, ?, ?, ?, ?, (SELECT COALESCE(MAX(sort_order) + 1, 0) FROM home_slides))`,
        )
        .bind(id, JSON.stringify(slide.bannerImage ?? { path: "" }), slide.smallText, slide.title, slide.description, nowSeconds())
        .run();
      return id;
    },
    async updateSlide(id: Id, slide: SlideInput) {
      const image = slide.bannerImage === undefined ? null : JSON.stringify(slide.bannerImage);
      const result = await db
        .prepare("UPDATE home_slides SET small_text = ?, title = ?, description = ?, banner_image = COALESCE(?, banner_image) WHERE id = ?")
        .bind(slide.smallText, slide.title, slide.description, image, id)
        .run();
      return result.meta.changes > 0;
    },
    async deleteSlide(id: Id) {
      const result = await db.prepare("DELETE FROM home_slides WHERE id = ?").bind(id).run();
      return result.meta.changes > 0;
    },
    async setSlideOrder(ids: Id[]) {
      if (ids.length === 0) return;
      // One batch (a transaction): the listed slides take places 0..n-1, any other slide goes after them in its old order.
      const listed = ids.map((id, place) => db.prepare("UPDATE home_slides SET sort_order = ? WHERE id = ?").bind(place, id));
      const others = db
        .prepare(`UPDATE home_slides SET sort_order = sort_order + ? WHERE id NOT IN (${ids.map(() => "?").join(", ")})`)
        .bind(ids.length, ...ids);
      await db.batch([...listed, others]);
    },
    async savePage(key: PageKey, page: PageInput) {
      const row = await db.prepare("SELECT data FROM singletons WHERE name = ?").bind(key).first<{ data: string }>();
      const parsed = infoPageSchema.safeParse(row ? JSON.parse(row.data) : null);
      const before = parsed.success ? parsed.data : EMPTY_PAGE;
      const { image, ...fields } = page;
      const next: InfoPage = { ...before, ...fields, image: image === undefined ? before.image : image };
      await db
        .prepare(
          "INSERT INTO singletons (name, data, updated_at) VALUES (?, ?, ?) ON CONFLICT(name) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at",
        )
        .bind(key, JSON.stringify(next), nowSeconds())
        .run();
    },
  };
}
