import type { HeadersFunction } from "@remix-run/cloudflare";

/**
 * The response kit's headers (ADR 58: `kernel/http` holds headers and answers): who may keep
 * an answer, whether search engines may list it, when to ask again. Routes and services call
 * these instead of writing the header words, so every answer for the same audience says the
 * same thing. Each call returns a fresh object, to pass as it is or spread into a larger one.
 */

export type HeaderValues = Record<string, string>;

/** Pages about one person and the back office are never cached (docs/requirements.md §11.6). */
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/** What the browser may wait before trying again after a store outage, in seconds (docs/requirements.md §11.7). */
export const STORE_RETRY_AFTER_SECONDS = 60;

/** For one person (a member, an accountant, an editor): never stored, by the browser's cache or any other. */
export const privateHeaders = (): HeaderValues => ({ "Cache-Control": PRIVATE_CACHE_CONTROL });

/** For nobody in particular, and still never stored: signing out, a request refused before any route, the development pages. */
export const noStoreHeaders = (): HeaderValues => ({ "Cache-Control": "no-store" });

/** Never listed by search engines (a payment or link page, an outbox), kept as `cache` says: private unless told otherwise. */
export const noIndexHeaders = (cache: HeaderValues = privateHeaders()): HeaderValues => ({ ...cache, "X-Robots-Tag": "noindex" });

/**
 * Anybody may keep it for `maxAgeSeconds`. `immutable`: a file whose address changes with its
 * content (the studio's photos, ADR 40), so it is never asked for again.
 */
export const publicHeaders = (maxAgeSeconds: number, { immutable = false } = {}): HeaderValues => ({
  "Cache-Control": `public, max-age=${maxAgeSeconds}${immutable ? ", immutable" : ""}`,
});

/** A file that is one person's or the back office's (an export, a document, a data download): private, never sniffed as another type. */
export const privateFileHeaders = (contentType: string, disposition: string): HeaderValues => ({
  "Content-Type": contentType,
  "Content-Disposition": disposition,
  ...privateHeaders(),
  "X-Content-Type-Options": "nosniff",
});

/** When the browser may ask again (a limit's window, a store outage). */
export const retryAfterHeaders = (seconds: number): HeaderValues => ({ "Retry-After": String(seconds) });

/** A store outage's answer, a form's or the error page's: try again in a minute, and nobody keeps it. */
export const storeUnavailableHeaders = (): HeaderValues => ({ ...retryAfterHeaders(STORE_RETRY_AFTER_SECONDS), ...privateHeaders() });

/** A page's `headers` export: the loader's own headers (a page that chose its cache and robots headers in its loader). */
export const loaderHeadersOnly: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** A page's `headers` export: after a post, the action's headers when it chose a Cache-Control; otherwise the loader's. */
export const actionOrLoaderHeaders: HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

/**
 * A page's `headers` export when its action may answer 429 (docs/requirements.md §11.1): `base`,
 * plus the action's Retry-After when it gave one, so the browser hears when to try again.
 */
export function passRetryAfter(base: HeaderValues = {}): HeadersFunction {
  return ({ actionHeaders }) => {
    const retryAfter = actionHeaders.get("Retry-After");
    return retryAfter ? { ...base, "Retry-After": retryAfter } : base;
  };
}
