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

/** Selectors asked inside part of a page (an element already found, say one row or card). */
export function within(scope: AnyNode | AnyNode[]): Omit<ParsedPage, "document"> {
  return {
    all: (selector) => selectAll<AnyNode, Element>(selector, scope),
    one: (selector) => selectOne<AnyNode, Element>(selector, scope),
    text: (selector) => {
      const found = selectOne<AnyNode, Element>(selector, scope);
      return found ? textOf(found) : "";
    },
  };
}

export function parseHtml(html: string): ParsedPage {
  const document = parseDocument(html);
  return { document, ...within(document) };
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

/**
 * The page's text as a reader sees it, to match sentences across elements: every element's
 * start and end read as a space (so a label and its value, or a row's cells, stay apart),
 * comments are dropped (React's `<!-- -->` between two texts joins them), character
 * references are decoded and whitespace is collapsed. Scripts and styles are left out
 * unless `scripts` asks for them. Given an element already found, the text of that element.
 */
export function pageText(html: string | AnyNode, options: { scripts?: boolean } = {}): string {
  const parts: string[] = [];
  const walk = (node: AnyNode) => {
    if (node.type === "text") parts.push(node.data);
    else if (node.type === "tag" || node.type === "script" || node.type === "style" || node.type === "root") {
      const element = node as Element;
      if (node.type !== "root" && !options.scripts && (element.name === "script" || element.name === "style")) return void parts.push(" ");
      parts.push(" ");
      for (const child of element.children) walk(child);
      parts.push(" ");
    }
  };
  walk(typeof html === "string" ? parseDocument(html) : html);
  return parts.join("").replace(/\s+/g, " ");
}

/** The value of the form control named `name` (an input's value attribute), or null when there is none. */
export function fieldValue(html: string, name: string): string | null {
  return parseHtml(html).one(`input[name="${name}"]`)?.attribs.value ?? null;
}

/** The value of the option a <select name=…> shows as chosen, or null. */
export function selectedOption(html: string, name: string): string | null {
  return parseHtml(html).one(`select[name="${name}"] option[selected]`)?.attribs.value ?? null;
}

/** An attribute of the first element the selector matches, or null. */
export function attributeOf(html: string, selector: string, name: string): string | null {
  return parseHtml(html).one(selector)?.attribs[name] ?? null;
}

/** The content of a <meta name=…> or <meta property=…>, or undefined when the page has none. */
export function metaContent(html: string, key: string): string | undefined {
  return parseHtml(html).one(`meta[name="${key}"], meta[property="${key}"]`)?.attribs.content;
}

/** The text of the element with this id, or undefined when there is none (a field's error: `#signup-email-error`). */
export function textOfId(html: string, id: string): string | undefined {
  const found = parseHtml(html).one(`#${id}`);
  return found ? textOf(found) : undefined;
}

/** The fields' error messages (`p.field-error`), in page order, as [id, text]. */
export function fieldErrors(html: string): Array<[string, string]> {
  return parseHtml(html)
    .all("p.field-error")
    .map((error) => [error.attribs.id ?? "", textOf(error)]);
}

/** The texts of the page's links to `href`, in page order. */
export function linkTexts(html: string, href: string): string[] {
  return parseHtml(html).all(`a[href="${href}"]`).map(textOf);
}
