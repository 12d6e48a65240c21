import { describe, expect, it } from "vitest";
import { pageCacheKey, servePage } from "~/kernel/http/page-cache.server";
import { PUBLIC_HTML_CACHE_CONTROL } from "~/kernel/http/cache-control.server";
import { createSwrCache, SwrMemory } from "~/kernel/http/swr-cache.server";

const request = (path: string, init: RequestInit = {}) => new Request(`https://mma.example.org${path}`, init);
const key = (path: string, init?: RequestInit) => pageCacheKey(request(path, init), "v1", "agreeCookie");

describe("pageCacheKey: only what every visitor sees alike", () => {
  it("keys by the content version too, so a studio write makes the next request miss (ADR 42)", () => {
    const at = (version: string) => pageCacheKey(request("/contact"), "v1", "agreeCookie", version);
    expect(at("7")).toBe("https://page-cache.invalid/v1/7/no-consent/mma.example.org/contact");
    expect(at("8")).not.toBe(at("7"));
  });

  it("keys a visitor's GET by build, cookie-notice state, host and path", () => {
    expect(key("/blog")).toBe("https://page-cache.invalid/v1/0/no-consent/mma.example.org/blog");
    expect(key("/blog", { headers: { Cookie: "agreeCookie=true; _ga=1" } })).toBe("https://page-cache.invalid/v1/0/consent/mma.example.org/blog");
  });

  it("never keys a session, a toast, a query, a data request, a post or the dev pages", () => {
    expect(key("/blog", { headers: { Cookie: "__session=abc" } })).toBeNull();
    expect(key("/contact", { headers: { Cookie: "agreeCookie=true; __toast=xyz" } })).toBeNull();
    expect(key("/login?redirectTo=/mem-account")).toBeNull();
    expect(key("/blog.data")).toBeNull();
    expect(key("/contact", { method: "POST" })).toBeNull();
    expect(key("/blog", { method: "HEAD" })).toBeNull();
    expect(key("/dev/mail")).toBeNull();
  });

  it("reads cookies as Remix does: a name with spaces around it is still that cookie, and the first of two wins", () => {
    // Remix reads `__session =…` as the session, so the cache must not take it for a visitor.
    expect(key("/mem-account", { headers: { Cookie: "__session =abc" } })).toBeNull();
    expect(key("/mem-account", { headers: { Cookie: "_ga=1;  __session= abc" } })).toBeNull();
    expect(key("/contact", { headers: { Cookie: " __toast =xyz" } })).toBeNull();
    // The shell shows no notice for the first value (true): the page belongs under "consent".
    expect(key("/blog", { headers: { Cookie: "agreeCookie=true; agreeCookie=false" } })).toBe("https://page-cache.invalid/v1/0/consent/mma.example.org/blog");
    expect(key("/blog", { headers: { Cookie: "agreeCookie=false; agreeCookie=true" } })).toBe(
      "https://page-cache.invalid/v1/0/no-consent/mma.example.org/blog",
    );
  });
});

describe("servePage", () => {
  const page =
    (status: number, headers: Record<string, string>, personal = false) =>
    () =>
      Promise.resolve({
        response: new Response(`<p>${status}</p>`, { status, headers: { "Content-Type": "text/html; charset=utf-8", ...headers } }),
        personal,
      });
  const cache = () => createSwrCache({ cache: null, memory: new SwrMemory(), waitUntil: () => {}, freshSeconds: 60, staleSeconds: 600 });

  it("stores a public page and answers the next request from memory", async () => {
    const c = cache();
    let renders = 0;
    const render = () => {
      renders += 1;
      return page(200, { "Cache-Control": PUBLIC_HTML_CACHE_CONTROL })();
    };
    const first = await servePage(c, "k", render);
    const second = await servePage(c, "k", render);
    expect([first.headers.get("X-Page-Cache"), second.headers.get("X-Page-Cache")]).toEqual(["miss", "hit"]);
    expect(await second.text()).toBe("<p>200</p>");
    expect(second.headers.get("Cache-Control")).toBe(PUBLIC_HTML_CACHE_CONTROL);
    expect(renders).toBe(1);
  });

  it("never stores an error, a redirect, a private page or one that sets a cookie", async () => {
    for (const render of [
      page(404, {}),
      page(302, { Location: "/gallery", "Cache-Control": PUBLIC_HTML_CACHE_CONTROL }),
      page(200, { "Cache-Control": "private, no-store" }),
      page(200, { "Cache-Control": PUBLIC_HTML_CACHE_CONTROL, "Set-Cookie": "__toast=; Max-Age=0" }),
      // Public by its headers, but its render read a signed-in member.
      page(200, { "Cache-Control": PUBLIC_HTML_CACHE_CONTROL }, true),
    ]) {
      const c = cache();
      await servePage(c, "k", render);
      expect((await servePage(c, "k", render)).headers.get("X-Page-Cache")).toBe("miss");
    }
  });
});

describe("SwrMemory", () => {
  it("keeps at most its limit, forgetting the oldest first", () => {
    const memory = new SwrMemory(2);
    memory.set("a", { storedAt: 1, value: 1 });
    memory.set("b", { storedAt: 2, value: 2 });
    memory.set("a", { storedAt: 3, value: 3 });
    memory.set("c", { storedAt: 4, value: 4 });
    expect(memory.get("b")).toBeUndefined();
    expect(memory.get("a")?.value).toBe(3);
    expect(memory.get("c")?.value).toBe(4);
  });
});
