import type { AppEnv } from "../env.server";
import type { ContentRepository } from "../store/port";
import { CONTENT_CACHE_FRESH_SECONDS, CONTENT_CACHE_STALE_SECONDS, cacheContent } from "./cached-content.server";
import { prepareContent } from "./prepared-content.server";
import { memoiseContentReads } from "./request-memo";

/** Bump when the prepared shape changes, so old cache entries are never read. */
const CACHE_FORMAT = "v1";

/** Lives as long as the Worker isolate: shared by the requests it serves. */
const isolateMemory = new Map<string, { storedAt: number; value: unknown }>();

function defaultCache(): Cache | null {
  // Absent under plain Node (unit tests, scripts); present in workerd.
  return typeof caches === "undefined" ? null : ((caches as unknown as { default?: Cache }).default ?? null);
}

/**
 * The one way pages read public content: sanitized and resolved, cached across
 * requests (Workers Cache API), and read at most once per request.
 */
export function createPublicContent(options: {
  content: ContentRepository;
  env: AppEnv;
  waitUntil(promise: Promise<unknown>): void;
  cache?: Cache | null;
}): ContentRepository {
  const { env } = options;
  const prepared = prepareContent(options.content, env.CMS_ASSETS_URL);
  const cached = cacheContent(prepared, {
    cache: options.cache === undefined ? defaultCache() : options.cache,
    memory: isolateMemory,
    waitUntil: options.waitUntil,
    namespace: `${CACHE_FORMAT}:${env.CMS_API_URL ?? "d1"}:${env.CMS_ASSETS_URL ?? ""}`,
    freshSeconds: CONTENT_CACHE_FRESH_SECONDS,
    staleSeconds: CONTENT_CACHE_STALE_SECONDS,
  });
  return memoiseContentReads(cached);
}
