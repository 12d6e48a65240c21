import { safeHref } from "~/kernel/http/safe-href";

export interface ContentLink {
  href: string;
  /** An http(s) page on another site: opened in a new tab. */
  external: boolean;
}

/**
 * A link from a content record (an event's url): rendered only if `safeHref`
 * allows it, and marked external when it is an absolute http(s) URL on another
 * origin than the site's. Paths, e-mail and phone links open in the same tab.
 */
export function contentLink(url: string | null | undefined, siteOrigin: string): ContentLink | null {
  const href = safeHref(url);
  if (!href) return null;
  return { href, external: isOtherSite(href, siteOrigin) };
}

function isOtherSite(href: string, siteOrigin: string): boolean {
  if (href.startsWith("/")) return false;
  const url = new URL(href);
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  try {
    return url.origin !== new URL(siteOrigin).origin;
  } catch {
    return true;
  }
}
