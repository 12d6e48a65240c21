import { client, type Server } from "./client";

/**
 * Requests to a private test server as a browser sends them: same-origin form posts, with
 * the session cookie of `userId` when one is given, and no redirect followed (tests read
 * the Location). `ip`: the client address the worker sees, for tests that must stay under a
 * rate limit of one address. Shorthands for `client` (./client.ts).
 */
export function getAs(server: Server, path: string, userId?: string): Promise<Response> {
  return client(server).as(userId).get(path);
}

export function postFormAs(server: Server, path: string, fields: Record<string, string>, options: { userId?: string; ip?: string } = {}): Promise<Response> {
  return client(server, { ip: options.ip }).as(options.userId).post(path, fields);
}
