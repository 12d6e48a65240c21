import { ASSOCIATION } from "./association";

/**
 * The title, description and Open Graph tags of a public page. Its <title> is "Page |
 * Association name", like every page's (private-page-meta.ts; checked for each page by
 * test/integration/whole-site/page-titles.test.ts); written out here so that this chunk, on
 * every public page, does not grow.
 */
export function pageMeta(title: string, description: string, extra: { image?: string | null; type?: string } = {}) {
  return [
    { title: `${title} | ${ASSOCIATION.name}` },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: extra.type ?? "website" },
    { property: "og:site_name", content: ASSOCIATION.name },
    ...(extra.image ? [{ property: "og:image", content: extra.image }] : []),
  ];
}

/** Open Graph wants an absolute image URL. */
export function absoluteUrl(pathOrUrl: string, requestUrl: string): string {
  return new URL(pathOrUrl, requestUrl).href;
}
