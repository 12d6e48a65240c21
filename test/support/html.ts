import { selectAll, selectOne } from "css-select";
import type { AnyNode, Document, Element } from "domhandler";
import { textContent } from "domutils";
import { parseDocument } from "htmlparser2";

/**
 * HTML read as a document, so tests ask for elements by selector rather than matching
 * markup with regular expressions.
 */
export interface ParsedPage {
  document: Document;
  /** Every element the selector matches. */
  all(selector: string): Element[];
  /** The first element the selector matches, or null. */
  one(selector: string): Element | null;
  /** The text of the first match ("" when nothing matches), whitespace collapsed. */
  text(selector: string): string;
}

export const textOf = (node: AnyNode | AnyNode[]): string => textContent(node).replace(/\s+/g, " ").trim();

export function parseHtml(html: string): ParsedPage {
  const document = parseDocument(html);
  return {
    document,
    all: (selector) => selectAll<AnyNode, Element>(selector, document),
    one: (selector) => selectOne<AnyNode, Element>(selector, document),
    text: (selector) => {
      const found = selectOne<AnyNode, Element>(selector, document);
      return found ? textOf(found) : "";
    },
  };
}

/** The text of the form's message (role="alert"), or null when there is none. */
export function formMessage(html: string): string | null {
  const alert = parseHtml(html).one('[role="alert"]');
  return alert ? textOf(alert) : null;
}

/** The text of the document's <title>, or null when it has none. */
export function documentTitle(html: string): string | null {
  const title = parseHtml(html).one("title");
  return title ? textContent(title) : null;
}

export * as DomUtils from "domutils";
