import { Miniflare, Response as MiniflareResponse } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NewsItem } from "~/kernel/store/records";
import { cacheContent } from "~/kernel/store/content/cached-content.server";
import { createSwrCache, SwrMemory } from "~/kernel/http/swr-cache.server";
import type { ContentRepository } from "~/kernel/store/port";

/** The real Workers Cache API (workerd via Miniflare), under a store that counts its reads. */
let mf: Miniflare;
let workerdCache: Cache;
beforeAll(async () => {
  mf = new Miniflare({ modules: true, script: "export default { fetch: () => new Response('') }" });
  const cache = (await mf.getCaches()).default;
  // Node's Response cannot cross into workerd; hand the cache Miniflare's own.
  workerdCache = {
    match: (key: string) => cache.match(key),
    put: async (key: string, response: Response) =>
      cache.put(key, new MiniflareResponse(await response.text(), { headers: Object.fromEntries(response.headers) })),
  } as unknown as Cache;
});
afterAll(() => mf?.dispose());

const news = (id: string, title: string): NewsItem => ({
  id,
  title,
  excerptHtml: "",
  contentHtml: "",
  image: null,
  published: true,
  createdAt: 1,
});

function countingContent() {
  const reads: string[] = [];
  let title = "First";
  let down = false;
  const content = {
    async listPublishedNews() {
      reads.push("news");
      if (down) throw new Error("CMS down");
      return [news("a", title)];
    },
  } as unknown as ContentRepository;
  return {
    content,
    reads,
    setTitle: (value: string) => (title = value),
    setDown: (value: boolean) => (down = value),
  };
}

function setup(namespace: string) {
  const store = countingContent();
  let clock = 1_000_000;
  const background: Promise<unknown>[] = [];
  const cache = createSwrCache({
    cache: workerdCache,
    waitUntil: (promise) => background.push(promise),
    freshSeconds: 60,
    staleSeconds: 3600,
    now: () => clock,
  });
  const cached = cacheContent(store.content, cache, namespace);
  const settle = async () => {
    while (background.length) await background.shift();
  };
  return { ...store, cached, settle, advance: (seconds: number) => (clock += seconds * 1000) };
}

describe("public content through the Workers Cache API", () => {
  it("a miss reads the store once; hits within the fresh time do not", async () => {
    const t = setup(`fresh-${Date.now()}`);
    expect((await t.cached.listPublishedNews())[0]!.title).toBe("First");
    await t.settle();
    t.setTitle("Second");
    t.advance(30);
    expect((await t.cached.listPublishedNews())[0]!.title).toBe("First");
    expect(t.reads).toEqual(["news"]);
  });

  it("a stale entry is served at once and refreshed in the background", async () => {
    const t = setup(`stale-${Date.now()}`);
    await t.cached.listPublishedNews();
    await t.settle();
    t.setTitle("Second");
    t.advance(61);
    expect((await t.cached.listPublishedNews())[0]!.title).toBe("First");
    await t.settle();
    expect((await t.cached.listPublishedNews())[0]!.title).toBe("Second");
    expect(t.reads).toEqual(["news", "news"]);
  });

  it("keeps serving the stale copy while the store is down", async () => {
    const t = setup(`down-${Date.now()}`);
    await t.cached.listPublishedNews();
    await t.settle();
    t.setDown(true);
    t.advance(600);
    expect((await t.cached.listPublishedNews())[0]!.title).toBe("First");
    await t.settle();
    expect((await t.cached.listPublishedNews())[0]!.title).toBe("First");
  });

  it("finds one item in the cached list, so unknown ids never reach the store", async () => {
    const t = setup(`ids-${Date.now()}`);
    expect((await t.cached.getPublishedNews("a"))?.title).toBe("First");
    await t.settle();
    for (const id of ["b", "c", "d"]) expect(await t.cached.getPublishedNews(id)).toBeNull();
    expect(t.reads).toEqual(["news"]);
  });

  it("separates namespaces (backends and cache formats)", async () => {
    const one = setup(`ns-one-${Date.now()}`);
    await one.cached.listPublishedNews();
    await one.settle();
    const two = setup(`ns-two-${Date.now()}`);
    two.setTitle("Other");
    expect((await two.cached.listPublishedNews())[0]!.title).toBe("Other");
    await two.settle();
  });

  it("without a cache or memory every read goes to the store", async () => {
    const store = countingContent();
    const uncached = cacheContent(store.content, createSwrCache({ cache: null, waitUntil: () => {}, freshSeconds: 60, staleSeconds: 60 }), "none");
    await uncached.listPublishedNews();
    await uncached.listPublishedNews();
    expect(store.reads).toEqual(["news", "news"]);
  });

  it("an isolate's memory answers fresh reads without the cache, and expires with them", async () => {
    const store = countingContent();
    let clock = 0;
    const memory = new SwrMemory();
    const background: Promise<unknown>[] = [];
    // Each request builds its own service over the same isolate memory.
    const request = () =>
      cacheContent(
        store.content,
        createSwrCache({ cache: null, memory, waitUntil: (p) => background.push(p), freshSeconds: 60, staleSeconds: 600, now: () => clock }),
        "memory",
      ).listPublishedNews();
    await request();
    await Promise.all(background);
    store.setTitle("Second");
    clock += 59_000;
    expect((await request())[0]!.title).toBe("First");
    clock += 2_000;
    // Stale: served at once, refreshed behind.
    expect((await request())[0]!.title).toBe("First");
    await Promise.all(background);
    expect((await request())[0]!.title).toBe("Second");
    expect(store.reads).toEqual(["news", "news"]);
    clock += 601_000;
    store.setTitle("Third");
    // Past the stale time: forgotten, loaded again.
    expect((await request())[0]!.title).toBe("Third");
  });
});
