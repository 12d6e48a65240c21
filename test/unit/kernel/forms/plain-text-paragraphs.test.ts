import { describe, expect, it } from "vitest";
import { paragraphsFromPlainText } from "~/kernel/forms/plain-text-paragraphs";

/** Rich text typed without JavaScript keeps its paragraphs (docs/requirements.md §7.11). */
describe("paragraphsFromPlainText", () => {
  it("makes blank-line separated text paragraphs, and single line breaks <br>", () => {
    expect(paragraphsFromPlainText("First paragraph.\n\nSecond, with\na line break.")).toBe("<p>First paragraph.</p><p>Second, with<br>a line break.</p>");
    expect(paragraphsFromPlainText("One\r\n\r\n\r\nTwo\r\n")).toBe("<p>One</p><p>Two</p>");
    expect(paragraphsFromPlainText("Line one\nLine two")).toBe("<p>Line one<br>Line two</p>");
    expect(paragraphsFromPlainText("  \n Only one \n\n  \n")).toBe("<p>Only one</p>");
  });

  it("escapes what would read as markup in plain text", () => {
    expect(paragraphsFromPlainText("Fish & chips for < £5 <3")).toBe("<p>Fish &amp; chips for &lt; £5 &lt;3</p>");
  });

  it("leaves HTML (the editor's, or pasted) and empty text to the sanitizer", () => {
    for (const html of ["<p>One</p>\n\n<p>Two</p>", "Some <strong>bold</strong>\n\nwords", "a<br/>b", '<a href="x">x</a>'])
      expect(paragraphsFromPlainText(html)).toBe(html);
    expect(paragraphsFromPlainText("")).toBe("");
    expect(paragraphsFromPlainText(undefined)).toBe("");
  });
});
