import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SESSION_MAX_AGE } from "~/kernel/auth/session.server";
import { ID_SPACE, seedId } from "../../../../seed/ids";
import { client } from "../../../support/client";
import { parseHtml, textOf } from "../../../support/html";
import { formPost } from "../../../support/password-reset";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { openServerPlatform } from "../../../support/server-d1";
import { demoAccount } from "../../../support/session";
import { docx, plainJpeg } from "../../../support/upload-fixtures";

/**
 * The security headers as the worker sends them (ADR 24): a CSP on every HTML page whose
 * hashes are exactly the page's inline scripts (cached pages included), the camera for
 * the scanner only, the baseline headers on every answer, and the flags of every cookie.
 */

const base = () => inject("baseURL");

const get = (path: string, userId?: string) => client(base()).as(userId).get(path);

/** Every inline script of the page, found independently of the worker's own rule. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    (match) => `'sha256-${createHash("sha256").update(match[1]!).digest("base64")}'`,
  );
}

function directive(policy: string, name: string): string[] {
  const part = policy
    .split(";")
    .map((p) => p.trim())
    .find((p) => p.startsWith(`${name} `));
  return part ? part.split(/\s+/).slice(1) : [];
}

async function expectPolicyFits(response: Response, label: string) {
  const html = await response.text();
  const policy = response.headers.get("Content-Security-Policy") ?? "";
  const scriptSrc = directive(policy, "script-src");
  const hashes = inlineScriptHashes(html);
  expect(hashes.length, `${label}: Remix's inline scripts`).toBeGreaterThanOrEqual(3);
  expect(scriptSrc.filter((source) => source.startsWith("'sha256-")).sort(), label).toEqual([...new Set(hashes)].sort());
  expect(policy, label).not.toMatch(/'unsafe-eval'|script-src[^;]*'unsafe-inline'/);
  expect(directive(policy, "frame-ancestors"), label).toEqual(["'none'"]);
  expect(directive(policy, "default-src"), label).toEqual(["'none'"]);
  expect(directive(policy, "object-src"), label).toEqual(["'none'"]);
  expect(directive(policy, "base-uri"), label).toEqual(["'none'"]);
}

function expectBaseline(response: Response, label: string) {
  expect(response.headers.get("X-Content-Type-Options"), label).toBe("nosniff");
  expect(response.headers.get("X-Frame-Options"), label).toBe("DENY");
  expect(response.headers.get("Referrer-Policy"), label).toBe("strict-origin-when-cross-origin");
  expect(response.headers.get("Permissions-Policy"), label).toMatch(/(^|, )microphone=\(\)/);
  expect(response.headers.get("Cross-Origin-Opener-Policy"), label).toBe("same-origin");
  // Local development is plain HTTP: HSTS is for the deployed site (tested in test/unit/kernel/http/security-headers.test.ts).
  expect(response.headers.get("Strict-Transport-Security"), label).toBeNull();
}

const VISITOR_PAGES = ["/", "/about", "/school", "/blog", "/gallery", "/event", "/contact", "/signup", "/login", "/forgot-password", "/office-bearers"];
const MEMBER_PAGES = ["/mem-account", "/book-ticket", "/amend-account", "/documents"];
const ACCOUNTANT_PAGES = [
  "/accounts",
  "/deleted-members",
  "/accounts/emails",
  "/accounts/payments",
  "/mem-renewals",
  "/mem-events-pay",
  "/scan-qr-code",
  "/dev/mail",
];

describe("Content-Security-Policy on HTML pages", () => {
  it("lists exactly the page's inline scripts, on visitors', members' and accountants' pages and the 404 page", async () => {
    const pages = [
      ...VISITOR_PAGES.map((path) => ({ path, user: undefined })),
      { path: "/no-such-page", user: undefined },
      ...MEMBER_PAGES.map((path) => ({ path, user: demoAccount("member").id })),
      ...ACCOUNTANT_PAGES.map((path) => ({ path, user: demoAccount("treasurer").id })),
    ];
    for (const { path, user } of pages) {
      const response = await get(path, user);
      expect(response.headers.get("Content-Type"), path).toMatch(/^text\/html/);
      expect([200, 404], path).toContain(response.status);
      expectBaseline(response, path);
      await expectPolicyFits(response, path);
    }
  });

  it("gives a cached visitor page the same hashes as when it was rendered, and they still fit its body", async () => {
    const first = await get("/office-bearers");
    const firstPolicy = first.headers.get("Content-Security-Policy");
    await first.text();
    const again = await get("/office-bearers");
    expect(again.headers.get("X-Page-Cache")).toBe("hit");
    expect(again.headers.get("Content-Security-Policy")).toBe(firstPolicy);
    await expectPolicyFits(again, "cached /office-bearers");
  });

  it("fits the pages a browser gets as a stream (Lighthouse's Chrome), React's late segment after </html> included", async () => {
    // Node's fetch says "node", which isbot() takes for a bot: the page above was rendered whole. A browser's page is
    // streamed, and React may finish it with a hidden segment and its $RC script after </html>; the policy once
    // hashed only that last script, and Chrome blocked every other one. These are the headers Lighthouse 13 sent.
    const lighthouseChrome = {
      "User-Agent": "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36",
      Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8",
      "Accept-Encoding": "gzip, deflate, br, zstd",
      "Upgrade-Insecure-Requests": "1",
    };
    let lateSegments = 0;
    // A query string keeps the visitors' page cache out of it (it may hold a copy rendered for a bot): each is a fresh stream.
    for (const path of ["/", "/blog", "/signup", "/about", "/contact", "/login"]) {
      const response = await fetch(`${base()}${path}?as-a-browser`, { headers: lighthouseChrome });
      expect(response.headers.get("X-Page-Cache"), path).toBeNull();
      if ((await response.clone().text()).includes("$RC(")) lateSegments++;
      await expectPolicyFits(response, `${path} for a browser`);
    }
    expect(lateSegments, "pages that ended with a late segment (the case this test is for)").toBeGreaterThan(0);
  });

  it("lets only the scanner page use the camera and compile WebAssembly", async () => {
    const treasurer = demoAccount("treasurer").id;
    const scanner = await get("/scan-qr-code", treasurer);
    expect(scanner.headers.get("Permissions-Policy")).toMatch(/(^|, )camera=\(self\)/);
    expect(directive(scanner.headers.get("Content-Security-Policy")!, "script-src")).toContain("'wasm-unsafe-eval'");
    for (const path of ["/", "/accounts", "/mem-account"]) {
      const response = await get(path, treasurer);
      expect(response.headers.get("Permissions-Policy"), path).toMatch(/(^|, )camera=\(\)/);
      expect(directive(response.headers.get("Content-Security-Policy")!, "script-src"), path).not.toContain("'wasm-unsafe-eval'");
    }
  });

  it("allows the Stripe Checkout redirect after a payment form, and data: images only on the e-mail preview", async () => {
    const policy = (await get("/mem-account", demoAccount("member").id)).headers.get("Content-Security-Policy")!;
    expect(directive(policy, "form-action")).toEqual(["'self'", "https://checkout.stripe.com"]);
    expect(directive(policy, "img-src")).toEqual(["'self'"]);
    expect(directive(policy, "frame-src")).toEqual(["'self'", "https://www.youtube-nocookie.com"]);
  });
});

/** What every answer that is not an HTML page carries: it may load and run nothing, even when opened on its own. */
const NOT_A_PAGE_POLICY = "default-src 'none'; sandbox";

function expectNotAPage(response: Response, label: string) {
  expect(response.headers.get("Content-Type") ?? "", label).not.toMatch(/^text\/html/i);
  expect(response.headers.get("Content-Security-Policy"), label).toBe(NOT_A_PAGE_POLICY);
  expect(response.headers.get("X-Content-Type-Options"), label).toBe("nosniff");
}

describe("headers on answers that are not pages", () => {
  it("a refused cross-site post, a CSV, an image and a redirect carry the baseline headers", async () => {
    const treasurer = demoAccount("treasurer").id;
    const refused = await fetch(`${base()}/contact`, {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(refused.status).toBe(403);
    expectBaseline(refused, "403");
    const csv = await get("/accounts/export.csv", treasurer);
    expect(csv.status).toBe(200);
    expectBaseline(csv, "csv");
    const redirect = await get("/mem-account");
    expect(redirect.status).toBe(302);
    expectBaseline(redirect, "302");
  });

  it("every answer that is not a page carries a policy that lets it load and run nothing", async () => {
    const member = demoAccount("member").id;
    const treasurer = demoAccount("treasurer").id;
    const answers: Array<[string, string | undefined, number, RegExp]> = [
      // Exports and data downloads.
      ["/accounts/export.csv", treasurer, 200, /^text\/csv/],
      ["/accounts/export.xlsx", treasurer, 200, /^application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet/],
      ["/account/data.json", member, 200, /^application\/json/],
      [`/accounts/members/${member}/data.json`, treasurer, 200, /^application\/json/],
      // A member's document (a PDF) and a photo that is not there.
      [`/documents/${seedId(ID_SPACE.document, 1)}`, member, 200, /^application\/pdf/],
      ["/media/photos/none/350.webp", undefined, 404, /^text\/plain/],
      // A page's data for client-side navigation, and a redirect.
      ["/mem-account.data", member, 200, /./],
      ["/mem-account", undefined, 302, /^(text\/plain\b|$)/],
    ];
    for (const [path, user, status, type] of answers) {
      const response = await get(path, user);
      expect(response.status, path).toBe(status);
      expect(response.headers.get("Content-Type") ?? "", path).toMatch(type);
      expectNotAPage(response, path);
      await response.arrayBuffer();
    }
    const refused = await fetch(`${base()}/contact`, {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(refused.status).toBe(403);
    expectNotAPage(refused, "403 cross-site post");
  });

  it("the static files (robots.txt, the web manifest, the icon, the scripts) carry it too", async () => {
    const home = await (await get("/")).text();
    const script = /<script[^>]*\ssrc="(\/assets\/[^"]+\.js)"/.exec(home)?.[1] ?? /<link[^>]*\shref="(\/assets\/[^"]+\.js)"/.exec(home)?.[1];
    expect(script, "a script of the build").toBeDefined();
    for (const [path, type] of [
      ["/robots.txt", /^text\/plain/],
      ["/manifest.webmanifest", /^application\/manifest\+json/],
      ["/favicon.svg", /^image\/svg\+xml/],
      [script!, /javascript/],
    ] as const) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Content-Type") ?? "", path).toMatch(type);
      expectNotAPage(response, path);
      await response.arrayBuffer();
    }
  });
});

describe("files the studio stored (on a private server, so the shared one's documents stay as they are)", () => {
  const editor = demoAccount("editor").id;
  const member = demoAccount("member").id;
  let server: SeededServer;
  beforeAll(async () => {
    server = await startSeededServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const getFrom = (path: string, userId?: string) => client(server).as(userId).get(path);

  it("a photo under /media carries the policy", async () => {
    const { media, dispose } = await openServerPlatform(server.persistTo);
    try {
      // A copy of its own: the proxy to the worker's R2 takes a whole ArrayBuffer, not a slice of Node's Buffer pool.
      await media.put("photos/headers-test/original.jpg", new Uint8Array(plainJpeg()), { httpMetadata: { contentType: "image/jpeg" } });
    } finally {
      await dispose();
    }
    const response = await getFrom("/media/photos/headers-test/original.jpg");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    expectNotAPage(response, "a photo");
    await response.arrayBuffer();
  });

  it("a document that is not a PDF or a photo is a download (attachment), with the policy; a PDF still opens in the tab", async () => {
    const body = new FormData();
    body.append("intent", "upload");
    body.append("title", "Headers Test Report");
    body.append("file", new File([docx() as BlobPart], "report.docx"));
    const upload = await client(server).as(editor).post("/studio/documents", body);
    expect(upload.status).toBe(302);
    const list = parseHtml(await (await getFrom("/documents", member)).text());
    const link = list.all(".document-list a").find((a) => textOf(a).startsWith("Headers Test Report"));
    expect(link, "the uploaded document in the list").toBeDefined();

    const file = await getFrom(link!.attribs.href!, member);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(file.headers.get("Content-Disposition")).toMatch(/^attachment; filename="[A-Za-z0-9._-]+\.docx"$/);
    expectNotAPage(file, "a .docx document");
    await file.arrayBuffer();

    const pdf = await getFrom(`/documents/${seedId(ID_SPACE.document, 1)}`, member);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Content-Disposition")).toMatch(/^inline; filename="[^"]+\.pdf"$/);
    expectNotAPage(pdf, "a PDF document");
    await pdf.arrayBuffer();
  });
});

/** The Set-Cookie headers of a response, one string each. */
const setCookies = (response: Response) => response.headers.getSetCookie();
const named = (response: Response, name: string) => setCookies(response).find((cookie) => cookie.startsWith(`${name}=`));

function attributes(cookie: string): Map<string, string> {
  return new Map(
    cookie
      .split(";")
      .slice(1)
      .map((part) => part.trim())
      .map((part) => [part.split("=")[0]!.toLowerCase(), part.split("=").slice(1).join("=")] as [string, string]),
  );
}

describe("cookie flags", () => {
  it("the session cookie of a sign-in: HttpOnly, SameSite=Lax, Path=/, 14 days; not Secure on plain-HTTP local dev", async () => {
    const member = demoAccount("member");
    const response = await formPost(base(), "/login", { email: member.email, password: member.password }, { ip: "203.0.113.240" });
    expect(response.status).toBe(302);
    const session = named(response, "__session")!;
    const flags = attributes(session);
    expect(flags.has("httponly")).toBe(true);
    expect(flags.get("samesite")).toBe("Lax");
    expect(flags.get("path")).toBe("/");
    expect(flags.get("max-age")).toBe(String(SESSION_MAX_AGE));
    expect(flags.has("secure")).toBe(false);

    // The toast the sign-in leaves ("You are now logged in."): HttpOnly, Lax, a minute.
    const toast = attributes(named(response, "__toast")!);
    expect(toast.has("httponly")).toBe(true);
    expect(toast.get("samesite")).toBe("Lax");
    expect(toast.get("path")).toBe("/");
    expect(Number(toast.get("max-age"))).toBeLessThanOrEqual(60);

    // The device cookie (docs/decisions/0025): signed, HttpOnly, Lax, a year; it signs nobody in.
    const device = attributes(named(response, "__device")!);
    expect(device.has("httponly")).toBe(true);
    expect(device.get("samesite")).toBe("Lax");
    expect(device.get("path")).toBe("/");
    expect(Number(device.get("max-age"))).toBe(365 * 24 * 3600);
    expect(device.has("secure")).toBe(false);

    // Signing out expires the session cookie with the same flags.
    const logout = await formPost(base(), "/logout", {}, { cookie: session.split(";")[0] });
    const gone = attributes(named(logout, "__session")!);
    expect(gone.has("httponly")).toBe(true);
    expect(gone.get("samesite")).toBe("Lax");
    expect(new Date(gone.get("expires")!).getTime()).toBeLessThan(Date.now());
  });

  it("the cookie-consent cookie: HttpOnly, SameSite=Lax, Path=/, a year", async () => {
    const response = await formPost(base(), "/cookie-consent", { redirectTo: "/" });
    const consent = attributes(named(response, "agreeCookie")!);
    expect(consent.has("httponly")).toBe(true);
    expect(consent.get("samesite")).toBe("Lax");
    expect(consent.get("path")).toBe("/");
    expect(Number(consent.get("max-age"))).toBe(365 * 24 * 3600);
  });
});
