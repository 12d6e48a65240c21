import { sessionCookieFor } from "./session";

/**
 * Requests to a private test server as a browser sends them: same-origin form posts, with
 * the session cookie of `userId` when one is given, and no redirect followed (tests read
 * the Location). `ip`: the client address the worker sees, for tests that must stay under a
 * rate limit of one address.
 */
type Server = { url: string };

export async function getAs(server: Server, path: string, userId?: string): Promise<Response> {
  return fetch(`${server.url}${path}`, { redirect: "manual", headers: userId ? { Cookie: await sessionCookieFor(userId) } : {} });
}

export async function postFormAs(
  server: Server,
  path: string,
  fields: Record<string, string>,
  options: { userId?: string; ip?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" };
  if (options.ip) headers["CF-Connecting-IP"] = options.ip;
  if (options.userId) headers.Cookie = await sessionCookieFor(options.userId);
  return fetch(`${server.url}${path}`, { method: "POST", redirect: "manual", headers, body: new URLSearchParams(fields) });
}
