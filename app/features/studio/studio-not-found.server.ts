import { privateHeaders } from "~/kernel/http/response-headers";
import { notFound } from "~/kernel/http/answers.server";

/**
 * A studio address names a record that is not there (removed in another tab, or a typed id):
 * thrown by a route, it shows the site's 404 page, never stored.
 */
export const studioNotFound = () => notFound(privateHeaders(), "Not found");

/** The record, or the studio's 404 when there is none. */
export function foundOrNotFound<T>(record: T | null | undefined): T {
  if (record === null || record === undefined) throw studioNotFound();
  return record;
}
