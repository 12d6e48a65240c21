import { ASSOCIATION } from "./association";

/** Every page's <title>: "Page | Association name" (test/integration/http/page-titles.test.ts checks each page). */
export function pageTitle(title: string): string {
  return `${title} | ${ASSOCIATION.name}`;
}

/** The title, description and Open Graph tags of a page. */
export function pageMeta(title: string, description: string, extra: { image?: string | null; type?: string } = {}) {
  return [
    { title: pageTitle(title) },
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
