import { toPlainText } from "@react-email/components";

/**
 * Marks an element whose text is a label for what follows it on the same line (a table
 * row's first cell: "Adult" | "Arun Joseph"). In HTML the columns separate them; in the
 * plain-text part they would run together ("AdultArun Joseph"), so the text gets ": ".
 */
export const TEXT_LABEL = { "data-text-label": "true" } as const;

/** Marks HTML-only help ("If the button does not work…"): the text part already shows the link itself. */
export const HTML_ONLY = { "data-skip-in-text": "true" } as const;

/** The part of html-to-text's formatter interface used here (its types are not installed). */
interface Element {
  children: unknown[];
}
type Walk = (nodes: unknown[], builder: Builder) => void;
interface Builder {
  addInline(text: string): void;
}

const labelThenColon = (element: Element, walk: Walk, builder: Builder) => {
  walk(element.children, builder);
  builder.addInline(": ");
};

/**
 * The plain-text part of every e-mail, from its rendered HTML: react-email's conversion,
 * plus labels followed by ": ", and headings kept as written (html-to-text shouts them in
 * capitals by default, which also changes event titles and names).
 */
export function emailPlainText(html: string): string {
  return toPlainText(html, {
    formatters: { labelThenColon },
    selectors: [
      { selector: "[data-text-label=true]", format: "labelThenColon" },
      { selector: "h1", options: { uppercase: false } },
      { selector: "h2", options: { uppercase: false } },
    ],
  });
}
