import { describe, expect, it } from "vitest";
import { homeButtonHref } from "~/features/site/home-button";

describe("the home page's booking button", () => {
  const event = "/book-ticket/ev1";
  it("books the event shown, unless the association set the link elsewhere", () => {
    expect(homeButtonHref("", event)).toBe(event);
    expect(homeButtonHref(" /book-ticket ", event)).toBe(event);
    expect(homeButtonHref("https://tickets.example/xmas", event)).toBe("https://tickets.example/xmas");
    expect(homeButtonHref("/contact-us", event)).toBe("/contact-us");
  });
  it("never a link a browser would run, and no button while booking is not open", () => {
    expect(homeButtonHref("javascript:alert(1)", event)).toBe(event);
    expect(homeButtonHref("https://tickets.example/xmas", null)).toBeNull();
  });
});
