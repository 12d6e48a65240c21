import { describe, expect, it } from "vitest";
import { createD1Store } from "~/kernel/store/d1/index.server";
import { useD1Before } from "../../../../support/d1";

/**
 * migrations/0013_home_slides_order.sql gives the home slides an explicit order. On a
 * database as 0001-0015 left it: every slide gets its place in the order the site showed
 * (created_at, then id, ties included), so the home page does not change, and a slide added
 * afterwards comes last.
 */
const MIGRATION = "0013_home_slides_order.sql";

const t = useD1Before(MIGRATION);

describe("migration 0013 (the home slides' order)", () => {
  it("keeps the old order for existing slides, and a new slide comes last", async () => {
    // Inserted out of order, two with the same time (the id decides between them).
    const slides: Array<[string, string, number]> = [
      ["c", "Third", 300],
      ["a", "First", 100],
      ["e", "Fifth", 500],
      ["d", "Fourth (same time, larger id)", 300],
      ["b", "Second", 200],
    ];
    for (const [id, title, created] of slides) {
      await t.db
        .prepare("INSERT INTO home_slides (id, banner_image, small_text, title, description, created_at) VALUES (?, ?, '', ?, '', ?)")
        .bind(id, JSON.stringify({ path: `/demo/${id}.jpg` }), title, created)
        .run();
    }
    const oldOrder = (await t.db.prepare("SELECT id FROM home_slides ORDER BY created_at ASC, id").all<{ id: string }>()).results.map((r) => r.id);
    expect(oldOrder).toEqual(["a", "b", "c", "d", "e"]);

    await t.migrate();
    const places = (await t.db.prepare("SELECT id, sort_order FROM home_slides ORDER BY id").all<{ id: string; sort_order: number }>()).results;
    expect(places).toEqual([
      { id: "a", sort_order: 0 },
      { id: "b", sort_order: 1 },
      { id: "c", sort_order: 2 },
      { id: "d", sort_order: 3 },
      { id: "e", sort_order: 4 },
    ]);
    const content = createD1Store(t.db).content;
    expect((await content.listSlides()).map((s) => s.id)).toEqual(oldOrder);
    const id = await content.createSlide({ smallText: "", title: "Newest", description: "" });
    expect((await content.listSlides()).map((s) => s.id)).toEqual([...oldOrder, id]);
  });
});
