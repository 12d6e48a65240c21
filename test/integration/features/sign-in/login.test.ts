import { describe, expect, inject, it } from "vitest";
import { client } from "../../../support/client";
import { attributeOf, fieldErrors, linkTexts, parseHtml, textOf } from "../../../support/html";
import { demoAccount, sessionCookieFor } from "../../../support/session";
import { MESSAGES, formPost, uniqueAddress } from "../../../support/password-reset";
import { SIGN_IN_FAILURE_RULES } from "~/kernel/http/rate-limits";

const base = () => inject("baseURL");

// Each test signs in from its own address (TEST-NET-3), so the per-address limit never meets across tests.
let sequence = 0;
const nextIp = () => `203.0.113.${100 + ++sequence}`;

const login = (fields: Record<string, string>, options: { ip?: string; cookie?: string; query?: string } = {}) =>
  formPost(base(), `/login${options.query ?? ""}`, fields, { ip: options.ip ?? nextIp(), cookie: options.cookie });

const cookiePair = (setCookie: string | null, name: string) =>
  (setCookie ?? "")
    .split(/,(?=\s*[^;,=\s]+=)/)
    .map((c) => c.trim().split(";")[0]!)
    .find((c) => c.startsWith(`${name}=`)) ?? null;

describe("Sign In (/login)", () => {
  it("shows the form with E-mail and Password, and links to forgot password, sign up and home", async () => {
    const response = await client(base()).get("/login");
    const html = await response.text();
    const page = parseHtml(html);
    expect(response.status).toBe(200);
    expect(page.all("h1").map(textOf)).toEqual(["Sign In"]);
    expect(page.one('form[method="post" i][action="/login"][novalidate]')).not.toBeNull();
    expect(page.text('label[for="login-email"]')).toBe("E-mail");
    expect(page.text('label[for="login-password"]')).toBe("Password");
    expect(html).toContain('type="password"');
    expect(linkTexts(html, "/forgot-password")).toContain("Forgot your password?");
    expect(linkTexts(html, "/signup")).toContain("Sign Up");
    expect(linkTexts(html, "/")).toContain("Go Back");
  });

  it("refuses empty fields with 'Empty field is not allowed!' under each", async () => {
    const response = await login({ email: "", password: "" });
    const html = await response.text();
    expect(response.status).toBe(400);
    expect(fieldErrors(html)).toEqual([
      ["login-email-error", MESSAGES.empty],
      ["login-password-error", MESSAGES.empty],
    ]);
    expect(attributeOf(html, "#login-email", "aria-invalid")).toBe("true");
    expect(response.headers.get("Set-Cookie") ?? "").not.toContain("__session=");
  });

  it("answers an unknown e-mail and a wrong password alike, keeping the e-mail and never the password", async () => {
    const unknown = await login({ email: "nobody-here@example.org", password: "demo-member-2026" });
    const unknownHtml = await unknown.text();
    expect(unknown.status).toBe(401);
    expect(unknownHtml).toContain(MESSAGES.incorrect);
    expect(unknownHtml).toContain('value="nobody-here@example.org"');

    const wrong = await login({ email: demoAccount("member").email, password: "not-the-password-42" });
    const wrongHtml = await wrong.text();
    expect(wrong.status).toBe(401);
    expect(wrongHtml).toContain(MESSAGES.incorrect);
    expect(wrongHtml).not.toContain("not-the-password-42");
    expect(wrong.headers.get("Set-Cookie") ?? "").not.toContain("__session=");
  });

  it("tells the applicant the account is under review, and signs nobody in", async () => {
    const applicant = demoAccount("applicant");
    const response = await login({ email: applicant.email, password: applicant.password });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain(MESSAGES.underReview);
    expect(response.headers.get("Set-Cookie") ?? "").not.toContain("__session=");
  });

  it("signs the member in (e-mail in any case) with a new session cookie, a toast, and /mem-account", async () => {
    const member = demoAccount("member");
    const incoming = await sessionCookieFor(demoAccount("single").id, Date.now() - 60_000);
    const response = await login({ email: ` ${member.email.toUpperCase()} `, password: member.password }, { cookie: incoming });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/mem-account");
    const setCookie = response.headers.get("Set-Cookie");
    const session = cookiePair(setCookie, "__session");
    expect(session).toMatch(/^__session=.+/);
    expect(session).not.toBe(incoming);
    expect(setCookie).toMatch(/__session=[^;]+;[^,]*HttpOnly/i);
    // The device cookie: this browser has signed in to the account before (docs/decisions/0025).
    expect(setCookie).toMatch(/__device=[^;]+;[^,]*HttpOnly/i);
    const toast = cookiePair(setCookie, "__toast");
    expect(toast).toMatch(/^__toast=.+/);

    // The new session is the member's: /login now sends them to their account; the toast shows once.
    const again = await client(base()).get("/login", { cookie: session! });
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe("/mem-account");
    const page = await client(base()).get("/contact", { cookie: toast! });
    expect(await page.text()).toContain(MESSAGES.loggedIn);
  });

  it("honours redirectTo for a path on this site only", async () => {
    const member = demoAccount("single");
    const local = await login({ email: member.email, password: member.password, redirectTo: "/documents" });
    expect(local.headers.get("Location")).toBe("/documents");
    for (const redirectTo of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)"]) {
      const response = await login({ email: member.email, password: member.password, redirectTo });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/mem-account");
    }
  });

  it("carries redirectTo from the address into the form", async () => {
    const html = await (await client(base()).get("/login?redirectTo=%2Fdocuments")).text();
    expect(attributeOf(html, 'input[type="hidden"][name="redirectTo"]', "value")).toBe("/documents");
  });

  it("refuses a cross-site post", async () => {
    const response = await client(base()).post(
      "/login",
      { email: demoAccount("member").email, password: demoAccount("member").password },
      { origin: "https://evil.example" },
    );
    expect(response.status).toBe(403);
  });

  // An e-mail of no one's: the demo accounts' counters stay clean for the other test files
  // (the owner's known browser is in sign-in-limits.test.ts).
  it(`delays guesses per e-mail: after ${SIGN_IN_FAILURE_RULES.email.freeFailures} failures from other addresses the next waits (429, Retry-After)`, async () => {
    const email = uniqueAddress("login-limit");
    let lastFailure = 0;
    for (let attempt = 1; attempt <= SIGN_IN_FAILURE_RULES.email.freeFailures; attempt++) {
      lastFailure = Date.now();
      expect((await login({ email, password: `guess-${attempt}` })).status).toBe(401);
    }
    const refused = await login({ email, password: "guess-11" });
    expect(refused.status).toBe(429);
    expectWaitSince(refused, SIGN_IN_FAILURE_RULES.email.firstDelaySeconds, lastFailure);
    const html = await refused.text();
    expect(html).toContain(MESSAGES.tooMany);
    expect(html).toContain(`value="${email}"`);
  });

  it(`delays guesses per address: after ${SIGN_IN_FAILURE_RULES.address.freeFailures} failures, whatever the e-mail, the next waits`, async () => {
    const ip = "198.18.7.1";
    let lastFailure = 0;
    for (let attempt = 1; attempt <= SIGN_IN_FAILURE_RULES.address.freeFailures; attempt++) {
      lastFailure = Date.now();
      const response = await login({ email: uniqueAddress(`ip-limit-${attempt}`), password: "guess" }, { ip });
      expect(response.status).toBe(401);
    }
    const refused = await login({ email: uniqueAddress("ip-limit-next"), password: "guess" }, { ip });
    expect(refused.status).toBe(429);
    expectWaitSince(refused, SIGN_IN_FAILURE_RULES.address.firstDelaySeconds, lastFailure);
    expect(await refused.text()).toContain(MESSAGES.tooMany);
    // Another client is not affected.
    expect((await login({ email: uniqueAddress("ip-limit-other"), password: "guess" })).status).toBe(401);
  });
});

/**
 * Retry-After is what is left of `delay` after the last failure, in whole seconds rounded
 * up: `delay` when the refusal came at once, less on a slow machine, where a second or more
 * may pass between the last failure (sent at `sentAt`) and the refused attempt.
 */
function expectWaitSince(refused: Response, delay: number, sentAt: number) {
  const elapsed = (Date.now() - sentAt) / 1000;
  const wait = Number(refused.headers.get("Retry-After"));
  expect(wait).toBeLessThanOrEqual(delay);
  expect(wait).toBeGreaterThanOrEqual(Math.floor(delay - elapsed));
}
