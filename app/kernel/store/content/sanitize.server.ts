import sanitizeHtml from "sanitize-html";
import { linkAddress } from "../../forms/link-address";

/**
 * Rich text from the CMS (descriptions, excerpts, news, history) is rendered as
 * HTML, so it is cleaned first (docs/requirements.md §11.6): an allow-list of
 * formatting tags, links only to web pages, e-mail and phone, images only from
 * http(s) or our own paths. Scripts, styles, event handlers and `javascript:`
 * URLs never reach the page.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "hr",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "small",
    "sub",
    "sup",
    "mark",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "blockquote",
    "ul",
    "ol",
    "li",
    "a",
    "img",
    "span",
    "div",
    "figure",
    "figcaption",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "caption",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "width", "height", "loading"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  // Headings inside content sit below the page's own h1.
  transformTags: {
    h1: "h2",
    a: (tagName, attribs) => {
      // A link is what the studio's link dialog accepts (one rule, link-address.ts): "www.example.org/x"
      // becomes https://, anything that cannot be a link loses its href (its words stay).
      const kept = Object.fromEntries(
        Object.entries(attribs).flatMap(([name, value]) => {
          if (name !== "href") return [[name, value]];
          const link = linkAddress(value);
          return link.ok ? [[name, link.href]] : [];
        }),
      );
      if (kept.target === "_blank") return { tagName, attribs: { ...kept, rel: "noopener noreferrer" } };
      const { target: _target, ...rest } = kept;
      return { tagName, attribs: rest };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy" } }),
  },
  disallowedTagsMode: "discard",
};

export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return "";
  return sanitizeHtml(html, OPTIONS).trim();
}
