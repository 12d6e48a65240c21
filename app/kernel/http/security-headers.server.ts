import {
  contentSecurityPolicy,
  isFramedBySelf,
  NOT_A_PAGE_CONTENT_SECURITY_POLICY,
  originsOf,
  permissionsPolicy,
  trailingInlineScripts,
} from "./security-policy";
import type { AppEnv } from "./env.server";

/**
 * The security headers of every response the Worker sends (docs/decisions/0024). Applied
 * last in server.ts, after the visitors' page cache: a cached page is the same bytes for
 * everyone, so its Content-Security-Policy names its inline scripts by hash, computed
 * here from the HTML being sent, rather than by a per-response nonce.
 */

/** HSTS for a year, subdomains included; only where the site is served over HTTPS (not local development). */
export const HSTS_VALUE = "max-age=31536000; includeSubDomains";

type HeaderEnv = Pick<AppEnv, "isProduction" | "CMS_API_URL" | "CMS_ASSETS_URL" | "STRIPE_API_URL">;

async function sha256Source(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return `sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}`;
}

/** The CSP of this page: its trailing inline scripts hashed, the configured CMS and checkout hosts allowed. */
export async function pageContentSecurityPolicy(html: string, path: string, env: HeaderEnv): Promise<string> {
  const scriptHashes = await Promise.all(trailingInlineScripts(html).map(sha256Source));
  return contentSecurityPolicy({
    path,
    scriptHashes: [...new Set(scriptHashes)],
    mediaOrigins: originsOf([env.CMS_ASSETS_URL, env.CMS_API_URL]),
    checkoutOrigins: originsOf([env.STRIPE_API_URL]),
  });
}

/** The headers every response carries, HTML or not. */
export function applySecurityHeaders(headers: Headers, path: string, env: Pick<AppEnv, "isProduction">): void {
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", isFramedBySelf(path) ? "SAMEORIGIN" : "DENY");
  headers.set("Permissions-Policy", permissionsPolicy(path));
  // Stripe Checkout is a top-level navigation, never a popup: nothing needs our window handle.
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  if (env.isProduction) headers.set("Strict-Transport-Security", HSTS_VALUE);
}

const isHtml = (response: Response) => (response.headers.get("Content-Type") ?? "").toLowerCase().startsWith("text/html");

/**
 * The response as sent: security headers added and a CSP: an HTML page's own, any other
 * answer the policy that allows nothing (set here, on every such answer, so no file route
 * can forget it). The page is read whole to hash its scripts (pages are a few tens of kB;
 * nothing here streams).
 */
export async function secureResponse(response: Response, request: Request, env: HeaderEnv | null): Promise<Response> {
  const path = new URL(request.url).pathname;
  // Without a checked configuration (a broken deployment), assume production: HSTS on.
  const headerEnv = env ?? { isProduction: true };
  if (!isHtml(response)) {
    const secured = new Response(response.body, response);
    applySecurityHeaders(secured.headers, path, headerEnv);
    secured.headers.set("Content-Security-Policy", NOT_A_PAGE_CONTENT_SECURITY_POLICY);
    return secured;
  }
  const html = response.body === null ? null : await response.text();
  const secured = new Response(html, response);
  applySecurityHeaders(secured.headers, path, headerEnv);
  secured.headers.set("Content-Security-Policy", await pageContentSecurityPolicy(html ?? "", path, headerEnv));
  return secured;
}
