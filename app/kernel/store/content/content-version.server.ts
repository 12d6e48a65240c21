import type { AppLoadContext } from "@remix-run/cloudflare";

/**
 * The content version (ADR 42, migration 0012): a number in D1 that every write to public
 * content bumps (contentChanged). It is part of the keys of the content read cache and of
 * the visitors' page cache, so a bump makes the next request miss both. D1 is bound in both
 * store modes, so a Cockpit site keeps its version there too.
 *
 * Cost: one read of a one-row table by its primary key, at most once per request (memoised
 * on the request's context), and only for requests that use a cache.
 */

/** Used when the version cannot be read (D1 down, migration 0012 not applied): the caches then work as before, by time. */
export const UNKNOWN_CONTENT_VERSION = "unknown";

export async function readContentVersion(db: D1Database): Promise<string> {
  try {
    const row = await db.prepare("SELECT version FROM content_version WHERE id = 1").first<{ version: number }>();
    return row ? String(row.version) : UNKNOWN_CONTENT_VERSION;
  } catch (error) {
    console.warn("The content version could not be read; the caches expire by time only:", error);
    return UNKNOWN_CONTENT_VERSION;
  }
}

/** Adds one to the version (creating its row if a hand-made database lacks it). */
export async function bumpContentVersion(db: D1Database): Promise<void> {
  await db.prepare("INSERT INTO content_version (id, version) VALUES (1, 1) ON CONFLICT (id) DO UPDATE SET version = version + 1").run();
}

const perRequest = new WeakMap<object, Promise<string>>();

/** This request's content version, read once however many caches ask. */
export function contentVersion(context: Pick<AppLoadContext, "env">): Promise<string> {
  let version = perRequest.get(context);
  if (!version) {
    version = readContentVersion(context.env.DB);
    perRequest.set(context, version);
  }
  return version;
}
