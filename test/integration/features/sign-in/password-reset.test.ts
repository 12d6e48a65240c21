import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../../support/client";
import { fieldErrors, linkTexts, parseHtml } from "../../../support/html";
import { FORGOT_RATE_RULES } from "~/kernel/http/rate-limits";
import { sessionCookieFor } from "../../../support/session";
import { COMMON_PASSWORD_MESSAGE, PERSONAL_PASSWORD_MESSAGE } from "~/kernel/auth/new-password";
import {
  CHANGED_SUBJECT,
  MESSAGES,
  RESET_SUBJECT,
  latestResetLink,
  outboxTo,
  startServerWithAccounts,
  type AccountsServer,
} from "../../../support/password-reset";

/**
 * Forgot password, the reset link, and the sessions it revokes, on a private server
 * (its own D1) with accounts of its own, so the demo passwords stay as they are.
 */
const PAST = Math.floor(Date.now() / 1000) - 60;
const ACCOUNTS = [
  { key: "reset", email: "reset-me@example.com", password: "old-password-1" },
  { key: "expired", email: "expired-link@example.com", password: "old-password-2", patch: { resetKey: "Expired123", resetKeyExpiresAt: PAST } },
  { key: "deleted", email: "deleted-member@example.com", password: "old-password-3", patch: { deleted: true } },
  { key: "limited", email: "limited@example.com", password: "old-password-4" },
];

let server: AccountsServer;
beforeAll(async () => {
  server = await startServerWithAccounts(ACCOUNTS);
});
afterAll(async () => {
  await server?.stop();
});

let sequence = 0;
const post = (path: string, fields: Record<string, string>, cookie?: string) => client(server, { ip: `192.0.2.${++sequence}`, cookie }).post(path, fields);
const signedIn = async (cookie: string) => {
  const response = await client(server).get("/login", { cookie });
  return response.status === 302 && response.headers.get("Location") === "/mem-account";
};

describe("Forgot password (/forgot-password)", () => {
  it("shows the e-mail form", async () => {
    const html = await (await client(server).get("/forgot-password")).text();
    const page = parseHtml(html);
    expect(page.one('form[method="post" i][novalidate]')).not.toBeNull();
    expect(page.text('label[for="forgot-email"]')).toBe("E-mail");
    expect(linkTexts(html, "/login")).toContain("Back to Sign In");
  });

  it("refuses an empty or invalid e-mail, and an unknown or deleted one with 'Email not found!'", async () => {
    const empty = await post("/forgot-password", { email: "" });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain(MESSAGES.empty);

    for (const email of ["nobody@example.com", "deleted-member@example.com"]) {
      const response = await post("/forgot-password", { email });
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).toContain(MESSAGES.notFound);
      expect(html).toContain(`value="${email}"`);
    }
    expect(await outboxTo(server.url, "deleted-member@example.com", RESET_SUBJECT)).toHaveLength(0);
  });

  it("answers every request for a member alike, sending a fresh key and then only a few copies of it", async () => {
    for (let i = 1; i <= 8; i++) expect((await post("/forgot-password", { email: i % 2 ? "limited@example.com" : "Limited@Example.com" })).status).toBe(302);
    const sent = await outboxTo(server.url, "limited@example.com", RESET_SUBJECT);
    expect(sent).toHaveLength(1 + FORGOT_RATE_RULES.resendPerEmail.limit);
    expect(new Set(sent.map((email) => /reset-account-password\/\S+/.exec(email.text)?.[0])).size).toBe(1);
  });
});

describe("Reset link (/reset-account-password/{id}/{key})", () => {
  let link: string;
  let oldSession: string;

  it("e-mails a link to the member, with a 10-character key, and says 'Please check your email!'", async () => {
    oldSession = await sessionCookieFor(server.ids.reset!, Date.now() - 1000);
    expect(await signedIn(oldSession)).toBe(true);

    const response = await post("/forgot-password", { email: "Reset-Me@Example.com" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/forgot-password");
    const toast = response.headers.get("Set-Cookie")!.split(";")[0]!;
    expect(await (await client(server).get("/forgot-password", { cookie: toast })).text()).toContain(MESSAGES.checkEmail);

    const [email] = await outboxTo(server.url, "reset-me@example.com", RESET_SUBJECT);
    expect(email).toBeDefined();
    const expected = new RegExp(`${server.url}/reset-account-password/${server.ids.reset}/[A-Za-z0-9]{10}`);
    expect(email!.text).toMatch(expected);
    expect(
      parseHtml(email!.html)
        .all("a[href]")
        .map((a) => a.attribs.href),
    ).toContainEqual(expect.stringMatching(new RegExp(`^${expected.source}$`)));
    link = (await latestResetLink(server.url, "reset-me@example.com"))!;
    expect(link).toMatch(/^\/reset-account-password\/[^/]+\/[A-Za-z0-9]{10}$/);
  });

  it("opens the form for the right key, never cached, and never sends the key to another site as a referrer", async () => {
    const response = await client(server).get(link);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Referrer-Policy")).toMatch(/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/);
    const page = parseHtml(html);
    expect(page.text('label[for="reset-password"]')).toBe("New password");
    expect(page.text('label[for="reset-confirm"]')).toBe("Confirm new password");
    expect(html).toContain("At least 8 characters.");
    expect(html).not.toContain(MESSAGES.invalidLink);
  });

  it("says 'This link is invalid.' for a tampered key, an unknown member or a malformed link", async () => {
    const key = link.slice(-10);
    const tampered = `${key.slice(0, 9)}${key.endsWith("A") ? "B" : "A"}`;
    for (const path of [
      link.replace(/[^/]+$/, tampered),
      link.replace(/[^/]+$/, key.toLowerCase() === key ? key.toUpperCase() : key.toLowerCase()),
      `/reset-account-password/no-such-member/${key}`,
      link.replace(/[^/]+$/, "short"),
      `${link}x`,
    ]) {
      const response = await client(server).get(path);
      const html = await response.text();
      expect(response.status, path).toBe(404);
      expect(html).toContain(MESSAGES.invalidLink);
      expect(parseHtml(html).one('a[href="/login"]')).not.toBeNull();
      expect(html).not.toContain('name="password"');
    }
    // A tampered key cannot set a password either.
    const post404 = await post(link.replace(/[^/]+$/, tampered), { password: "hacked-password", confirmPassword: "hacked-password" });
    expect(post404.status).toBe(404);
    expect(await post404.text()).toContain(MESSAGES.invalidLink);
  });

  it("says 'This link is invalid.' for an expired key", async () => {
    const response = await client(server).get(`/reset-account-password/${server.ids.expired}/Expired123`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain(MESSAGES.invalidLink);
    const attempt = await post(`/reset-account-password/${server.ids.expired}/Expired123`, { password: "new-password-9", confirmPassword: "new-password-9" });
    expect(attempt.status).toBe(404);
  });

  it("refuses empty, short and different passwords with their messages", async () => {
    const cases: Array<[Record<string, string>, string[]]> = [
      [{ password: "", confirmPassword: "" }, [MESSAGES.empty, MESSAGES.empty]],
      [{ password: "short", confirmPassword: "short" }, [MESSAGES.tooShort]],
      [{ password: "long-enough-1", confirmPassword: "long-enough-2" }, [MESSAGES.mismatch]],
    ];
    for (const [fields, messages] of cases) {
      const response = await post(link, fields);
      const html = await response.text();
      expect(response.status).toBe(400);
      const shown = fieldErrors(html).map(([, message]) => message);
      expect(shown).toEqual(messages);
      expect(html).not.toContain("long-enough-1");
    }
  });

  it("refuses a common password, and one holding the member's name or e-mail, under the field; the link still works", async () => {
    // reset-me's record is named "Test Person <n>" (test/support/fixtures.ts).
    const cases: Array<[string, string]> = [
      ["superman", COMMON_PASSWORD_MESSAGE],
      ["Trustno1", COMMON_PASSWORD_MESSAGE],
      ["Reset-Me-for-ever", PERSONAL_PASSWORD_MESSAGE],
      ["my long PERSON pass", PERSONAL_PASSWORD_MESSAGE],
    ];
    for (const [password, message] of cases) {
      const response = await post(link, { password, confirmPassword: password });
      expect(response.status, password).toBe(400);
      const html = await response.text();
      expect(fieldErrors(html), password).toEqual([["reset-password-error", message]]);
      expect(html).not.toContain(password);
    }
    expect((await client(server).get(link)).status).toBe(200);
  });

  it("sets the new password: the old sessions are refused, the notice is e-mailed, and the link works only once", async () => {
    const response = await post(link, { password: "brand-new-password", confirmPassword: "brand-new-password" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    const toast = response.headers.get("Set-Cookie")!.split(";")[0]!;
    expect(await (await client(server).get("/login", { cookie: toast })).text()).toContain(MESSAGES.changed);

    // Every session from before the reset is refused.
    expect(await signedIn(oldSession)).toBe(false);

    const [notice] = await outboxTo(server.url, "reset-me@example.com", CHANGED_SUBJECT);
    expect(notice?.text).toContain("has just been changed");
    expect(notice?.text).toContain(`${server.url}/login`);

    // Used: the link is invalid now, for reading and for posting.
    const again = await client(server).get(link);
    expect(again.status).toBe(404);
    expect(await again.text()).toContain(MESSAGES.invalidLink);
    expect((await post(link, { password: "another-password", confirmPassword: "another-password" })).status).toBe(404);

    // The old password no longer works; the new one does, with a session that is accepted.
    const old = await post("/login", { email: "reset-me@example.com", password: "old-password-1" });
    expect(old.status).toBe(401);
    const fresh = await post("/login", { email: "reset-me@example.com", password: "brand-new-password" });
    expect(fresh.status).toBe(302);
    expect(fresh.headers.get("Location")).toBe("/mem-account");
    const session = /__session=[^;]+/.exec(fresh.headers.get("Set-Cookie") ?? "")![0];
    expect(await signedIn(session)).toBe(true);
  });

  it("treats a deleted member's correct password as incorrect", async () => {
    const response = await post("/login", { email: "deleted-member@example.com", password: "old-password-3" });
    expect(response.status).toBe(401);
    expect(await response.text()).toContain(MESSAGES.incorrect);
  });
});
