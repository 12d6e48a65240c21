import { DomUtils, parseDocument } from "htmlparser2";

/** A page's HTML, parsed (entities decoded), for tests that read what the browser would. */
export function parseHtml(html: string) {
  return parseDocument(html);
}

/** The text of the document's <title>, or null when it has none. */
export function documentTitle(html: string): string | null {
  const title = DomUtils.findOne((element) => element.name === "title", parseHtml(html).children, true);
  return title ? DomUtils.textContent(title) : null;
}

export { DomUtils };
