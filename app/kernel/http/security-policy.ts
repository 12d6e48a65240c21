/**
 * The browser-side rules every page is sent with (docs/decisions/0024): what a page may
 * load and run (Content-Security-Policy) and which powerful features it may ask for
 * (Permissions-Policy). Pure: the Worker (app/kernel/http/security-headers.server.ts)
 * supplies the hashes of the page's own inline scripts and the configured origins.
 */

/** The door page: the only one that may use the camera and compile the ZXing WebAssembly (ADR 19). */
export const SCANNER_PATH = "/scan-qr-code";

/** Pages that show a stored e-mail in a sandboxed srcdoc frame, which inherits this page's policy. */
const EMAIL_PREVIEW_PATHS = [/^\/dev\/mail\/[^/]+\/?$/, /^\/accounts\/emails\/[^/]+\/?$/];

/** Stripe's hosted checkout: a payment form's POST answers with a redirect there, which Chrome checks against form-action. */
export const STRIPE_CHECKOUT_ORIGIN = "https://checkout.stripe.com";
/** The about/school pages play videos in the privacy-enhanced player (app/features/site/youtube.ts). */
export const YOUTUBE_EMBED_ORIGIN = "https://www.youtube-nocookie.com";

export interface PolicyInput {
  /** The request's path. */
  path: string;
  /** 'sha256-…' sources of the page's own inline scripts (see trailingInlineScripts). */
  scriptHashes: readonly string[];
  /** Where stored images and videos come from besides this site (the Cockpit hosts), as origins. */
  mediaOrigins: readonly string[];
  /** Where a payment form may be redirected to besides this site and Stripe (a Stripe-compatible test API). */
  checkoutOrigins: readonly string[];
}

const normalPath = (path: string) => path.replace(/\/+$/, "") || "/";

/**
 * A studio mailing's screen frames the mailing's own preview page (docs/requirements.md §13.4).
 * Every page may frame this site (frame-src 'self'): after the first page, the site moves between
 * pages without loading a new document, which keeps the first page's policy, so the mailing's
 * screen may be reached from any page. Only the preview may be framed, and only by this site
 * (frame-ancestors here, X-Frame-Options in security-headers.server.ts); every other page refuses.
 */
const MAILING_PREVIEW_PATH = /^\/studio\/mailings\/[^/]+\/preview\/?$/;
export const isFramedBySelf = (path: string) => MAILING_PREVIEW_PATH.test(path);

export const isScannerPath = (path: string) => normalPath(path) === SCANNER_PATH;
const isEmailPreviewPath = (path: string) => EMAIL_PREVIEW_PATHS.some((pattern) => pattern.test(path));

/**
 * The Content-Security-Policy of an HTML page. Scripts: our own files and exactly the
 * inline scripts Remix wrote into this page, by hash; never 'unsafe-inline' or 'unsafe-eval'.
 * Styles: our stylesheet, plus style attributes (React's style prop, the carousel) but no
 * <style> elements: an injected attribute can restyle, not run or load anything.
 */
export function contentSecurityPolicy({ path, scriptHashes, mediaOrigins, checkoutOrigins }: PolicyInput): string {
  const scanner = isScannerPath(path);
  // A mailing's preview is an e-mail drawn as a page: it never runs a script, and `sandbox`
  // gives it an opaque origin, so opened on its own (not in its sandboxed frame) it still cannot
  // act as the site (docs/requirements.md §13.4, ADR 73).
  const preview = isFramedBySelf(path);
  const media = ["'self'", ...unique(mediaOrigins)];
  const directives: [string, ...string[]][] = [
    ["default-src", "'none'"],
    preview ? ["script-src", "'none'"] : ["script-src", "'self'", ...scriptHashes.map((hash) => `'${hash}'`), ...(scanner ? ["'wasm-unsafe-eval'"] : [])],
    ["style-src", "'self'"],
    ["style-src-attr", "'unsafe-inline'"],
    // data: only where an e-mail's inline QR PNG is previewed (app/kernel/email/email.server.ts).
    ["img-src", ...media, ...(isEmailPreviewPath(path) ? ["data:"] : [])],
    ["media-src", ...media],
    ["font-src", "'self'"],
    ["connect-src", "'self'"],
    ["manifest-src", "'self'"],
    ["frame-src", "'self'", YOUTUBE_EMBED_ORIGIN],
    ["form-action", "'self'", STRIPE_CHECKOUT_ORIGIN, ...unique(checkoutOrigins)],
    ["frame-ancestors", isFramedBySelf(path) ? "'self'" : "'none'"],
    ["base-uri", "'none'"],
    ["object-src", "'none'"],
    ...(preview ? [["sandbox"] as [string]] : []),
  ];
  return directives.map((parts) => parts.join(" ")).join("; ");
}

/**
 * The Content-Security-Policy of every answer that is not an HTML page: a file, an export, a
 * JSON download, a redirect, a refusal. None of them needs to load or run anything, so if a
 * browser ever renders one as a document (a stored file opened in its own tab, an SVG, a
 * type sniffed despite nosniff) it may do nothing, and `sandbox` gives it an opaque origin:
 * no access to this site's cookies, storage or pages. The static files get the same policy
 * from public/_headers.
 */
export const NOT_A_PAGE_CONTENT_SECURITY_POLICY = "default-src 'none'; sandbox";

/** Features no page uses, denied to the page and to any frame it embeds. */
const DENIED_FEATURES = [
  "microphone",
  "geolocation",
  "payment",
  "usb",
  "serial",
  "hid",
  "bluetooth",
  "midi",
  "magnetometer",
  "gyroscope",
  "accelerometer",
  "display-capture",
  "browsing-topics",
];

/** The Permissions-Policy: the camera for the scanner page only (its own origin, not frames). */
export function permissionsPolicy(path: string): string {
  return [`camera=${isScannerPath(path) ? "(self)" : "()"}`, ...DENIED_FEATURES.map((feature) => `${feature}=()`)].join(", ");
}

/** Origins (scheme, host, port) of the configured URLs that parse as http(s); others are ignored. */
export function originsOf(urls: ReadonlyArray<string | undefined>): string[] {
  const origins: string[] = [];
  for (const url of urls) {
    if (!url) continue;
    try {
      const parsed = new URL(url);
      if (parsed.protocol === "https:" || parsed.protocol === "http:") origins.push(parsed.origin);
    } catch {
      // Not a URL: nothing to allow.
    }
  }
  return unique(origins);
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/**
 * What may sit between the scripts at the end of a Remix document: preload links, closing
 * tags, React's stream markers and, when a browser (not a bot) is answered as a stream, the
 * late segment React writes after </html>: the suspended boundary's placeholder
 * (`<template id="B:0"></template>`), the segment's hidden wrapper (`<div hidden id="S:0">`
 * around the stream's scripts) and the `$RC(…)` script that moves it into place.
 */
const TAIL_FILLER =
  /^(?:\s|<link\b[^>]*>|<\/body\s*>|<\/html\s*>|<!--[^>]{0,8}-->|<template id="B:[0-9a-f]+"><\/template>|<div hidden id="S:[0-9a-f]+">|<\/div>)*$/i;

/**
 * The bodies of the inline scripts in the document's closing run of scripts: what
 * <ScrollRestoration/> and <Scripts/> write after the page's content (the context, the
 * module bootstrap, the streamed loader data). A script anywhere before the end (one
 * smuggled into content past the sanitizer, say) is followed by content and is not
 * trusted, so hashing the page never allows an injected script.
 */
export function trailingInlineScripts(html: string): string[] {
  const scripts = [...html.matchAll(SCRIPT)];
  const trusted: string[] = [];
  let next = html.length;
  for (let i = scripts.length - 1; i >= 0; i--) {
    const match = scripts[i]!;
    const end = match.index + match[0].length;
    if (!TAIL_FILLER.test(html.slice(end, next))) break;
    next = match.index;
    if (/\bsrc\s*=/i.test(match[1]!)) continue;
    trusted.unshift(match[2]!);
  }
  return trusted;
}
