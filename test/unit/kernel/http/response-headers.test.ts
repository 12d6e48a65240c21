import { describe, expect, it } from "vitest";
import {
  actionOrLoaderHeaders,
  loaderHeadersOnly,
  noIndexHeaders,
  noStoreHeaders,
  passRetryAfter,
  privateFileHeaders,
  privateHeaders,
  publicHeaders,
  retryAfterHeaders,
  storeUnavailableHeaders,
} from "~/kernel/http/response-headers";

/** What a page's `headers` export gives Remix, as one Headers. */
const pageHeaders = (fn: typeof loaderHeadersOnly, { loader = {}, action = {} }: { loader?: HeadersInit; action?: HeadersInit } = {}) =>
  Object.fromEntries(
    new Headers(fn({ loaderHeaders: new Headers(loader), actionHeaders: new Headers(action), parentHeaders: new Headers(), errorHeaders: undefined })),
  );

describe("the kit's headers say exactly the words the routes wrote by hand", () => {
  it("private, no-store for one person's answers; no-store for nobody's", () => {
    expect(privateHeaders()).toEqual({ "Cache-Control": "private, no-store" });
    expect(noStoreHeaders()).toEqual({ "Cache-Control": "no-store" });
  });

  it("noindex on top of private, or of whatever cache rule is given", () => {
    expect(noIndexHeaders()).toEqual({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });
    expect(noIndexHeaders(noStoreHeaders())).toEqual({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });
  });

  it("public for a while, or for good", () => {
    expect(publicHeaders(60)).toEqual({ "Cache-Control": "public, max-age=60" });
    expect(publicHeaders(31536000, { immutable: true })).toEqual({ "Cache-Control": "public, max-age=31536000, immutable" });
  });

  it("a private file: its type and disposition, private, nosniff", () => {
    expect(privateFileHeaders("text/csv; charset=utf-8", 'attachment; filename="a.csv"')).toEqual({
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="a.csv"',
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    });
  });

  it("Retry-After in whole seconds; a store outage asks for a minute and is never kept", () => {
    expect(retryAfterHeaders(17)).toEqual({ "Retry-After": "17" });
    expect(storeUnavailableHeaders()).toEqual({ "Retry-After": "60", "Cache-Control": "private, no-store" });
  });

  it("each call is a fresh object: a route that adds to one changes nobody else's", () => {
    const mine = privateHeaders();
    mine["X-Extra"] = "1";
    expect(privateHeaders()).toEqual({ "Cache-Control": "private, no-store" });
  });
});

describe("the kit's headers functions", () => {
  it("passRetryAfter: the action's Retry-After on top of the page's own headers, and nothing else of the action's", () => {
    expect(pageHeaders(passRetryAfter(), { action: { "Retry-After": "30", "X-Other": "no" } })).toEqual({ "retry-after": "30" });
    expect(pageHeaders(passRetryAfter())).toEqual({});
    expect(pageHeaders(passRetryAfter(privateHeaders()), { action: { "Retry-After": "30" } })).toEqual({
      "cache-control": "private, no-store",
      "retry-after": "30",
    });
    expect(pageHeaders(passRetryAfter(privateHeaders()))).toEqual({ "cache-control": "private, no-store" });
  });

  it("loaderHeadersOnly passes the loader's; actionOrLoaderHeaders the action's when it chose a Cache-Control", () => {
    expect(pageHeaders(loaderHeadersOnly, { loader: noIndexHeaders(), action: { "Retry-After": "5" } })).toEqual({
      "cache-control": "private, no-store",
      "x-robots-tag": "noindex",
    });
    expect(pageHeaders(actionOrLoaderHeaders, { loader: privateHeaders(), action: { "Cache-Control": "no-store", "Retry-After": "5" } })).toEqual({
      "cache-control": "no-store",
      "retry-after": "5",
    });
    expect(pageHeaders(actionOrLoaderHeaders, { loader: privateHeaders(), action: { "Retry-After": "5" } })).toEqual({ "cache-control": "private, no-store" });
  });
});
