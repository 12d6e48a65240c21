import { describe, expect, it } from "vitest";
import type { NewsInput } from "~/kernel/store/port";
import { describeStore } from "../../support/store-adapters";

/**
 * The studio's news writes through the port (docs/requirements.md §7.6): drafts are listed for the studio and
 * never by the public reads; create, update, publish, unpublish and delete come back as written.
 */
const day = (d: number) => Date.UTC(2026, 10, d, 12) / 1000;
const item = (title: string, d: number, extra: Partial<NewsInput> = {}): NewsInput => ({
  title,
  excerptHtml: `<p>${title} in short</p>`,
  contentHtml: `<p>${title}, <strong>all</strong> of it.</p>`,
  image: null,
  published: false,
  createdAt: day(d),
  ...extra,
});
const UNKNOWN = ["nope", "ffffffffffffffffffffffff"];

describeStore("news writes", {}, (t) => {
  describe("create and read", () => {
    it("keeps a draft with every field, for the studio only", async () => {
      const draft = await t.store.content.createNews(item("Draft news", 3, { image: { path: "/demo/news-1.jpg" } }));
      expect(draft).toEqual({ ...item("Draft news", 3, { image: { path: "/demo/news-1.jpg" } }), id: draft.id });
      expect(await t.store.content.getNews(draft.id)).toEqual(draft);
      expect((await t.store.content.listAllNews()).map((n) => n.id)).toContain(draft.id);
      expect((await t.store.content.listPublishedNews()).map((n) => n.id)).not.toContain(draft.id);
      expect(await t.store.content.getPublishedNews(draft.id)).toBeNull();
    });

    it("lists drafts and published items together, newest date first", async () => {
      const old = await t.store.content.createNews(item("Old", 1, { published: true }));
      const newest = await t.store.content.createNews(item("Newest", 20));
      const middle = await t.store.content.createNews(item("Middle", 10, { published: true }));
      const ids = (await t.store.content.listAllNews()).map((n) => n.id);
      expect(ids.filter((id) => [old.id, newest.id, middle.id].includes(id))).toEqual([newest.id, middle.id, old.id]);
      const published = (await t.store.content.listPublishedNews()).map((n) => n.id);
      expect(published.filter((id) => [old.id, newest.id, middle.id].includes(id))).toEqual([middle.id, old.id]);
    });

    it("answers null for an unknown id", async () => {
      for (const id of UNKNOWN) expect(await t.store.content.getNews(id), id).toBeNull();
    });
  });

  describe("update, publish, delete", () => {
    it("replaces every field, the date included", async () => {
      const created = await t.store.content.createNews(item("Before", 5, { image: { path: "/demo/a.jpg" } }));
      const changed = item("After", 7, { contentHtml: "<p>New text</p>", excerptHtml: "", image: null });
      const updated = await t.store.content.updateNews(created.id, changed);
      expect(updated).toEqual({ ...changed, id: created.id });
      expect(await t.store.content.getNews(created.id)).toEqual({ ...changed, id: created.id });
      for (const id of UNKNOWN) expect(await t.store.content.updateNews(id, changed), id).toBeNull();
    });

    it("publishes a draft for visitors and takes it back", async () => {
      const draft = await t.store.content.createNews(item("To publish", 8));
      const published = await t.store.content.setNewsPublished(draft.id, true);
      expect(published).toEqual({ ...draft, published: true });
      expect(await t.store.content.getPublishedNews(draft.id)).toEqual({ ...draft, published: true });
      expect((await t.store.content.listPublishedNews()).map((n) => n.id)).toContain(draft.id);

      expect(await t.store.content.setNewsPublished(draft.id, false)).toEqual(draft);
      expect(await t.store.content.getPublishedNews(draft.id)).toBeNull();
      expect((await t.store.content.listPublishedNews()).map((n) => n.id)).not.toContain(draft.id);
      for (const id of UNKNOWN) expect(await t.store.content.setNewsPublished(id, true), id).toBeNull();
    });

    it("deletes one item, once", async () => {
      const keep = await t.store.content.createNews(item("Keep", 9));
      const gone = await t.store.content.createNews(item("Gone", 9, { published: true }));
      expect(await t.store.content.deleteNews(gone.id)).toBe(true);
      expect(await t.store.content.getNews(gone.id)).toBeNull();
      expect(await t.store.content.getPublishedNews(gone.id)).toBeNull();
      expect(await t.store.content.deleteNews(gone.id)).toBe(false);
      expect(await t.store.content.getNews(keep.id)).toEqual(keep);
      for (const id of UNKNOWN) expect(await t.store.content.deleteNews(id), id).toBe(false);
    });
  });
});
