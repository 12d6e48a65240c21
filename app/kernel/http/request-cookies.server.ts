import { parse } from "cookie";

/**
 * A request's cookies, read by the same parser Remix reads sessions with (`cookie`,
 * the version @remix-run/server-runtime depends on): names trimmed, the first of two
 * cookies with one name wins. The page cache's key, the Cache-Control decision, the
 * cookie notice and the toast all read cookies here, so none of them can see a
 * different cookie from the one the session was read from (`__session =…` is the
 * session for Remix, so it is for the cache too).
 */
const parsed = new WeakMap<Request, Readonly<Record<string, string>>>();

export function requestCookies(request: Request): Readonly<Record<string, string>> {
  let cookies = parsed.get(request);
  if (!cookies) {
    const header = request.headers.get("Cookie");
    cookies = header ? parse(header) : {};
    parsed.set(request, cookies);
  }
  return cookies;
}

export function hasCookie(request: Request, name: string): boolean {
  return Object.hasOwn(requestCookies(request), name);
}
