import { describe, expect, it } from "vitest";
import { LINK_MESSAGES, linkAddress } from "~/kernel/forms/link-address";
import { sanitizeRichText } from "~/kernel/store/content/sanitize.server";

/** The one rule for a link in rich text (docs/requirements.md §7.11): the studio's link dialog and the sanitizer share it. */
describe("linkAddress", () => {
  it("makes an address typed as on a leaflet a full link", () => {
    expect(linkAddress("www.manchester.gov.uk/bins-and-recycling")).toEqual({ ok: true, href: "https://www.manchester.gov.uk/bins-and-recycling" });
    expect(linkAddress("  manchester.gov.uk ")).toEqual({ ok: true, href: "https://manchester.gov.uk" });
    expect(linkAddress("example.org:8080/x?y=1#z")).toEqual({ ok: true, href: "https://example.org:8080/x?y=1#z" });
    expect(linkAddress("//example.org/page")).toEqual({ ok: true, href: "https://example.org/page" });
    expect(linkAddress("info@example.org")).toEqual({ ok: true, href: "mailto:info@example.org" });
    expect(linkAddress("0161 234 5678")).toEqual({ ok: true, href: "tel:01612345678" });
    expect(linkAddress("+44 (0)161 234-5678")).toEqual({ ok: true, href: "tel:+4401612345678" });
  });

  it("keeps full links and this site's own pages as they are", () => {
    for (const href of ["https://example.org/a", "http://example.org", "mailto:a@example.org", "tel:+441612345678", "/contact", "/blog-details/abc", "#top"])
      expect(linkAddress(href)).toEqual({ ok: true, href });
  });

  it("refuses only what cannot be a link, with a message", () => {
    expect(linkAddress("javascript:alert(1)")).toEqual({ ok: false, message: LINK_MESSAGES.scheme });
    expect(linkAddress("data:text/html,hi")).toEqual({ ok: false, message: LINK_MESSAGES.scheme });
    expect(linkAddress("ftp://example.org")).toEqual({ ok: false, message: LINK_MESSAGES.scheme });
    for (const typed of ["", "   ", "hello world", "manchester", "https://nohost", "mailto:nobody", "see our page"])
      expect(linkAddress(typed)).toEqual({ ok: false, message: LINK_MESSAGES.notALink });
  });
});

describe("the sanitizer keeps what the link dialog accepts", () => {
  it("stores www. links as https:// and drops the href of what is not a link (the words stay)", () => {
    expect(sanitizeRichText('<p><a href="www.manchester.gov.uk/bins">Bins</a></p>')).toBe('<p><a href="https://www.manchester.gov.uk/bins">Bins</a></p>');
    expect(sanitizeRichText('<a href="info@example.org">Mail</a>')).toBe('<a href="mailto:info@example.org">Mail</a>');
    expect(sanitizeRichText('<a href="not a link">Words</a>')).toBe("<a>Words</a>");
    expect(sanitizeRichText('<a href="javascript:alert(1)">X</a>')).toBe("<a>X</a>");
    expect(sanitizeRichText('<a href="/contact">Contact</a>')).toBe('<a href="/contact">Contact</a>');
  });
});
