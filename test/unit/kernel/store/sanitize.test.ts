import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "~/kernel/store/content/sanitize.server";

describe("sanitizeRichText", () => {
  it("keeps formatting, lists, links and images", () => {
    const html =
      '<h2>Title</h2><p><strong>Bold</strong> <em>it</em></p><ul><li>One</li></ul><a href="https://example.org/">Link</a><a href="mailto:a@example.org">Mail</a><a href="/contact">Local</a>';
    expect(sanitizeRichText(html)).toBe(html);
    expect(sanitizeRichText('<img src="https://example.org/a.png" alt="A">')).toBe('<img src="https://example.org/a.png" alt="A" loading="lazy" />');
  });

  it("removes scripts, styles, frames, event handlers and javascript: URLs", () => {
    const dirty =
      '<script>alert(1)</script><style>p{}</style><iframe src="https://evil.example"></iframe>' +
      '<p onclick="alert(2)" style="color:red">Text</p><img src="x" onerror="alert(3)">' +
      '<a href="javascript:alert(4)">A</a><a href="jAvAsCrIpT:alert(5)">B</a><a href="data:text/html,<script>alert(6)</script>">C</a>' +
      "<svg><script>alert(7)</script></svg><object data=x></object>";
    const clean = sanitizeRichText(dirty);
    // The image stays (a relative path is harmless); its handler does not.
    expect(clean).toBe('<p>Text</p><img src="x" loading="lazy" /><a>A</a><a>B</a><a>C</a>');
  });

  it("adds rel=noopener to links opening a new tab, and drops other targets", () => {
    expect(sanitizeRichText('<a href="https://example.org/" target="_blank">x</a>')).toBe(
      '<a href="https://example.org/" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText('<a href="https://example.org/" target="top">x</a>')).toBe('<a href="https://example.org/">x</a>');
  });

  it("demotes h1 below the page's own heading and treats empty input as empty", () => {
    expect(sanitizeRichText("<h1>Big</h1>")).toBe("<h2>Big</h2>");
    expect(sanitizeRichText(null)).toBe("");
    expect(sanitizeRichText("")).toBe("");
  });
});
