import { PUBLIC_HTML_CACHE_CONTROL } from "./cache-control.server";
import { SESSION_COOKIE_NAME } from "./session.server";
import type { SwrCache } from "./swr-cache.server";

/**
 * Visitors' pages, whole. A page a visitor sees without a session is the same
 * for every visitor (the cookie notice aside, which is part of the key), so it
 * is rendered once a minute rather than on every request. Anything personal, a
 * query string, a data request or a page that sets a cookie is never stored.
 * See docs/decisions/0011-visitor-page-cache.md.
 */
export const PAGE_CACHE_FRESH_SECONDS = 60;
export const PAGE_CACHE_STALE_SECONDS = 10 * 60;
export const PAGE_CACHE_HEADER = "X-Page-Cache";

const PERSONAL_COOKIES = [SESSION_COOKIE_NAME, "__toast"];

interface StoredPage {
  storable: boolean;
  status: number;
  headers: [string, string][];
  body: string;
}

function cookieNames(request: Request): Map<string, string> {
  const pairs = (request.headers.get("Cookie") ?? "").split(/;\s*/).filter(Boolean);
  return new Map(pairs.map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]));
}

/** The cache key of a request whose answer is the same for every visitor, or null. */
export function pageCacheKey(request: Request, buildVersion: string, consentCookie: string): string | null {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (url.search || url.pathname.endsWith(".data") || url.pathname.startsWith("/dev/")) return null;
  const cookies = cookieNames(request);
  if (PERSONAL_COOKIES.some((name) => cookies.has(name))) return null;
  const consent = cookies.get(consentCookie) === "true" ? "consent" : "no-consent";
  return `https://page-cache.invalid/${encodeURIComponent(buildVersion)}/${consent}/${url.host}${url.pathname}`;
}

async function storedPage(response: Response): Promise<StoredPage> {
  const storable =
    response.status === 200 &&
    response.headers.get("Cache-Control") === PUBLIC_HTML_CACHE_CONTROL &&
    !response.headers.has("Set-Cookie") &&
    (response.headers.get("Content-Type") ?? "").startsWith("text/html");
  return { storable, status: response.status, headers: [...response.headers], body: await response.text() };
}

/** Answers from the cache, or renders (and stores what may be stored). */
export async function servePage(cache: SwrCache, key: string, render: () => Promise<Response>): Promise<Response> {
  let rendered: StoredPage | null = null;
  const page = await cache.read(
    key,
    async () => (rendered = await storedPage(await render())),
    (value) => value.storable,
  );
  const headers = new Headers(page.headers);
  // A stale hit renders again behind the scenes, but this answer came from the cache.
  headers.set(PAGE_CACHE_HEADER, page === rendered ? "miss" : "hit");
  // A null-body status (204, 304) cannot carry even an empty string.
  return new Response([101, 204, 205, 304].includes(page.status) ? null : page.body, { status: page.status, headers });
}
