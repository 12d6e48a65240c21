import { describe, expect, it } from "vitest";
import { limited, notFound, notFoundPage, refused, storeUnavailable } from "~/kernel/http/answers.server";
import { noIndexHeaders, privateHeaders } from "~/kernel/http/response-headers";

/** What a Remix `data()` answer holds. */
const unwrap = (answer: unknown) => answer as { type: string; data: unknown; init: { status: number; headers?: Record<string, string> } };

describe("notFound", () => {
  it("is the bare 404 the root error boundary draws as the site's page: 'Not Found', no headers unless given", async () => {
    const answer = notFound();
    expect(answer.status).toBe(404);
    expect(await answer.text()).toBe("Not Found");
    expect([...answer.headers.keys()].filter((name) => name !== "content-type")).toEqual([]);
  });

  it("keeps the route's headers and, for a resource route, its own body", async () => {
    const answer = notFound(privateHeaders(), "Document not found");
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await answer.text()).toBe("Document not found");
  });
});

describe("the answers with the route's own page", () => {
  it("notFoundPage and refused: 404 and 403, the page and the headers as given", () => {
    expect(unwrap(notFoundPage({ sheet: null }, privateHeaders()))).toMatchObject({
      data: { sheet: null },
      init: { status: 404, headers: { "Cache-Control": "private, no-store" } },
    });
    expect(unwrap(refused({ formError: "closed" })).init).toEqual({ status: 403, headers: undefined });
  });

  it("limited: 429 with Retry-After in seconds, on top of the route's headers", () => {
    const answer = unwrap(limited({ formError: "Too many" }, 42, noIndexHeaders()));
    expect(answer.data).toEqual({ formError: "Too many" });
    expect(answer.init).toEqual({
      status: 429,
      headers: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex", "Retry-After": "42" },
    });
  });

  it("storeUnavailable: 503, try again in a minute, private whatever the route's headers said", () => {
    const answer = unwrap(storeUnavailable({ formError: "We could not reach our records" }, { "Cache-Control": "public, max-age=60" }));
    expect(answer.init).toEqual({ status: 503, headers: { "Cache-Control": "private, no-store", "Retry-After": "60" } });
  });
});
