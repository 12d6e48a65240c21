/**
 * A link target that came from content (CMS settings, records) is rendered only
 * if it is a web page, an e-mail or phone link, or a path on this site: never
 * `javascript:`, `data:` or anything else a browser would run.
 */
export function safeHref(href: string | null | undefined): string | null {
  const value = href?.trim();
  if (!value) return null;
  if (value.startsWith("/") && !value.startsWith("//") && !value.includes("\\")) return value;
  try {
    const url = new URL(value);
    return ["https:", "http:", "mailto:", "tel:"].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}
