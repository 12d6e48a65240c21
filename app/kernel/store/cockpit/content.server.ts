import type { Id, InfoPage, PageKey } from "../records";
import type { SiteSettings } from "../site-settings";
import { defaultSiteSettings } from "../site-settings-defaults";
import { StoreUnavailableError } from "../errors";
import type { ContentRepository } from "../port";
import { findById } from "./by-id.server";
import { cockpitPeopleWrites } from "./content-people-writes.server";
import { cockpitSettingsWrites } from "./content-settings-writes.server";
import { cockpitSlidesAndPagesWrites, slidesInOrder } from "./content-slides-pages-writes.server";
import { cockpitNewsWrites } from "./content-news-writes.server";
import { cockpitGalleryWrites } from "./content-gallery-writes.server";
import type { CockpitClient, FindOptions } from "./client.server";
import {
  eventFromCockpit,
  galleryFromCockpit,
  isEmptySingleton,
  newsFromCockpit,
  officeBearerFromCockpit,
  pageFromCockpit,
  previousTeamFromCockpit,
  settingsFromCockpit,
  slideFromCockpit,
} from "./shapes-content";
import { bool, num, seconds, text } from "./shapes-loose";
import { orderBy, type OrderKey } from "./order-by";

/**
 * Public content from Cockpit: one `collections/get` (or `singletons/get`) per method, with
 * the filters and sorts the public pages ask for (docs/requirements.md §1.4-§1.9).
 * MongoLite sorts numeric strings as text and compares loosely, so the entries are also
 * ordered and filtered here on the read values: the result is the same as the D1 adapter's
 * whatever types an editor left. `assetsBase` (CMS_ASSETS_URL) turns media paths into
 * absolute URLs.
 */

type Key = OrderKey;

const created: Key = (e) => seconds(e._created);
const order: Key = (e) => num(e.order, 0);
const id: Key = (e) => text(e._id);

export function cockpitContent(client: CockpitClient, assetsBase?: string): ContentRepository {
  const entries = async (collection: string, options: FindOptions) => (await client.find(collection, options)).entries;

  return {
    async getSiteSettings(): Promise<SiteSettings> {
      const data = await client.singleton<Record<string, unknown>>("general");
      // A general singleton never saved answers every field null: the association has set
      // nothing yet, as on a fresh D1, so the same defaults (registration and booking closed).
      if (isEmptySingleton(data)) return defaultSiteSettings();
      return settingsFromCockpit(data, assetsBase);
    },
    async getPage(key: PageKey): Promise<InfoPage | null> {
      try {
        return pageFromCockpit(await client.singleton(key), assetsBase);
      } catch (error) {
        // An unknown singleton is a 404 with an empty body: the record is missing.
        if (error instanceof StoreUnavailableError && error.status === 404) return null;
        throw error;
      }
    },
    async listSlides() {
      const list = await entries("homeBanner", { sort: { _created: 1 } });
      return slidesInOrder(list).map((e) => slideFromCockpit(e, assetsBase));
    },
    async listOfficeBearers() {
      const list = await entries("officeBearers", { sort: { order: 1 } });
      return orderBy(list, [order, 1], [created, 1]).map((e) => officeBearerFromCockpit(e, assetsBase));
    },
    async listPreviousTeams() {
      const list = await entries("officeBearersHistory", { sort: { _created: -1 } });
      return orderBy(list, [created, -1]).map(previousTeamFromCockpit);
    },
    async listEvents() {
      const list = await entries("eventCalender", { sort: { _created: 1 } });
      return orderBy(list, [created, 1], [id, 1]).map(eventFromCockpit);
    },
    async listGalleries() {
      const list = await entries("gallery", { sort: { order: 1 } });
      return orderBy(list, [order, 1], [created, 1]).map((e) => galleryFromCockpit(e, assetsBase));
    },
    async getGallery(galleryId: Id) {
      const entry = await findById(client, "gallery", galleryId);
      return entry ? galleryFromCockpit(entry, assetsBase) : null;
    },
    async listPublishedNews() {
      const list = await entries("news", { filter: { published: true }, sort: { _created: -1 } });
      // {published: true} matches any truthy value in PHP, the string "false" included.
      return orderBy(
        list.filter((e) => bool(e.published)),
        [created, -1],
      ).map((e) => newsFromCockpit(e, assetsBase));
    },
    async getPublishedNews(newsId: Id) {
      const entry = await findById(client, "news", newsId, { published: true });
      return entry && bool(entry.published) ? newsFromCockpit(entry, assetsBase) : null;
    },
    ...cockpitPeopleWrites(client, assetsBase),
    ...cockpitSettingsWrites(client, assetsBase),
    ...cockpitSlidesAndPagesWrites(client, assetsBase),
    ...cockpitNewsWrites(client),
    ...cockpitGalleryWrites(client, assetsBase),
  };
}
