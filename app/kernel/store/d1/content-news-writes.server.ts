import type { Id } from "../records";
import { newId } from "../ids";
import type { ContentRepository, NewsInput } from "../port";
import { newsFromRow, newsToRow } from "./rows";
import { insertRow } from "./sql";

type NewsWrites = Pick<ContentRepository, "listAllNews" | "getNews" | "createNews" | "updateNews" | "setNewsPublished" | "deleteNews">;

/** The studio's news writes on D1 (docs/requirements.md §7.6): one statement each, the `news` table as it is. */
export function d1NewsWrites(db: D1Database): NewsWrites {
  const getNews = async (id: Id) => {
    const row = await db.prepare("SELECT * FROM news WHERE id = ?").bind(id).first<Record<string, unknown>>();
    return row ? newsFromRow(row) : null;
  };

  return {
    async listAllNews() {
      const { results } = await db.prepare("SELECT * FROM news ORDER BY created_at DESC, id DESC").all<Record<string, unknown>>();
      return results.map(newsFromRow);
    },
    getNews,
    async createNews(item: NewsInput) {
      const row = await insertRow(db, "news", newsToRow({ ...item, id: newId() }), { returning: true }).first<Record<string, unknown>>();
      if (!row) throw new Error("D1 returned no row for the new news item");
      return newsFromRow(row);
    },
    async updateNews(id: Id, item: NewsInput) {
      const { id: _id, ...fields } = newsToRow({ ...item, id });
      const columns = Object.keys(fields);
      const row = await db
        .prepare(`UPDATE news SET ${columns.map((c) => `${c} = ?`).join(", ")} WHERE id = ? RETURNING *`)
        .bind(...columns.map((c) => fields[c as keyof typeof fields] ?? null), id)
        .first<Record<string, unknown>>();
      return row ? newsFromRow(row) : null;
    },
    async setNewsPublished(id: Id, published: boolean) {
      const row = await db
        .prepare("UPDATE news SET published = ? WHERE id = ? RETURNING *")
        .bind(published ? 1 : 0, id)
        .first<Record<string, unknown>>();
      return row ? newsFromRow(row) : null;
    },
    async deleteNews(id: Id) {
      const result = await db.prepare("DELETE FROM news WHERE id = ?").bind(id).run();
      return (result.meta.changes ?? 0) > 0;
    },
  };
}
