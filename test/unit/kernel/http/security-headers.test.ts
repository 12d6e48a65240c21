import type { AppLoadContext } from "@remix-run/cloudflare";
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, originsOf, permissionsPolicy, trailingInlineScripts } from "~/kernel/http/security-policy";
import { action as consentAction } from "~/features/site/routes/cookie-consent";
import { HSTS_VALUE, secureResponse } from "~/kernel/http/security-headers.server";
import { redirectWithToast } from "~/kernel/http/toast.server";

/** The directives of a policy, by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
}

const page = (content: string, tail: string) => `<!DOCTYPE html><html><head></head><body><main>${content}</main>${tail}</body></html>`;
const REMIX_TAIL =
  '<script>((KEY) => {})("k")</script><link rel="modulepreload" href="/assets/a.js"/><script>window.__remixContext = {};</script>' +
  '<script type="module" async="">import "/assets/a.js";</script>';

describe("trailingInlineScripts", () => {
  it("takes the inline scripts Remix writes after the content, with the stream's scripts after </html>", () => {
    const html = `${page("<p>Hi</p>", REMIX_TAIL)}<!--$--><script>window.__remixContext.streamController.close();</script><!--/$-->`;
    expect(trailingInlineScripts(html)).toEqual([
      '((KEY) => {})("k")',
      "window.__remixContext = {};",
      'import "/assets/a.js";',
      "window.__remixContext.streamController.close();",
    ]);
  });

  it("takes the late segment React streams to a browser after </html>: its scripts and the $RC script that places it", () => {
    // Exactly what the worker sent to Lighthouse 13's Chrome (a browser's user agent, so streamed, not rendered whole):
    // the stream's close() was still pending when the shell went out, so it follows in a hidden segment.
    const rc =
      'function $RC(a,b){a=document.getElementById(a);b=document.getElementById(b);b.parentNode.removeChild(b);if(a){a=a.previousSibling;var f=a.parentNode,c=a.nextSibling,e=0;do{if(c&&8===c.nodeType){var d=c.data;if("/$"===d)if(0===e)break;else e--;else"$"!==d&&"$?"!==d&&"$!"!==d||e++}d=c.nextSibling;f.removeChild(c);c=d}while(c);for(;b.firstChild;)f.insertBefore(b.firstChild,c);a.data="$";a._reactRetry&&a._reactRetry()}};$RC("B:0","S:0")';
    const html =
      page("<p>Hi</p>", REMIX_TAIL) +
      '<!--$--><script>window.__remixContext.streamController.enqueue("[]");</script><!--$?--><template id="B:0"></template><!--/$--><!--/$-->' +
      `<div hidden id="S:0"><script>window.__remixContext.streamController.close();</script></div><script>${rc}</script>`;
    expect(trailingInlineScripts(html)).toEqual([
      '((KEY) => {})("k")',
      "window.__remixContext = {};",
      'import "/assets/a.js";',
      'window.__remixContext.streamController.enqueue("[]");',
      "window.__remixContext.streamController.close();",
      rc,
    ]);
  });

  it("does not trust a script that sits inside the content (one smuggled past the sanitizer)", () => {
    const html = page("<div><script>alert(1)</script></div><p>after</p>", REMIX_TAIL);
    expect(trailingInlineScripts(html)).not.toContain("alert(1)");
    expect(trailingInlineScripts(html)).toHaveLength(3);
  });

  it("does not trust a script in a hidden div inside the content, however it imitates a React segment", () => {
    const html = page('<div hidden id="S:0"><script>alert(1)</script></div><p>after</p>', REMIX_TAIL);
    expect(trailingInlineScripts(html)).not.toContain("alert(1)");
  });

  it("skips external scripts and finds none in a page without scripts", () => {
    expect(trailingInlineScripts(page("<p>x</p>", '<script src="/assets/x.js"></script>'))).toEqual([]);
    expect(trailingInlineScripts("plain text")).toEqual([]);
  });
});

describe("contentSecurityPolicy", () => {
  const base = { scriptHashes: ["sha256-abc="], mediaOrigins: [], checkoutOrigins: [] };

  it("allows our own files and the hashed inline scripts, never inline or eval'd code", () => {
    const policy = directives(contentSecurityPolicy({ ...base, path: "/" }));
    expect(policy.get("default-src")).toEqual(["'none'"]);
    expect(policy.get("script-src")).toEqual(["'self'", "'sha256-abc='"]);
    expect(policy.get("style-src")).toEqual(["'self'"]);
    expect(policy.get("style-src-attr")).toEqual(["'unsafe-inline'"]);
    expect(policy.get("img-src")).toEqual(["'self'"]);
    expect(policy.get("connect-src")).toEqual(["'self'"]);
    expect(policy.get("frame-src")).toEqual(["'self'", "https://www.youtube-nocookie.com"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("form-action")).toEqual(["'self'", "https://checkout.stripe.com"]);
    expect(contentSecurityPolicy({ ...base, path: "/" })).not.toMatch(/unsafe-eval|wasm-unsafe-eval|script-src[^;]*unsafe-inline/);
  });

  it("lets only this site frame a mailing's preview, and no other page be framed (docs/requirements.md §13.4)", () => {
    const policyOf = (path: string) => directives(contentSecurityPolicy({ ...base, path }));
    expect(policyOf("/studio/mailings/abc/preview").get("frame-ancestors")).toEqual(["'self'"]);
    for (const path of ["/studio/mailings", "/studio/mailings/abc", "/studio/mailings/abc/report", "/studio/news/abc", "/", "/preview"]) {
      expect(policyOf(path).get("frame-ancestors"), path).toEqual(["'none'"]);
    }
  });

  it("sandboxes a mailing's preview and lets it run no script, so opened on its own it cannot act as the site (docs/requirements.md §13.4)", () => {
    const policyOf = (path: string) => directives(contentSecurityPolicy({ ...base, path, scriptHashes: ["sha256-abc"] }));
    for (const path of ["/studio/mailings/abc/preview", "/studio/mailings/abc/preview/"]) {
      expect(policyOf(path).get("script-src"), path).toEqual(["'none'"]);
      expect(policyOf(path).has("sandbox"), path).toBe(true);
    }
    for (const path of ["/studio/mailings/abc", "/studio/mailings/abc/report", "/"]) {
      expect(policyOf(path).has("sandbox"), path).toBe(false);
      expect(policyOf(path).get("script-src"), path).toContain("'sha256-abc'");
    }
  });

  it("lets only the scanner page compile WebAssembly", () => {
    expect(directives(contentSecurityPolicy({ ...base, path: "/scan-qr-code" })).get("script-src")).toContain("'wasm-unsafe-eval'");
    expect(directives(contentSecurityPolicy({ ...base, path: "/scan-qr-code/" })).get("script-src")).toContain("'wasm-unsafe-eval'");
    expect(directives(contentSecurityPolicy({ ...base, path: "/scan-qr-code-x" })).get("script-src")).not.toContain("'wasm-unsafe-eval'");
  });

  it("allows data: images only on the e-mail previews (the inline QR PNG)", () => {
    for (const path of ["/dev/mail/abc", "/accounts/emails/abc"]) {
      expect(directives(contentSecurityPolicy({ ...base, path })).get("img-src"), path).toContain("data:");
    }
    for (const path of ["/dev/mail", "/accounts/emails", "/mem-account"]) {
      expect(directives(contentSecurityPolicy({ ...base, path })).get("img-src"), path).not.toContain("data:");
    }
  });

  it("adds the configured CMS hosts for images and video, and a Stripe-compatible checkout host to form-action", () => {
    const policy = directives(contentSecurityPolicy({ ...base, path: "/", mediaOrigins: ["https://cms.example"], checkoutOrigins: ["http://127.0.0.1:9999"] }));
    expect(policy.get("img-src")).toEqual(["'self'", "https://cms.example"]);
    expect(policy.get("media-src")).toEqual(["'self'", "https://cms.example"]);
    expect(policy.get("form-action")).toEqual(["'self'", "https://checkout.stripe.com", "http://127.0.0.1:9999"]);
  });
});

describe("originsOf", () => {
  it("keeps the origins of http(s) URLs, once each, and ignores anything else", () => {
    expect(originsOf(["https://cms.example/storage/uploads", "https://cms.example/api", undefined, "javascript:alert(1)", "not a url"])).toEqual([
      "https://cms.example",
    ]);
  });
});

describe("permissionsPolicy", () => {
  it("grants the camera to the scanner page only, and denies the rest everywhere", () => {
    expect(permissionsPolicy("/scan-qr-code")).toMatch(/(^|, )camera=\(self\)/);
    for (const path of ["/", "/mem-account", "/scan-qr-codes"]) expect(permissionsPolicy(path), path).toMatch(/(^|, )camera=\(\)/);
    for (const feature of ["microphone", "geolocation", "payment"]) expect(permissionsPolicy("/scan-qr-code")).toContain(`${feature}=()`);
  });
});

describe("secureResponse", () => {
  const request = new Request("https://mma.example/news");
  const html = page("<p>x</p>", "<script>window.__remixContext = {};</script>");

  it("hashes the page's inline script exactly as the browser does (SHA-256 of its text, base64)", async () => {
    const response = await secureResponse(new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } }), request, { isProduction: false });
    const expected = createHash("sha256").update("window.__remixContext = {};").digest("base64");
    expect(response.headers.get("Content-Security-Policy")).toContain(`'sha256-${expected}'`);
    expect(await response.text()).toBe(html);
  });

  it("sends the baseline headers on every response, HTML or not, and HSTS only in production", async () => {
    const local = await secureResponse(new Response("{}", { headers: { "Content-Type": "application/json" } }), request, { isProduction: false });
    expect(local.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(local.headers.get("X-Frame-Options")).toBe("DENY");
    expect(local.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(local.headers.get("Permissions-Policy")).toContain("camera=()");
    expect(local.headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
    expect(local.headers.get("Strict-Transport-Security")).toBeNull();

    const deployed = await secureResponse(new Response("x"), request, { isProduction: true });
    expect(deployed.headers.get("Strict-Transport-Security")).toBe(HSTS_VALUE);
    expect(HSTS_VALUE).toMatch(/max-age=(\d+); includeSubDomains/);
    expect(Number(/max-age=(\d+)/.exec(HSTS_VALUE)![1])).toBeGreaterThanOrEqual(365 * 24 * 3600);
    // A broken configuration is treated as production.
    expect((await secureResponse(new Response("x"), request, null)).headers.get("Strict-Transport-Security")).toBe(HSTS_VALUE);
  });

  it("gives every answer that is not an HTML page a policy that lets it load and run nothing, even opened on its own", async () => {
    const answers = [
      new Response("{}", { headers: { "Content-Type": "application/json" } }),
      new Response("a,b", { headers: { "Content-Type": "text/csv; charset=utf-8" } }),
      new Response("%PDF-", { headers: { "Content-Type": "application/pdf" } }),
      new Response("<svg/>", { headers: { "Content-Type": "image/svg+xml" } }),
      new Response("x", { headers: { "Content-Type": "text/plain; charset=utf-8" } }),
      new Response("x", { headers: { "Content-Type": "application/xhtml+xml" } }),
      new Response("no type"),
      new Response(null, { status: 302, headers: { Location: "/x" } }),
    ];
    for (const answer of answers) {
      const label = `${answer.status} ${answer.headers.get("Content-Type")}`;
      const secured = await secureResponse(answer, request, { isProduction: false });
      expect(secured.headers.get("Content-Security-Policy"), label).toBe("default-src 'none'; sandbox");
    }
    // A page keeps its own policy (hashes and all), upper-case type or not.
    const page = await secureResponse(new Response(html, { headers: { "Content-Type": "TEXT/HTML; charset=utf-8" } }), request, { isProduction: false });
    expect(page.headers.get("Content-Security-Policy")).toMatch(/script-src 'self' 'sha256-/);
    expect(page.headers.get("Content-Security-Policy")).not.toContain("sandbox");
  });

  it("keeps the status and the other headers of what it secures", async () => {
    const response = await secureResponse(new Response(null, { status: 302, headers: { Location: "/x", "Set-Cookie": "a=b" } }), request, {
      isProduction: false,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/x");
    expect(response.headers.get("Set-Cookie")).toBe("a=b");
  });
});

describe("cookies are Secure on the deployed site (HTTP tests see local dev, where they cannot be)", () => {
  const context = (isProduction: boolean) => ({ env: { isProduction, SESSION_SECRET: "s".repeat(40) } }) as unknown as AppLoadContext;

  it("the toast cookie", async () => {
    for (const isProduction of [true, false]) {
      const response = await redirectWithToast(context(isProduction), "/", { kind: "success", message: "Done." });
      const cookie = response.headers.get("Set-Cookie")!;
      expect(cookie).toMatch(/^__toast=/);
      expect(/;\s*Secure/i.test(cookie), String(isProduction)).toBe(isProduction);
      expect(cookie).toMatch(/HttpOnly/);
    }
  });

  it("the cookie-consent cookie", async () => {
    for (const isProduction of [true, false]) {
      const request = new Request("https://mma.example/cookie-consent", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "redirectTo=%2F",
      });
      const response = (await consentAction({ request, context: context(isProduction), params: {} } as never)) as Response;
      const cookie = response.headers.get("Set-Cookie")!;
      expect(cookie).toMatch(/^agreeCookie=true;/);
      expect(/;\s*Secure/i.test(cookie), String(isProduction)).toBe(isProduction);
      expect(cookie).toMatch(/HttpOnly/);
    }
  });
});
