import { describe, expect, it } from "vitest";
import { contentLink } from "~/features/site/content-link";

const SITE = "https://www.example.org";

describe("contentLink", () => {
  it.each([
    ["/book-ticket", { href: "/book-ticket", external: false }],
    ["https://www.example.org/blog", { href: "https://www.example.org/blog", external: false }],
    ["https://tickets.example.com/party", { href: "https://tickets.example.com/party", external: true }],
    ["http://www.example.org/blog", { href: "http://www.example.org/blog", external: true }],
    ["mailto:info@example.org", { href: "mailto:info@example.org", external: false }],
    ["tel:+441614960000", { href: "tel:+441614960000", external: false }],
  ])("links %j", (url, expected) => expect(contentLink(url, SITE)).toEqual(expected));

  it("compares with the site's origin, not its host name only", () => {
    expect(contentLink("http://localhost:8787/blog", "http://localhost:8787")?.external).toBe(false);
    expect(contentLink("http://localhost:9999/blog", "http://localhost:8787")?.external).toBe(true);
  });

  it.each([["javascript:alert(1)"], ["data:text/html,x"], ["//evil.example"], [""], [null], [undefined]])("gives no link for %j", (url) =>
    expect(contentLink(url, SITE)).toBeNull(),
  );
});
