const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * State-changing requests must come from our own pages (ARCHITECTURE.md point 8).
 * Browsers send Origin on every POST and Sec-Fetch-Site on modern engines; a
 * request that carries neither (a server such as Stripe's webhook) is not a
 * browser acting on a member's cookies, and is left to its own verification.
 */
export function isCrossSiteMutation(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite === "cross-site" || fetchSite === "same-site") return true;
  const origin = request.headers.get("Origin");
  if (origin === null) return false;
  return origin !== new URL(request.url).origin;
}

/** The bodies our actions read (request.formData()): what HTML forms and Remix's <Form>, useSubmit and fetchers send. */
const FORM_MEDIA_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
/** Paths that take other bodies and verify them themselves: Stripe's webhook (JSON, signed). */
const OWN_BODY_PATHS = new Set(["/webhooks/stripe"]);

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
 * A form body that cannot be parsed (a multipart body without its boundary, or cut
 * short): reads a copy, so the route still gets the original. Small bodies only here.
 */
export async function isUnreadableForm(request: Request): Promise<boolean> {
  if (!takesFormBody(request)) return false;
  try {
    await request.clone().formData();
    return false;
  } catch {
    return true;
  }
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * A development build signs sessions with a secret that is in the source code, so
 * it answers only this machine: deployed by mistake, it serves nobody.
 */
export function isLocalRequest(request: Request): boolean {
  return LOOPBACK.has(new URL(request.url).hostname);
}
