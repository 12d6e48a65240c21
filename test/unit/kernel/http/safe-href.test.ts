import { describe, expect, it } from "vitest";
import { safeHref } from "~/kernel/http/safe-href";

describe("safeHref", () => {
  it.each([
    ["https://www.facebook.com/group", "https://www.facebook.com/group"],
    ["http://example.org", "http://example.org/"],
    ["mailto:info@example.org", "mailto:info@example.org"],
    ["tel:+441614960000", "tel:+441614960000"],
    ["/book-ticket", "/book-ticket"],
    [" /blog ", "/blog"],
  ])("keeps %j", (input, expected) => expect(safeHref(input)).toBe(expected));

  it.each([
    ["javascript:alert(1)"],
    [" JaVaScRiPt:alert(1)"],
    ["data:text/html,<script>1</script>"],
    ["vbscript:x"],
    ["//evil.example"],
    ["/\\evil"],
    [""],
    [null],
    ["not a url"],
  ])("drops %j", (input) => expect(safeHref(input)).toBeNull());
});
