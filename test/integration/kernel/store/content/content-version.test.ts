import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { NewsItem } from "~/kernel/store/records";
import { cacheContent } from "~/kernel/store/content/cached-content.server";
import { contentChanged } from "~/kernel/store/content/content-changed.server";
import { readContentVersion, UNKNOWN_CONTENT_VERSION } from "~/kernel/store/content/content-version.server";
import { createSwrCache, SwrMemory } from "~/kernel/http/swr-cache.server";
import type { ContentRepository } from "~/kernel/store/port";
import { d1ContentVersion } from "~/kernel/store/d1/content-version.server";
import { createTestD1, migrationFiles } from "../../../../support/d1";

/**
 * The content version (ADR 42) on a real D1: it starts at 0, contentChanged adds one, and
 * the content cache keyed by it reads the store again after a bump, within its fresh minute.
 */
let d1: Awaited<ReturnType<typeof createTestD1>>;
beforeAll(async () => {
  d1 = await createTestD1();
});
afterAll(() => d1?.dispose());

const context = () => ({ store: { contentVersion: d1ContentVersion(d1.db) } }) as unknown as AppLoadContext;

describe("the content version", () => {
  it("starts at 0 and goes up by one with each contentChanged", async () => {
    const start = Number(await readContentVersion(d1ContentVersion(d1.db)));
    expect(start).toBe(0);
    await contentChanged(context());
    await contentChanged(context());
    expect(await readContentVersion(d1ContentVersion(d1.db))).toBe(String(start + 2));
  });

  it("makes the content cache read the store again at once, where time alone would not", async () => {
    let title = "Before";
    let reads = 0;
    const content = {
      async listPublishedNews(): Promise<NewsItem[]> {
        reads += 1;
        return [{ id: "n", title, excerptHtml: "", contentHtml: "", image: null, published: true, createdAt: 1 }];
      },
    } as unknown as ContentRepository;
    const cache = createSwrCache({ cache: null, memory: new SwrMemory(10), waitUntil: () => {}, freshSeconds: 60, staleSeconds: 3600 });
    // A request's view: its version read once, as the load context does.
    const request = () => {
      const version = readContentVersion(d1ContentVersion(d1.db));
      return cacheContent(content, cache, "test", () => version);
    };
    expect((await request().listPublishedNews())[0]?.title).toBe("Before");
    title = "After";
    expect((await request().listPublishedNews())[0]?.title).toBe("Before");
    expect(reads).toBe(1);
    await contentChanged(context());
    expect((await request().listPublishedNews())[0]?.title).toBe("After");
    expect(reads).toBe(2);
  });

  it("without migration 0012 the version is unknown (the caches expire by time) and contentChanged does not throw", async () => {
    const old = await createTestD1(migrationFiles().filter((file) => !file.startsWith("0012")));
    try {
      expect(await readContentVersion(d1ContentVersion(old.db))).toBe(UNKNOWN_CONTENT_VERSION);
      await expect(contentChanged({ store: { contentVersion: d1ContentVersion(old.db) } } as unknown as AppLoadContext)).resolves.toBeUndefined();
    } finally {
      await old.dispose();
    }
  });
});
