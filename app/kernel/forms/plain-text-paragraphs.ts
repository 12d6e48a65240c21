/**
 * Rich text typed without JavaScript (docs/requirements.md §7.11): the studio's rich-text field
 * is then a plain textarea, and a volunteer types paragraphs as plain text, separated by blank
 * lines or by single line breaks. HTML ignores line breaks, so the site would show one long
 * line. Before sanitizing, plain text becomes paragraphs: a blank line starts a new <p>, a
 * single line break is a <br>. Text that already is HTML (the editor's, or a pasted page) is
 * left as it is, for the sanitizer. Pure.
 */

/** A tag the rich text could be made of: "<p>", "</strong>", "<br/>", "<a href=…>". Not "a < b" or "<3". */
const TAG = /<\/?[a-z][a-z0-9]*(?:\s[^<>]*)?\/?>/i;

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** "One\n\nTwo\nlines" → "<p>One</p><p>Two<br>lines</p>"; HTML and empty text unchanged. */
export function paragraphsFromPlainText(text: string | null | undefined): string {
  const value = text ?? "";
  if (value.trim() === "" || TAG.test(value)) return value;
  return value
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((paragraph) =>
      paragraph
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line !== "")
        .map(escape)
        .join("<br>"),
    )
    .filter((paragraph) => paragraph !== "")
    .map((paragraph) => `<p>${paragraph}</p>`)
    .join("");
}
