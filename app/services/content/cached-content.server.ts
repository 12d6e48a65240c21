import type { ContentRepository } from "../store/port";

export interface ContentCacheOptions {
  /** The Workers Cache API cache; null where there is none (then every read goes to the store). */
  cache: Cache | null;
  /**
   * This isolate's copy, checked first: a Worker isolate serves many requests, and a
   * fresh entry here costs no cache round trip and no JSON parsing. Values are shared
   * between requests, so callers never mutate what they read.
   */
  memory?: Map<string, { storedAt: number; value: unknown }>;
  waitUntil(promise: Promise<unknown>): void;
  /** Separates stores (D1, a given CMS) and cache formats in one cache. */
  namespace: string;
  /** Served without asking the store. */
  freshSeconds: number;
  /** After that, served while one background read refreshes it (and when the store is down). */
  staleSeconds: number;
  now?: () => number;
}

export const CONTENT_CACHE_FRESH_SECONDS = 60;
export const CONTENT_CACHE_STALE_SECONDS = 24 * 60 * 60;

const STORED_AT = "X-Content-Stored-At";

/**
 * Public content through the Workers Cache API, stale-while-revalidate: a fresh
 * entry is served as is; a stale one is served at once while the store is read
 * in the background; a miss reads the store. So a public page costs at most one
 * upstream read per content set on a miss and none on a hit, and pages keep
 * working for a day if the CMS is down. Single records are found in their
 * cached list (as the spec does), so unknown ids never reach the store.
 */
export function cacheContent(content: ContentRepository, options: ContentCacheOptions): ContentRepository {
  const { cache, waitUntil, freshSeconds, staleSeconds } = options;
  const now = options.now ?? Date.now;
  const keyOf = (name: string) => `https://content-cache.invalid/${encodeURIComponent(options.namespace)}/${name}`;

  async function store(key: string, value: unknown): Promise<void> {
    options.memory?.set(key, { storedAt: now(), value });
    if (!cache) return;
    const response = new Response(JSON.stringify(value), {
      headers: {
        "Content-Type": "application/json",
        "Cache-Control": `public, max-age=${staleSeconds}`,
        [STORED_AT]: String(now()),
      },
    });
    await cache.put(key, response);
  }

  async function read<T>(name: string, load: () => Promise<T>): Promise<T> {
    const key = keyOf(name);
    const remembered = options.memory?.get(key);
    if (remembered && (now() - remembered.storedAt) / 1000 < freshSeconds) return remembered.value as T;
    const hit = cache ? await cache.match(key).catch(() => undefined) : undefined;
    if (hit) {
      const storedAt = Number(hit.headers.get(STORED_AT) ?? 0);
      const age = (now() - storedAt) / 1000;
      const value = (await hit.json()) as T;
      options.memory?.set(key, { storedAt, value });
      if (age >= freshSeconds) {
        waitUntil(
          load()
            .then((fresh) => store(key, fresh))
            .catch((error: unknown) => console.error(`content cache: refreshing ${name} failed`, error)),
        );
      }
      return value;
    }
    const value = await load();
    waitUntil(store(key, value).catch((error: unknown) => console.error(`content cache: storing ${name} failed`, error)));
    return value;
  }

  const list =
    <T>(name: string, load: () => Promise<T>) =>
    () =>
      read(name, load);

  const listGalleries = list("listGalleries", () => content.listGalleries());
  const listPublishedNews = list("listPublishedNews", () => content.listPublishedNews());
  return {
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
