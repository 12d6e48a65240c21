import { hasCookie } from "./request-cookies.server";
import { PRIVATE_CACHE_CONTROL } from "./response-headers";

/** What a visitor's HTML may be cached for: see docs/decisions/0009-public-content-cache.md. */
export const PUBLIC_HTML_CACHE_CONTROL = "public, max-age=60, s-maxage=300, stale-while-revalidate=600";

/**
 * Sets Cache-Control on a document response. A page whose render read a signed-in
 * member is never stored, whatever its route chose; otherwise a route's own choice stands.
 * Pages a visitor sees without a session are the same for every visitor, so they may
 * be cached briefly; anything personal (a session cookie, a cookie being set) never is.
 */
export function applyDocumentCacheControl(
  request: Request,
  status: number,
  headers: Headers,
  { sessionCookieName, renderReadUser }: { sessionCookieName: string; renderReadUser: boolean },
): void {
  if (renderReadUser) {
    // A route's own choice stands only if it already forbids storing the page.
    if (!/\bno-store\b/.test(headers.get("Cache-Control") ?? "")) headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
    return;
  }
  if (headers.has("Cache-Control")) return;
  const personal = headers.has("Set-Cookie") || hasCookie(request, sessionCookieName);
  if (personal) headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  else if (status === 200 && request.method === "GET") {
    headers.set("Cache-Control", PUBLIC_HTML_CACHE_CONTROL);
    headers.append("Vary", "Cookie");
  }
}
