import { PRIVATE_CACHE_CONTROL } from "~/kernel/http/cache-control.server";

/** The headers of every studio answer: a page for one editor, never stored. */
export const STUDIO_NO_STORE = { "Cache-Control": PRIVATE_CACHE_CONTROL };

/**
 * A studio address names a record that is not there (removed in another tab, or a typed id):
 * thrown by a route, it shows the site's 404 page, never stored.
 */
export const studioNotFound = () => new Response("Not found", { status: 404, headers: STUDIO_NO_STORE });

/** The record, or the studio's 404 when there is none. */
export function foundOrNotFound<T>(record: T | null | undefined): T {
  if (record === null || record === undefined) throw studioNotFound();
  return record;
}
