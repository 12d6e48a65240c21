import { PUBLIC_HTML_CACHE_CONTROL } from "./cache-control.server";
import { requestCookies } from "./request-cookies.server";
import { SESSION_COOKIE_NAME } from "../auth/session.server";
import type { SwrCache } from "./swr-cache.server";
import { TOAST_COOKIE_NAME } from "./toast.server";

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

const PERSONAL_COOKIES = [SESSION_COOKIE_NAME, TOAST_COOKIE_NAME];

interface StoredPage {
  storable: boolean;
  status: number;
  headers: [string, string][];
  body: string;
}

/**
 * The cache key of a request whose answer is the same for every visitor, or null. The
 * content version (ADR 42) is in it, so a studio write makes the next request miss.
 */
export function pageCacheKey(request: Request, buildVersion: string, consentCookie: string, contentVersion = "0"): string | null {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (url.search || url.pathname.endsWith(".data") || url.pathname.startsWith("/dev/")) return null;
  // Photos (/media/*) are files, streamed as they are and cached by browsers for good: never read as a page.
  if (url.pathname.startsWith("/media/")) return null;
  // The cookies as Remix reads them (see request-cookies.server.ts), so the key and the render agree.
  const cookies = requestCookies(request);
  if (PERSONAL_COOKIES.some((name) => Object.hasOwn(cookies, name))) return null;
  const consent = cookies[consentCookie] === "true" ? "consent" : "no-consent";
  return `https://page-cache.invalid/${encodeURIComponent(buildVersion)}/${encodeURIComponent(contentVersion)}/${consent}/${url.host}${url.pathname}`;
}

/**
 * A rendered page and whether its render read a signed-in member: such a page is never
 * stored, whatever the request's cookies looked like to the key (decided from what the
 * render saw, not from the headers).
 */
export interface RenderedPage {
  response: Response;
  personal: boolean;
}

async function storedPage({ response, personal }: RenderedPage): Promise<StoredPage> {
  const storable =
    !personal &&
    response.status === 200 &&
    response.headers.get("Cache-Control") === PUBLIC_HTML_CACHE_CONTROL &&
    !response.headers.has("Set-Cookie") &&
    (response.headers.get("Content-Type") ?? "").startsWith("text/html");
  return { storable, status: response.status, headers: [...response.headers], body: await response.text() };
}

/** Answers from the cache, or renders (and stores what may be stored). */
export async function servePage(cache: SwrCache, key: string, render: () => Promise<RenderedPage>): Promise<Response> {
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
