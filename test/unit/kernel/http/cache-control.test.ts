import { describe, expect, it } from "vitest";
import { applyDocumentCacheControl, PUBLIC_HTML_CACHE_CONTROL } from "~/kernel/http/cache-control.server";
import { PRIVATE_CACHE_CONTROL } from "~/kernel/http/response-headers";

const decide = (cookie: string | null, { renderReadUser = false, chosen }: { renderReadUser?: boolean; chosen?: string } = {}) => {
  const headers = new Headers(chosen ? { "Cache-Control": chosen } : {});
  const request = new Request("https://mma.example.org/event", { headers: cookie ? { Cookie: cookie } : {} });
  applyDocumentCacheControl(request, 200, headers, { sessionCookieName: "__session", renderReadUser });
  return headers.get("Cache-Control");
};

describe("applyDocumentCacheControl", () => {
  it("a visitor's page is public", () => {
    expect(decide(null)).toBe(PUBLIC_HTML_CACHE_CONTROL);
    expect(decide("agreeCookie=true")).toBe(PUBLIC_HTML_CACHE_CONTROL);
  });

  it("a session cookie, however it is spaced, makes the page private", () => {
    expect(decide("__session=abc")).toBe(PRIVATE_CACHE_CONTROL);
    expect(decide("__session =abc")).toBe(PRIVATE_CACHE_CONTROL);
    expect(decide("a=1;__session= abc")).toBe(PRIVATE_CACHE_CONTROL);
  });

  it("a render that read a signed-in member is never stored, even if its route chose public caching", () => {
    expect(decide(null, { renderReadUser: true })).toBe(PRIVATE_CACHE_CONTROL);
    expect(decide(null, { renderReadUser: true, chosen: PUBLIC_HTML_CACHE_CONTROL })).toBe(PRIVATE_CACHE_CONTROL);
    expect(decide(null, { renderReadUser: true, chosen: "no-store" })).toBe("no-store");
  });
});
