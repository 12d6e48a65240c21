import { sessionCookieFor } from "./session";

/**
 * The one way tests make HTTP requests to a test server, as a browser sends them:
 *
 *   client(server).get("/events")
 *   client(server).as(member).post("/account", { name: "Ada" })
 *   client(server, { ip: "198.51.100.7" }).post("/contact", fields)
 *
 * By default no redirect is followed (tests read the Location), posts carry a same-origin
 * `Origin` header, and a signed-in client (`as`) sends a fresh session cookie made by
 * `sessionCookieFor` with each request (as the private helpers did).
 */
export type Server = { url: string } | string;

/** Someone to sign in as: a member id, anything with an `id`, or null for nobody. */
export type Actor = string | { id: string } | null | undefined;

/** A file field of a multipart post. */
export type FileField = { bytes: Uint8Array; name: string; type?: string };
export type FieldValue = string | Blob | FileField;

/**
 * What a post sends: form fields (url-encoded, or multipart as soon as one value is a Blob or
 * a file), in a record or as ordered pairs (repeated names), or a ready body.
 */
export type Fields = Record<string, FieldValue> | Array<[string, FieldValue]> | URLSearchParams | FormData;

export interface RequestOptions {
  /** The client address the worker sees (CF-Connecting-IP). */
  ip?: string;
  /** Extra headers; they override the client's own (a `Cookie` here is joined to the session's). */
  headers?: Record<string, string>;
  /** Cookies to send besides the session's, as a `Cookie` header value ("a=1; b=2"). */
  cookie?: string;
  /** Follow redirects (default: not followed, the response is the redirect itself). */
  follow?: boolean;
  /** The `Origin` of a post: the server's own by default, null to send none. */
  origin?: string | null;
  /** A raw body instead of fields, with its Content-Type (null: none). */
  body?: BodyInit;
  contentType?: string | null;
}

export interface Client {
  /** The same client signed in as `actor` (null: signed out). */
  as(actor: Actor): Client;
  /** The same client with these options on every request. */
  with(options: RequestOptions): Client;
  get(path: string, options?: RequestOptions): Promise<Response>;
  post(path: string, fields?: Fields, options?: RequestOptions): Promise<Response>;
  /** Any method; a body comes from `options.body` (or fields via `post`). */
  request(method: string, path: string, options?: RequestOptions & { fields?: Fields }): Promise<Response>;
  /** The base URL requests go to. */
  readonly url: string;
}

const baseOf = (server: Server) => (typeof server === "string" ? server : server.url).replace(/\/$/, "");
const idOf = (actor: Actor) => (actor == null ? null : typeof actor === "string" ? actor : actor.id);

function isFile(value: FieldValue): value is FileField {
  return typeof value === "object" && !(value instanceof Blob);
}

function encode(fields: Fields): { body: BodyInit; contentType: string | null } {
  if (fields instanceof URLSearchParams) return { body: fields, contentType: "application/x-www-form-urlencoded" };
  if (fields instanceof FormData) return { body: fields, contentType: null };
  const pairs = Array.isArray(fields) ? fields : Object.entries(fields);
  if (pairs.every(([, value]) => typeof value === "string")) {
    return { body: new URLSearchParams(pairs as Array<[string, string]>), contentType: "application/x-www-form-urlencoded" };
  }
  return { body: multipart(pairs), contentType: null };
}

/** Fields as a multipart form, as a form with a file input sends them even when no file is chosen (a file field is a JPEG unless its type says otherwise). */
export function multipart(fields: Record<string, FieldValue> | Array<[string, FieldValue]>): FormData {
  const form = new FormData();
  for (const [name, value] of Array.isArray(fields) ? fields : Object.entries(fields)) {
    if (typeof value === "string") form.append(name, value);
    else if (isFile(value)) form.append(name, new Blob([value.bytes as Uint8Array<ArrayBuffer>], { type: value.type ?? "image/jpeg" }), value.name);
    else form.append(name, value);
  }
  return form;
}

const joinCookies = (...cookies: Array<string | undefined | null>) => cookies.filter((c): c is string => Boolean(c)).join("; ");

export function client(server: Server, defaults: RequestOptions = {}, actor: Actor = null): Client {
  const base = baseOf(server);

  async function request(method: string, path: string, options: RequestOptions & { fields?: Fields } = {}): Promise<Response> {
    const merged: RequestOptions = { ...defaults, ...options, headers: { ...defaults.headers, ...options.headers } };
    const headers: Record<string, string> = {};
    const isPost = method !== "GET" && method !== "HEAD";
    let body: BodyInit | undefined = merged.body;
    let contentType: string | null | undefined = merged.contentType;
    if (options.fields !== undefined && body === undefined) {
      const encoded = encode(options.fields);
      body = encoded.body;
      if (contentType === undefined) contentType = encoded.contentType;
    }
    if (isPost) {
      const origin = merged.origin === undefined ? new URL(base).origin : merged.origin;
      if (origin !== null) headers.Origin = origin;
    }
    if (contentType) headers["Content-Type"] = contentType;
    if (merged.ip) headers["CF-Connecting-IP"] = merged.ip;
    const userId = idOf(actor);
    const { Cookie: extraCookie, ...extraHeaders } = merged.headers ?? {};
    const cookie = joinCookies(userId ? await sessionCookieFor(userId, Date.now(), { server: base }) : null, merged.cookie, extraCookie);
    if (cookie) headers.Cookie = cookie;
    Object.assign(headers, extraHeaders);
    return fetch(`${base}${path}`, { method, redirect: merged.follow ? "follow" : "manual", headers, body });
  }

  return {
    url: base,
    as: (next) => client(server, defaults, next),
    with: (options) => client(server, { ...defaults, ...options, headers: { ...defaults.headers, ...options.headers } }, actor),
    get: (path, options) => request("GET", path, options),
    post: (path, fields = {}, options = {}) => request("POST", path, { ...options, fields: options.body === undefined ? fields : undefined }),
    request,
  };
}
