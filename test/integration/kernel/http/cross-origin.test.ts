import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "~/kernel/auth/password.server";
import { d1Members } from "~/kernel/store/d1/members.server";
import { newMember } from "../../../support/fixtures";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { client } from "../../../support/client";
import { demoAccount } from "../../../support/session";

/**
 * State-changing requests from another origin are refused before any route runs
 * (server.ts, isCrossSiteMutation): a form on evil.example posting with a member's
 * cookies, a sandboxed or file: page (Origin: null), another port of this host, or a
 * sibling subdomain (Sec-Fetch-Site). A server without browser headers, such as Stripe's
 * webhook, is not refused here and answers for itself (its signature). And the return
 * addresses a link can carry (redirectTo) land on this site only. The payment return URLs
 * are built by the server from the request's origin (payments.server.ts) and the practice
 * checkout follows only same-origin ones (test/unit/features/payments/practice-checkout.test.ts).
 */

/**
 * A server of its own on `wrangler dev`: these posts are answered 403 before their bodies
 * are read, and workerd serving the test's connection directly then resets the next request
 * on it (ECONNRESET), where wrangler's proxy, like Cloudflare's edge, does not (ADR 30).
 */
let shared: SeededServer;
beforeAll(async () => {
  shared = await startSeededServer({ wranglerDev: true });
});
afterAll(async () => {
  await shared?.stop();
});
const base = () => shared.url;
const FORBIDDEN = "Forbidden: this form must be sent from our own site.";

/** The other port of this host: another origin for the browser, the same machine. */
function otherPortOrigin(): string {
  const url = new URL(base());
  url.port = String(Number(url.port) === 65535 ? 1024 : Number(url.port) + 1);
  return url.origin;
}

/** A member's form post with no Origin of its own: the case's headers say where it comes from. */
function post(path: string, headers: Record<string, string>, body = new URLSearchParams({ notes: "hi" })) {
  return client(base()).as(demoAccount("member")).post(path, body, { origin: null, headers });
}

describe("posts from another origin are refused (403) before the route runs", () => {
  // Headers are made when the test runs: the server (and so its origin) starts in beforeAll.
  const cases: Array<[string, () => Record<string, string>]> = [
    ["another site", () => ({ Origin: "https://evil.example" })],
    ["another site, Sec-Fetch-Site: cross-site", () => ({ Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" })],
    ["Origin: null (a sandboxed frame, a file: page, a redirect chain)", () => ({ Origin: "null" })],
    ["another port of this host", () => ({ Origin: otherPortOrigin() })],
    ["another scheme of this host", () => ({ Origin: base().replace(/^http:/, "https:") })],
    ["a sibling subdomain (Sec-Fetch-Site: same-site)", () => ({ "Sec-Fetch-Site": "same-site" })],
    ["cross-site by Sec-Fetch-Site even without Origin", () => ({ "Sec-Fetch-Site": "cross-site" })],
    ["our Origin but Sec-Fetch-Site: cross-site (the browser knows better)", () => ({ Origin: base(), "Sec-Fetch-Site": "cross-site" })],
  ];
  for (const [label, headers] of cases) {
    it(label, async () => {
      for (const path of ["/amend-account", "/logout", "/contact", "/login", "/webhooks/stripe"]) {
        const response = await post(path, headers());
        expect(response.status, `${label} → ${path}`).toBe(403);
        expect(await response.text()).toBe(FORBIDDEN);
        expect(response.headers.get("Set-Cookie"), path).toBeNull();
      }
    });
  }

  it("whatever the method (PUT, DELETE, PATCH)", async () => {
    for (const method of ["PUT", "DELETE", "PATCH"]) {
      const response = await fetch(`${base()}/amend-account`, { method, headers: { Origin: "https://evil.example" } });
      expect(response.status, method).toBe(403);
    }
  });
});

describe("what is not refused", () => {
  it("a post from our own pages (Origin and Sec-Fetch-Site: same-origin) reaches the route", async () => {
    const response = await post("/logout", { Origin: base(), "Sec-Fetch-Site": "same-origin" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Set-Cookie")).toMatch(/^__session=;/);
  });

  it("reads from anywhere (a link or an image on another site is a GET)", async () => {
    const response = await fetch(`${base()}/`, { headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" } });
    expect(response.status).toBe(200);
  });

  it("Stripe's webhook (a server: no Origin, no Sec-Fetch-Site) reaches its route, which checks the signature itself", async () => {
    const response = await fetch(`${base()}/webhooks/stripe`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=forged" },
      body: JSON.stringify({ type: "checkout.session.completed" }),
    });
    // Not the origin guard's 403 but the route's own answer: 400 for a bad signature, 503 on this server,
    // which has no webhook secret. A signed event settles a payment: test/integration/features/payments/payments.test.ts.
    expect([400, 503]).toContain(response.status);
    expect(await response.text()).not.toBe(FORBIDDEN);
  });
});

/** Return addresses a hostile link might carry: each must land on a path of this site. */
const HOSTILE_RETURNS = [
  "https://evil.example",
  "https://evil.example/mem-account",
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "%2F%2Fevil.example",
  "/%2F%2Fevil.example",
  "/%5Cevil.example",
  "http:evil.example",
  " //evil.example",
  "/.//evil.example",
  "evil.example",
];

/** Where a browser on our site would go with this Location. */
function landing(location: string | null, origin: string): URL {
  expect(location).not.toBeNull();
  // Browsers drop tabs and newlines from URLs and read "\" as "/": what they do, not what the header says.
  return new URL(location!.replace(/[\t\n\r]/g, "").replace(/\\/g, "/"), origin);
}

describe("return addresses stay on this site", () => {
  // Signing in is limited to 10 tries per address in 15 minutes: a private server with accounts of
  // our own, so the shared demo member is never locked out for the other tests.
  const PASSWORD = "return-address-1";
  const emails = ["return-a@example.com", "return-b@example.com", "return-c@example.com"];
  let server: SeededServer;
  let sequence = 0;
  beforeAll(async () => {
    server = await startSeededServer({
      prepare: async (db) => {
        const members = d1Members(db);
        for (const email of emails) await members.register(newMember({ email, passwordHash: await hashPassword(PASSWORD), active: true }));
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  function signIn(redirectTo: string, query = `?${new URLSearchParams({ redirectTo })}`) {
    sequence += 1;
    return fetch(`${server.url}/login${query}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": `203.0.113.${sequence}` },
      body: new URLSearchParams({ email: emails[sequence % emails.length]!, password: PASSWORD, redirectTo }),
    });
  }

  it("/login?redirectTo=… signs in and lands on a local path, whatever the hostile value", async () => {
    for (const redirectTo of HOSTILE_RETURNS) {
      const response = await signIn(redirectTo);
      expect(response.status, JSON.stringify(redirectTo)).toBe(302);
      expect(landing(response.headers.get("Location"), server.url).origin, JSON.stringify(redirectTo)).toBe(server.url);
    }
  });

  it("a local redirectTo is kept (the guard sends a visitor back where they were going)", async () => {
    expect((await signIn("/book-ticket?x=1")).headers.get("Location")).toBe("/book-ticket?x=1");
  });

  it("the cookie notice's redirectTo lands on a local path too", async () => {
    for (const redirectTo of HOSTILE_RETURNS) {
      const response = await fetch(`${base()}/cookie-consent`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: base(), "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ redirectTo }),
      });
      expect(response.status, JSON.stringify(redirectTo)).toBe(302);
      expect(landing(response.headers.get("Location"), base()).origin, JSON.stringify(redirectTo)).toBe(new URL(base()).origin);
    }
  });

  it("the sign-in page never writes a hostile redirectTo into a link or an attribute unescaped", async () => {
    for (const redirectTo of ['"><script>alert(1)</script>', "javascript:alert(1)"]) {
      const html = await (await fetch(`${base()}/login?${new URLSearchParams({ redirectTo })}`)).text();
      expect(html).not.toContain("<script>alert(1)</script>");
      expect(html).not.toMatch(/href="javascript:/i);
    }
  });
});
