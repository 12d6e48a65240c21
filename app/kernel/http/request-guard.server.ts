const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * State-changing requests must come from our own pages (docs/requirements.md §11.3).
 * Browsers send Origin on every POST and Sec-Fetch-Site on modern engines; a
 * request that carries neither (a server such as Stripe's webhook) is not a
 * browser acting on a member's cookies, and is left to its own verification.
 */
export function isCrossSiteMutation(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (isOneClickUnsubscribe(request)) return false;
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite === "cross-site" || fetchSite === "same-site") return true;
  const origin = request.headers.get("Origin");
  if (origin === null) return false;
  return origin !== new URL(request.url).origin;
}

/**
 * A one-click unsubscribe (RFC 8058, docs/requirements.md §13): a mail client posts it from
 * wherever it runs, and its signed token, not a cookie, is what lets it change anything, so a
 * cross-site post here is no forgery. Only this path: one segment, the token.
 */
export function isOneClickUnsubscribe(request: Request): boolean {
  return /^\/unsubscribe\/[^/]+\/?$/.test(new URL(request.url).pathname);
}

/**
 * The one-click request without its Origin: Remix refuses a document POST whose Origin is not
 * this host (a 500), and a mail client's is not; the signed token is checked by the route.
 */
function withoutOrigin(request: Request): Request {
  if (!request.headers.has("Origin")) return request;
  const headers = new Headers(request.headers);
  headers.delete("Origin");
  return new Request(request, { headers });
}

/** The bodies our actions read (request.formData()): what HTML forms and Remix's <Form>, useSubmit and fetchers send. */
const FORM_MEDIA_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
/** Paths that take other bodies and verify them themselves: Stripe's and Resend's webhooks (JSON, signed). */
const OWN_BODY_PATHS = new Set(["/webhooks/stripe", "/webhooks/resend"]);

function takesFormBody(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  return !OWN_BODY_PATHS.has(new URL(request.url).pathname.replace(/\/+$/, ""));
}

/**
 * A state-changing request whose body is not a form (JSON, text/plain, no Content-Type
 * at all): request.formData() would throw in the action and answer 500. Answered 415
 * instead, before any route runs, except on the paths that read their own bodies.
 */
export function isUnsupportedMediaType(request: Request): boolean {
  if (!takesFormBody(request)) return false;
  const mediaType = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  return !FORM_MEDIA_TYPES.has(mediaType);
}

/**
 * The largest body a route may be sent. A form is a few kB (the longest, a sign-up, is
 * under 4 kB); a Worker isolate has 128 MB, so a body is refused before it is read,
 * not after. Stripe's events are larger than forms but far below their own limit.
 */
export const FORM_BODY_LIMIT_BYTES = 64 * 1024;
export const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The studio's upload forms (multipart posts under /studio/) may carry photos (ADR 40): up to
 * 40 MB a request, so one photo of 25 MB (or a 30 MB one, answered 413 by the route with the
 * photo's own message) or several phone photos fit, well under a Worker's 100 MB request limit
 * and its 128 MB of memory (the body is held twice while it is checked and read). The route
 * checks each file's own limit (app/kernel/media/uploads). Only for a request whose session is live
 * and may upload, an editor's or an accountant's (server.ts decides, `uploads`, with
 * hasUploadAllowance in app/kernel/auth/session-standing.ts): anyone else's multipart post gets the
 * form limit, so a signed cookie alone (a signed-out, erased or plain member's) cannot make the
 * Worker hold 40 MB.
 */
export const STUDIO_UPLOAD_BODY_LIMIT_BYTES = 40 * 1024 * 1024;

/** A multipart post under /studio/: the only requests that may carry uploads. */
export const isStudioUpload = (request: Request) =>
  new URL(request.url).pathname.startsWith("/studio/") && (request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data");

function bodyLimit(request: Request, uploads: boolean): number {
  if (uploads && isStudioUpload(request)) return STUDIO_UPLOAD_BODY_LIMIT_BYTES;
  return takesFormBody(request) ? FORM_BODY_LIMIT_BYTES : WEBHOOK_BODY_LIMIT_BYTES;
}

/** Reads what is left of a refused body and throws it away (nothing is kept). */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  try {
    while (!(await reader.read()).done);
  } catch {
    // The client hung up: nothing left to read.
  }
}

/**
 * What to do with the rest of a refused body. "cancel": stop reading (a deployed Worker).
 * "discard": read it to the end and keep nothing, before answering. Only for `wrangler
 * dev` (npm start, the tests): its proxy fails the next request on a connection whose
 * request body the worker left unread ("Your worker restarted mid-request").
 */
export type RefusedBody = "cancel" | "discard";

/** The whole body if it is at most `limit` bytes, else null (nothing past the limit is kept). */
async function readCapped(body: ReadableStream<Uint8Array>, limit: number, refused: RefusedBody): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await (refused === "discard" ? discardRest(reader) : reader.cancel().catch(() => {}));
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export type BodyCheck =
  | { ok: true; request: Request }
  /** 413: larger than the limit; 400: a form that cannot be parsed. */
  | { ok: false; status: 400 | 413 };

/**
 * The request a route may read: its body checked before any route runs. A declared
 * Content-Length over the limit is refused without reading a byte; any other body is
 * read up to the limit and no further (a chunked body declares no length), and is
 * handed on as a new request over those bytes. A form body that cannot be parsed (a
 * multipart body without its boundary, or cut short) is refused too: the route's
 * request.formData() would throw, a 500. `uploads`: the sender's session is live and may
 * upload, so a studio upload may use the upload limit (the route's guard still runs).
 */
export async function checkRequestBody(received: Request, refused: RefusedBody = "cancel", uploads = false): Promise<BodyCheck> {
  const request = isOneClickUnsubscribe(received) ? withoutOrigin(received) : received;
  if (SAFE_METHODS.has(request.method) || request.body === null) return { ok: true, request };
  const limit = bodyLimit(request, uploads);
  const declared = request.headers.get("Content-Length");
  if (declared !== null && !(Number(declared) <= limit)) {
    await (refused === "discard" ? discardRest(request.body.getReader()) : request.body.cancel().catch(() => {}));
    return { ok: false, status: 413 };
  }
  const bytes = await readCapped(request.body, limit, refused);
  if (bytes === null) return { ok: false, status: 413 };
  const checked = new Request(request, { body: bytes });
  if (takesFormBody(request)) {
    try {
      await checked.clone().formData();
    } catch {
      return { ok: false, status: 400 };
    }
  }
  return { ok: true, request: checked };
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * A development build signs sessions with a secret that is in the source code, so
 * it answers only this machine: deployed by mistake, it serves nobody.
 */
export function isLocalRequest(request: Request): boolean {
  return LOOPBACK.has(new URL(request.url).hostname);
}
