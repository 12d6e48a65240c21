import type { AppLoadContext } from "@remix-run/cloudflare";
import type { ContentVersionRepository } from "../port";

/**
 * The content version (ADR 42, migration 0012): a number that every write to public content
 * bumps (contentChanged). It is part of the keys of the content read cache and of the
 * visitors' page cache, so a bump makes the next request miss both. The store keeps it
 * (`store.contentVersion`, ADR 3), in D1 in both store modes, so a Cockpit site keeps its
 * version there too.
 *
 * Cost: one read of a one-row table by its primary key, at most once per request (memoised
 * on the request's context), and only for requests that use a cache.
 */

/** Used when the version cannot be read (D1 down, migration 0012 not applied): the caches then work as before, by time. */
export const UNKNOWN_CONTENT_VERSION = "unknown";

export async function readContentVersion(versions: ContentVersionRepository): Promise<string> {
  try {
    const version = await versions.read();
    return version === null ? UNKNOWN_CONTENT_VERSION : String(version);
  } catch (error) {
    console.warn("The content version could not be read; the caches expire by time only:", error);
    return UNKNOWN_CONTENT_VERSION;
  }
}

const perRequest = new WeakMap<object, Promise<string>>();

/** This request's content version, read once however many caches ask. */
export function contentVersion(context: Pick<AppLoadContext, "store">): Promise<string> {
  let version = perRequest.get(context);
  if (!version) {
    version = readContentVersion(context.store.contentVersion);
    perRequest.set(context, version);
  }
  return version;
}
