/** What a visitor's HTML may be cached for: see docs/decisions/0009-public-content-cache.md. */
export const PUBLIC_HTML_CACHE_CONTROL = "public, max-age=60, s-maxage=300, stale-while-revalidate=600";
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/**
 * Sets Cache-Control on a document response unless its route chose one. Pages a
 * visitor sees without a session are the same for every visitor, so they may be
 * cached briefly; anything personal (a session, a cookie being set) never is.
 */
export function applyDocumentCacheControl(request: Request, status: number, headers: Headers, sessionCookieName: string): void {
  if (headers.has("Cache-Control")) return;
  const personal = headers.has("Set-Cookie") || (request.headers.get("Cookie") ?? "").includes(`${sessionCookieName}=`);
  if (personal) headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  else if (status === 200 && request.method === "GET") {
    headers.set("Cache-Control", PUBLIC_HTML_CACHE_CONTROL);
    headers.append("Vary", "Cookie");
  }
}
