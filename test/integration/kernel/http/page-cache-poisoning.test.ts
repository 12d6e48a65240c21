import { describe, expect, inject, it } from "vitest";
import { client } from "../../../support/client";
import { parseHtml } from "../../../support/html";
import { demoAccount, sessionCookieFor } from "../../../support/session";

/**
 * docs/requirements.md §1.12 (docs/security.md, "Personal pages"): the visitors' page cache
 * must never hold a signed-in page, nor a page filed under the other cookie-notice state,
 * whatever the Cookie header looks like. Each case first sends the odd header, then asks as
 * a plain visitor.
 */
const base = () => inject("baseURL");
const member = demoAccount("member");

async function get(path: string, cookie?: string) {
  const response = await client(base()).get(path, { cookie });
  return { response, page: parseHtml(await response.text()) };
}

const accountLinks = (page: ReturnType<typeof parseHtml>) => page.all(".top-bar-account a").map((a) => a.attribs.href);

describe("the page cache and odd Cookie headers", () => {
  it("a session cookie with a space before '=' is a session: its page is private, and visitors never get it", async () => {
    const odd = `__session =${(await sessionCookieFor(member.id)).slice("__session=".length)}`;
    for (const path of ["/mem-account", "/documents", "/event"]) {
      const signedIn = await get(path, odd);
      // Remix reads the session from it: the member's own page, marked private.
      expect(signedIn.response.status, path).toBe(200);
      expect(accountLinks(signedIn.page), path).toContain("/logout");
      expect(signedIn.response.headers.get("Cache-Control"), path).toBe("private, no-store");
      expect(signedIn.response.headers.get("X-Page-Cache"), path).toBeNull();

      const visitor = await get(path);
      expect(accountLinks(visitor.page), path).not.toContain("/logout");
      expect(accountLinks(visitor.page), path).not.toContain("/mem-account");
      if (path !== "/event") expect(visitor.response.status, path).toBe(302);
    }
  });

  it("two consent cookies: the page is filed under the state it was drawn for", async () => {
    // Remix's parser (and so the shell) takes the first: consent given, no notice drawn.
    const doubled = await get("/school", "agreeCookie=true; agreeCookie=false");
    expect(doubled.page.one("section.cookie-notice")).toBeNull();
    // A visitor who has not agreed still sees the notice, from the cache or not.
    for (let i = 0; i < 2; i += 1) {
      const visitor = await get("/school");
      expect(visitor.page.one("section.cookie-notice")).not.toBeNull();
    }
    const reversed = await get("/about", "agreeCookie=false; agreeCookie=true");
    expect(reversed.page.one("section.cookie-notice")).not.toBeNull();
    const agreed = await get("/about", "agreeCookie=true");
    expect(agreed.page.one("section.cookie-notice")).toBeNull();
  });
});
