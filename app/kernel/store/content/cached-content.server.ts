import type { ContentRepository } from "../port";
import type { SwrCache } from "../../http/swr-cache.server";

export const CONTENT_CACHE_FRESH_SECONDS = 60;
export const CONTENT_CACHE_STALE_SECONDS = 24 * 60 * 60;

/**
 * Public content through a stale-while-revalidate cache (memory, then the
 * Workers Cache API): a public page costs at most one upstream read per content
 * set on a miss and none on a hit, and pages keep working for a day if the CMS
 * is down. Single records are found in their cached list (as the old site did),
 * so unknown ids never reach the store. `namespace` separates backends and
 * cache formats; `version` (the content version, ADR 42) is part of every key, so a
 * studio write makes the next read miss.
 */
export function cacheContent(
  content: ContentRepository,
  cache: SwrCache,
  namespace: string,
  version: () => Promise<string> = async () => "0",
): ContentRepository {
  const read = async <T>(name: string, load: () => Promise<T>) =>
    cache.read(`https://content-cache.invalid/${encodeURIComponent(namespace)}/${encodeURIComponent(await version())}/${name}`, load);
  const list =
    <T>(name: string, load: () => Promise<T>) =>
    () =>
      read(name, load);

  const listGalleries = list("listGalleries", () => content.listGalleries());
  const listPublishedNews = list("listPublishedNews", () => content.listPublishedNews());
  return {
    // The store's writes (the studio's) pass through unchanged; the reads below are cached.
    ...content,
    getSiteSettings: list("getSiteSettings", () => content.getSiteSettings()),
    getPage: (key) => read(`getPage-${key}`, () => content.getPage(key)),
    listSlides: list("listSlides", () => content.listSlides()),
    listOfficeBearers: list("listOfficeBearers", () => content.listOfficeBearers()),
    listPreviousTeams: list("listPreviousTeams", () => content.listPreviousTeams()),
    listEvents: list("listEvents", () => content.listEvents()),
    listGalleries,
    getGallery: async (id) => (await listGalleries()).find((gallery) => gallery.id === id) ?? null,
    listPublishedNews,
    getPublishedNews: async (id) => (await listPublishedNews()).find((item) => item.id === id) ?? null,
  };
}
