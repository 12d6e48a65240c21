import type { Id } from "../records";
import type { ContentRepository, NewsInput } from "../port";
import { findById } from "./by-id.server";
import type { CockpitClient, CockpitEntry } from "./client.server";
import { orderBy } from "./order-by";
import { newsFromCockpit, newsToCockpit } from "./shapes-content";
import { seconds, text } from "./shapes-loose";

type NewsWrites = Pick<ContentRepository, "listAllNews" | "getNews" | "createNews" | "updateNews" | "setNewsPublished" | "deleteNews">;

const NEWS = "news";

/** The fields a save sends: the entry's shape without its metadata (Cockpit gives the id). */
function fields(item: NewsInput): Record<string, unknown> {
  const { _id, _created, _modified, ...rest } = newsToCockpit({ ...item, id: "" });
  return rest;
}

/**
 * The studio's news writes on Cockpit v1 (docs/requirements.md §7.6), in the `news` collection's shape
 * (title, excerpt, content, image, published; the date is the entry's `_created`).
 * Media paths are read as stored, not resolved against CMS_ASSETS_URL: the studio shows and
 * saves back the path the entry has. A create cannot choose `_created`, an update can
 * (vendor/cockpit-v1 README, point 6), so a new item is saved, then dated.
 */
export function cockpitNewsWrites(client: CockpitClient): NewsWrites {
  const getNews = async (id: Id) => {
    const entry = await findById(client, NEWS, id);
    return entry ? newsFromCockpit(entry) : null;
  };

  return {
    async listAllNews() {
      const { entries } = await client.find(NEWS, { sort: { _created: -1 } });
      return orderBy(entries, [(e) => seconds(e._created), -1], [(e) => text(e._id), -1]).map((e) => newsFromCockpit(e));
    },
    getNews,
    async createNews(item: NewsInput) {
      const saved = await client.save(NEWS, fields(item));
      const dated = await client.save(NEWS, { _id: saved._id, _created: item.createdAt });
      return newsFromCockpit({ ...saved, ...dated, _id: saved._id } as CockpitEntry);
    },
    async updateNews(id: Id, item: NewsInput) {
      const existing = await findById(client, NEWS, id);
      if (!existing) return null;
      const sent = { ...fields(item), _id: existing._id, _created: item.createdAt };
      const saved = await client.save(NEWS, sent);
      return newsFromCockpit({ ...existing, ...sent, ...saved, _id: existing._id });
    },
    async setNewsPublished(id: Id, published: boolean) {
      const existing = await findById(client, NEWS, id);
      if (!existing) return null;
      const saved = await client.save(NEWS, { _id: existing._id, published });
      return newsFromCockpit({ ...existing, published, ...saved, _id: existing._id });
    },
    async deleteNews(id: Id) {
      const existing = await findById(client, NEWS, id);
      if (!existing) return false;
      await client.remove(NEWS, { _id: existing._id });
      return true;
    },
  };
}
