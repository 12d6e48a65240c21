import { data } from "@remix-run/cloudflare";
import { retryAfterHeaders, storeUnavailableHeaders, type HeaderValues } from "./response-headers";

/**
 * The response kit's answers (ADR 58): one function per refusal a route gives, thrown or
 * returned as the route does. The guard that decides stays at the top of the route's loader
 * or action (ADR 35); these only say how the answer looks. `headers` are the route's own
 * (its cache and robots headers, response-headers.ts), which the answer keeps.
 */

/**
 * 404, to throw: a page's loader or action shows the site's "Page not found" (the root error
 * boundary, docs/requirements.md §1.11); a resource route answers `body` as it is.
 */
export function notFound(headers?: HeaderValues, body = "Not Found"): Response {
  return new Response(body, { status: 404, headers });
}

/** 404 with the route's own page or form answer (an invalid link, a record gone since the page was drawn), to return. */
export function notFoundPage<T>(page: T, headers?: HeaderValues) {
  return data(page, { status: 404, headers });
}

/** 403 with the route's own page or form answer: the request is understood and not allowed now (a booking closed, sign-ups closed). */
export function refused<T>(page: T, headers?: HeaderValues) {
  return data(page, { status: 403, headers });
}

/** 429 with the route's own page or form answer and when to try again (docs/requirements.md §11.1). */
export function limited<T>(page: T, retryAfterSeconds: number, headers?: HeaderValues) {
  return data(page, { status: 429, headers: { ...headers, ...retryAfterHeaders(retryAfterSeconds) } });
}

/**
 * 503 with the route's own page or form answer: our records could not be reached, nothing
 * was saved (docs/requirements.md §11.7, ADR 59). Every write answers an outage with this,
 * through storeSafeAction (app/kernel/forms/store-errors.server.ts).
 */
export function storeUnavailable<T>(page: T, headers?: HeaderValues) {
  return data(page, { status: 503, headers: { ...headers, ...storeUnavailableHeaders() } });
}
