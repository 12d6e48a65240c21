import { publicHeaders } from "./response-headers";

/**
 * Stale-while-revalidate over two levels: this isolate's memory (a Worker isolate
 * serves many requests; a hit costs nothing) and the Workers Cache API (shared by
 * the isolates of a data centre). A fresh entry is served as is; a stale one is
 * served at once while one background load refreshes it (and while the source is
 * down); a miss loads. Values must be JSON; they are shared between requests, so
 * callers never mutate what they read.
 */
export interface SwrCacheOptions {
  /** null where there is none (plain Node, Vite dev): memory only. */
  cache: Cache | null;
  memory?: SwrMemory;
  waitUntil(promise: Promise<unknown>): void;
  /** Served without loading. */
  freshSeconds: number;
  /** After that, served while a background load refreshes it; then forgotten. */
  staleSeconds: number;
  now?: () => number;
}

export interface SwrCache {
  /** `keep` decides whether a loaded value is stored (e.g. only pages anybody may see). */
  read<T>(key: string, load: () => Promise<T>, keep?: (value: T) => boolean): Promise<T>;
}

const STORED_AT = "X-Swr-Stored-At";

/** The Workers Cache API's default cache; absent under plain Node (unit tests, scripts, Vite dev). */
export function defaultCache(): Cache | null {
  return typeof caches === "undefined" ? null : ((caches as unknown as { default?: Cache }).default ?? null);
}

/** An isolate's memory level, bounded: the oldest entries go first. */
export class SwrMemory {
  private readonly entries = new Map<string, { storedAt: number; value: unknown }>();
  constructor(private readonly limit = 200) {}
  get(key: string) {
    return this.entries.get(key);
  }
  set(key: string, entry: { storedAt: number; value: unknown }) {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Refreshes under way or failed lately, until when (ms): one at a time per key. */
  private readonly refreshing = new Map<string, number>();
  /** True when this caller may refresh `key` now; nobody else may until `until` or a success. */
  claimRefresh(key: string, now: number, until: number): boolean {
    const claimed = this.refreshing.get(key);
    if (claimed !== undefined && claimed > now) return false;
    this.refreshing.set(key, until);
    if (this.refreshing.size > this.limit) this.refreshing.delete(this.refreshing.keys().next().value!);
    return true;
  }
  releaseRefresh(key: string) {
    this.refreshing.delete(key);
  }
}

export function createSwrCache(options: SwrCacheOptions): SwrCache {
  const { cache, memory, waitUntil, freshSeconds, staleSeconds } = options;
  const now = options.now ?? Date.now;
  const ageOf = (storedAt: number) => (now() - storedAt) / 1000;

  async function store(key: string, value: unknown): Promise<void> {
    const storedAt = now();
    memory?.set(key, { storedAt, value });
    if (!cache) return;
    await cache.put(
      key,
      new Response(JSON.stringify(value), {
        headers: { "Content-Type": "application/json", ...publicHeaders(staleSeconds), [STORED_AT]: String(storedAt) },
      }),
    );
  }

  /**
   * One background refresh per key at a time in this isolate; after a failure (the source
   * is down) the stale copy is served without asking again for one fresh period, so an
   * outage costs the source at most one request per key per period, not one per view.
   * A failed refresh stores nothing: the stale copy stays as it was.
   */
  function refresh<T>(key: string, load: () => Promise<T>, keep: (value: T) => boolean) {
    if (memory && !memory.claimRefresh(key, now(), now() + freshSeconds * 1000)) return;
    waitUntil(
      load()
        .then(async (value) => {
          if (keep(value)) await store(key, value);
          memory?.releaseRefresh(key);
        })
        .catch((error: unknown) => console.error(`cache: refreshing ${key} failed`, error instanceof Error ? error.message : error)),
    );
  }

  return {
    async read<T>(key: string, load: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
      const remembered = memory?.get(key);
      if (remembered && ageOf(remembered.storedAt) < freshSeconds) return remembered.value as T;
      const hit = cache ? await cache.match(key).catch(() => undefined) : undefined;
      const found = hit
        ? { storedAt: Number(hit.headers.get(STORED_AT) ?? 0), value: (await hit.json()) as T }
        : remembered && ageOf(remembered.storedAt) < staleSeconds
          ? { storedAt: remembered.storedAt, value: remembered.value as T }
          : null;
      if (found) {
        memory?.set(key, found);
        if (ageOf(found.storedAt) >= freshSeconds) refresh(key, load, keep);
        return found.value;
      }
      const value = await load();
      if (keep(value)) waitUntil(store(key, value).catch((error: unknown) => console.error(`cache: storing ${key} failed`, error)));
      return value;
    },
  };
}
