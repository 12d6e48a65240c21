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

/** Headers every response of ours carries. The full CSP comes with the hardening work. */
export function applySecurityHeaders(headers: Headers): void {
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * A development build signs sessions with a secret that is in the source code, so
 * it answers only this machine: deployed by mistake, it serves nobody.
 */
export function isLocalRequest(request: Request): boolean {
  return LOOPBACK.has(new URL(request.url).hostname);
}
