import { ASSOCIATION } from "./association";

/** Every page's <title>: "Page | Association name" (test/integration/whole-site/page-titles.test.ts checks each page). */
export function pageTitle(title: string): string {
  return `${title} | ${ASSOCIATION.name}`;
}

/**
 * A page for one person or the back office (a payment, a ticket, a dashboard): its title,
 * "Page | Association name", and kept out of search engines. Its own module, so the
 * public pages' shared chunk (page-meta) does not carry it.
 */
export function privatePageMeta(title: string) {
  return [{ title: pageTitle(title) }, { name: "robots", content: "noindex" }];
}
