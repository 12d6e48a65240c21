import type { ContentRepository } from "./port";

/**
 * The studio's slide and page methods of `content`, unchanged: wrappers of the public
 * reads (cache, preparation) pass them through, so a write is never cached or rewritten.
 */
export function passSlidesAndPagesWrites(content: ContentRepository) {
  return {
    getSlide: (id) => content.getSlide(id),
    createSlide: (slide) => content.createSlide(slide),
    updateSlide: (id, slide) => content.updateSlide(id, slide),
    deleteSlide: (id) => content.deleteSlide(id),
    setSlideOrder: (ids) => content.setSlideOrder(ids),
    savePage: (key, page) => content.savePage(key, page),
  } satisfies Partial<ContentRepository> as Pick<ContentRepository, "getSlide" | "createSlide" | "updateSlide" | "deleteSlide" | "setSlideOrder" | "savePage">;
}
