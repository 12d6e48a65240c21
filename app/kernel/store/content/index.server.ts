import type { AppEnv } from "../../http/env.server";
import type { ContentRepository } from "../port";
import { createSwrCache, defaultCache, SwrMemory } from "../../http/swr-cache.server";
import { CONTENT_CACHE_FRESH_SECONDS, CONTENT_CACHE_STALE_SECONDS, cacheContent } from "./cached-content.server";
import { prepareContent } from "./prepared-content.server";
import { memoiseContentReads } from "./request-memo";

/** Bump when the prepared shape changes, so old cache entries are never read. */
const CACHE_FORMAT = "v1";

/** Lives as long as the Worker isolate: shared by the requests it serves. */
const isolateMemory = new SwrMemory(50);

/**
 * The one way pages read public content: sanitized and resolved, cached across
 * requests, and read at most once per request.
 */
export function createPublicContent(options: {
  content: ContentRepository;
  env: AppEnv;
  waitUntil(promise: Promise<unknown>): void;
  /** The content version (ADR 42): part of every cache key. */
  version?: () => Promise<string>;
}): ContentRepository {
  const { env } = options;
  const prepared = prepareContent(options.content, env.CMS_ASSETS_URL);
  const cache = createSwrCache({
    cache: defaultCache(),
    memory: isolateMemory,
    waitUntil: options.waitUntil,
    freshSeconds: CONTENT_CACHE_FRESH_SECONDS,
    staleSeconds: CONTENT_CACHE_STALE_SECONDS,
  });
  const namespace = `${CACHE_FORMAT}:${env.CMS_API_URL ?? "d1"}:${env.CMS_ASSETS_URL ?? ""}`;
  return memoiseContentReads(cacheContent(prepared, cache, namespace, options.version));
}
