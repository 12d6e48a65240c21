import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../../support/client";
import {
  EMAIL_CHANGED_MESSAGE,
  EMAIL_LINK_INVALID_MESSAGE,
  EMAIL_LINK_USED_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  EMAIL_UNCHANGED_MESSAGE,
  OWN_PASSWORD_CHANGED_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
  emailLinkSentMessage,
} from "~/features/membership/own-account";
import { COMMON_PASSWORD_MESSAGE, PERSONAL_PASSWORD_MESSAGE } from "~/kernel/auth/new-password";
import { CONFIRM_EMAIL_CHANGE_SUBJECT } from "~/features/membership/emails/ConfirmEmailChangeEmail";
import { EMAIL_CHANGE_REQUESTED_SUBJECT } from "~/features/membership/emails/EmailChangeRequestedEmail";
import { OWN_PASSWORD_CHANGED_SUBJECT } from "~/features/sign-in/emails/PasswordChangedEmail";
import { parseHtml } from "../../../support/html";
import { MESSAGES, formPost, outboxTo, startServerWithAccounts, type AccountsServer } from "../../../support/password-reset";
import { latestEmailConfirmLink } from "../../../support/own-account";
import { sessionCookieFor } from "../../../support/session";

/**
 * A member's own password and e-mail (docs/requirements.md §2.8), on a private server (its own D1) with
 * accounts of its own, so the demo accounts stay as they are.
 */
const ACCOUNTS = [
  { key: "pass", email: "own-pass@example.com", password: "old-password-1" },
  { key: "mail", email: "own-mail@example.com", password: "old-password-2" },
  { key: "other", email: "own-other@example.com", password: "old-password-3" },
  { key: "racer", email: "own-racer@example.com", password: "old-password-4" },
  { key: "weak", email: "own-weak@example.com", password: "old-password-5" },
];

let server: AccountsServer;
beforeAll(async () => {
  server = await startServerWithAccounts(ACCOUNTS);
});
afterAll(async () => {
  await server?.stop();
});

let sequence = 0;
const post = (path: string, fields: Record<string, string>, cookie?: string) => client(server, { ip: `198.51.100.${++sequence}`, cookie }).post(path, fields);
const get = (path: string, cookie?: string, base = server.url) => client(base).get(path, { cookie });
const fieldError = (html: string, id: string) => parseHtml(html).text(`#${id}-error`);
const cookieOf = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .find((cookie) => cookie.startsWith(`${name}=`) && cookie.length > name.length + 1);
/** The toast a redirect set, as the page it leads to shows it. */
const toastAfter = async (response: Response, signedIn?: string, base = server.url) => {
  const toast = cookieOf(response, "__toast");
  const session = cookieOf(response, "__session") ?? signedIn;
  const html = await (await get(response.headers.get("Location")!, [toast, session].filter(Boolean).join("; "), base)).text();
  return parseHtml(html).text("body");
};
const signIn = (email: string, password: string) => post("/login", { email, password });
const confirmLink = (to: string) => latestEmailConfirmLink(server.url, to);

describe("Change password (/account/password)", () => {
  it("sends visitors to sign in", async () => {
    const response = await get("/account/password");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Faccount%2Fpassword");
  });

  it("refuses a wrong current password (400, on its field) and keeps the old password", async () => {
    const cookie = await sessionCookieFor(server.ids.pass!);
    const response = await post("/account/password", { currentPassword: "not-it", password: "new-password-1", confirmPassword: "new-password-1" }, cookie);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(fieldError(html, "current-password")).toBe(WRONG_CURRENT_PASSWORD_MESSAGE);
    expect(html).not.toContain("new-password-1");
    expect((await signIn("own-pass@example.com", "old-password-1")).status).toBe(302);
  });

  it("asks for the new password with the sign-up and reset rules: long enough, typed twice alike", async () => {
    const cookie = await sessionCookieFor(server.ids.pass!);
    const short = await post("/account/password", { currentPassword: "old-password-1", password: "short", confirmPassword: "short" }, cookie);
    expect(short.status).toBe(400);
    expect(fieldError(await short.text(), "new-password")).toBe(MESSAGES.tooShort);
    const differ = await post(
      "/account/password",
      { currentPassword: "old-password-1", password: "new-password-1", confirmPassword: "new-password-2" },
      cookie,
    );
    expect(differ.status).toBe(400);
    expect(fieldError(await differ.text(), "confirm-password")).toBe(MESSAGES.mismatch);
    const empty = await post("/account/password", {}, cookie);
    expect(empty.status).toBe(400);
    expect(fieldError(await empty.text(), "current-password")).toBe(MESSAGES.empty);
  });

  it("refuses a common password, and one holding the member's name or e-mail, under the new password's field, and keeps the old one", async () => {
    const cookie = await sessionCookieFor(server.ids.weak!);
    // The record is named "Test Person <n>" (test/support/fixtures.ts).
    const cases: Array<[string, string]> = [
      ["password1", COMMON_PASSWORD_MESSAGE],
      ["QWERTYUIOP", COMMON_PASSWORD_MESSAGE],
      ["Own-Weak-2026", PERSONAL_PASSWORD_MESSAGE],
      ["my-test-of-time", PERSONAL_PASSWORD_MESSAGE],
    ];
    for (const [password, message] of cases) {
      const response = await post("/account/password", { currentPassword: "old-password-5", password, confirmPassword: password }, cookie);
      expect(response.status, password).toBe(400);
      const html = await response.text();
      expect(fieldError(html, "new-password"), password).toBe(message);
      expect(parseHtml(html).all("p.field-error")).toHaveLength(1);
      expect(html).not.toContain(password);
    }
    expect((await signIn("own-weak@example.com", "old-password-5")).status).toBe(302);
  });

  it("changes it: this browser stays signed in with a fresh session, every other session is signed out, and the member is told", async () => {
    const other = await sessionCookieFor(server.ids.pass!, Date.now() - 5000);
    const mine = await sessionCookieFor(server.ids.pass!, Date.now() - 1000);
    expect((await get("/mem-account", other)).status).toBe(200);

    const response = await post(
      "/account/password",
      { currentPassword: "old-password-1", password: "new-password-1", confirmPassword: "new-password-1" },
      mine,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/mem-account");
    const fresh = cookieOf(response, "__session");
    expect(fresh).toBeDefined();
    expect(await toastAfter(response)).toContain(OWN_PASSWORD_CHANGED_MESSAGE);

    expect((await get("/mem-account", fresh)).status).toBe(200);
    for (const old of [other, mine]) {
      const refused = await get("/mem-account", old);
      expect(refused.status).toBe(302);
      expect(refused.headers.get("Location")).toMatch(/^\/login/);
    }
    expect((await signIn("own-pass@example.com", "old-password-1")).status).toBe(401);
    expect((await signIn("own-pass@example.com", "new-password-1")).status).toBe(302);
    expect(await outboxTo(server.url, "own-pass@example.com", OWN_PASSWORD_CHANGED_SUBJECT)).toHaveLength(1);
  });
});

describe("Change e-mail (/account/email)", () => {
  it("refuses a wrong current password, the member's own address and one another member uses (in any case)", async () => {
    const cookie = await sessionCookieFor(server.ids.mail!);
    const wrong = await post("/account/email", { email: "own-new@example.com", currentPassword: "not-it" }, cookie);
    expect(wrong.status).toBe(400);
    const wrongHtml = await wrong.text();
    expect(fieldError(wrongHtml, "email-current-password")).toBe(WRONG_CURRENT_PASSWORD_MESSAGE);
    expect(parseHtml(wrongHtml).one("#new-email")?.attribs.value).toBe("own-new@example.com");

    const same = await post("/account/email", { email: "Own-Mail@Example.com", currentPassword: "old-password-2" }, cookie);
    expect(same.status).toBe(400);
    expect(fieldError(await same.text(), "new-email")).toBe(EMAIL_UNCHANGED_MESSAGE);

    const taken = await post("/account/email", { email: "OWN-OTHER@example.com", currentPassword: "old-password-2" }, cookie);
    expect(taken.status).toBe(400);
    expect(fieldError(await taken.text(), "new-email")).toBe(EMAIL_TAKEN_MESSAGE);

    const invalid = await post("/account/email", { email: "not an address", currentPassword: "old-password-2" }, cookie);
    expect(invalid.status).toBe(400);
    expect(await outboxTo(server.url, "own-new@example.com", CONFIRM_EMAIL_CHANGE_SUBJECT)).toHaveLength(0);
  });

  it("changes nothing until the link sent to the new address is confirmed; the link works once", async () => {
    const cookie = await sessionCookieFor(server.ids.mail!);
    const response = await post("/account/email", { email: "Own-New@Example.com", currentPassword: "old-password-2" }, cookie);
    expect(response.status).toBe(302);
    expect(await toastAfter(response, cookie)).toContain(emailLinkSentMessage("own-new@example.com"));

    // Both e-mails are in the outbox: the link to the new address, the notice to the old.
    expect(await outboxTo(server.url, "own-mail@example.com", EMAIL_CHANGE_REQUESTED_SUBJECT)).toHaveLength(1);
    const link = await confirmLink("own-new@example.com");
    expect(link).not.toBeNull();

    // Not yet: the old address still signs in, the new one does not.
    expect((await signIn("own-new@example.com", "old-password-2")).status).toBe(401);
    expect((await signIn("own-mail@example.com", "old-password-2")).status).toBe(302);

    // Opening the link only shows the button (a mail scanner following it changes nothing).
    const page = await get(link!);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const html = parseHtml(await page.text());
    expect(html.text("main")).toContain("own-new@example.com");
    expect(html.one('form[method="post"] button[type="submit"]')).not.toBeNull();
    expect((await signIn("own-mail@example.com", "old-password-2")).status).toBe(302);

    const confirmed = await post(link!, {}, cookie);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe("/login");
    expect(await toastAfter(confirmed)).toContain(EMAIL_CHANGED_MESSAGE);
    expect((await signIn("own-new@example.com", "old-password-2")).status).toBe(302);
    expect((await signIn("own-mail@example.com", "old-password-2")).status).toBe(401);

    // Used: it says so, and changes nothing.
    const again = await post(link!, {});
    expect(again.status).toBe(404);
    expect(parseHtml(await again.text()).text('[role="alert"]')).toBe(EMAIL_LINK_USED_MESSAGE);
    const reopened = await get(link!);
    expect(reopened.status).toBe(404);
    expect(parseHtml(await reopened.text()).text('[role="alert"]')).toBe(EMAIL_LINK_USED_MESSAGE);
  });

  it("refuses the change when another member took the address after the link was sent", async () => {
    const racer = await sessionCookieFor(server.ids.racer!);
    const other = await sessionCookieFor(server.ids.other!);
    expect((await post("/account/email", { email: "contested@example.com", currentPassword: "old-password-4" }, racer)).status).toBe(302);
    const racerLink = await confirmLink("contested@example.com");
    expect((await post("/account/email", { email: "contested@example.com", currentPassword: "old-password-3" }, other)).status).toBe(302);
    const links = await outboxTo(server.url, "contested@example.com", CONFIRM_EMAIL_CHANGE_SUBJECT);
    expect(links).toHaveLength(2);
    const otherLink = await confirmLink("contested@example.com");
    expect(otherLink).not.toBe(racerLink);

    expect((await post(otherLink!, {})).status).toBe(302);
    const late = await post(racerLink!, {});
    expect(late.status).toBe(409);
    expect(parseHtml(await late.text()).text('[role="alert"]')).toBe(EMAIL_TAKEN_MESSAGE);
    expect((await signIn("own-racer@example.com", "old-password-4")).status).toBe(302);
  });

  it("says a tampered or made-up link is invalid", async () => {
    for (const path of ["/account/email/confirm/not-a-token", "/account/email/confirm/YWJj.zzzzzz.AAAA"]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(parseHtml(await response.text()).text('[role="alert"]')).toBe(EMAIL_LINK_INVALID_MESSAGE);
    }
  });
});

/**
 * The review's flood of change-of-e-mail requests, replayed on both stores (a fake Cockpit
 * holds the members of the second), each on a server of its own.
 */
for (const kind of ["d1", "cockpit"] as const) {
  describe(`Change e-mail: at most three links to one address (${kind})`, () => {
    let own: AccountsServer;
    beforeAll(async () => {
      own = await startServerWithAccounts(
        [
          { key: "flood", email: "own-flood@example.com", password: "old-password-5" },
          { key: "second", email: "own-second@example.com", password: "old-password-6" },
        ],
        { store: kind },
      );
    });
    afterAll(async () => {
      await own?.stop();
    });
    const postTo = (path: string, fields: Record<string, string>, cookie?: string) =>
      formPost(own.url, path, fields, { ip: `198.51.100.${++sequence}`, cookie });

    it("sends a member's 25 requests for one address only three times, answering each the same, and nothing more to that address that day", async () => {
      // The replay of the review's finding: 25 posts with the right password sent 25 links and 25 notices.
      const victim = "victim@example.net";
      const flood = await sessionCookieFor(own.ids.flood!);
      const answers: Response[] = [];
      for (let n = 1; n <= 25; n++) {
        const response = await postTo("/account/email", { email: victim, currentPassword: "old-password-5" }, flood);
        expect(response.status, `request ${n}`).toBe(302);
        expect(response.headers.get("Location"), `request ${n}`).toBe("/mem-account");
        answers.push(response);
      }
      // Past the limit the answer is the one a sent link gets: nothing tells the limit apart.
      expect(await toastAfter(answers[2]!, flood, own.url)).toContain(emailLinkSentMessage(victim));
      expect(await toastAfter(answers[24]!, flood, own.url)).toContain(emailLinkSentMessage(victim));
      expect(await outboxTo(own.url, victim, CONFIRM_EMAIL_CHANGE_SUBJECT)).toHaveLength(3);
      expect(await outboxTo(own.url, "own-flood@example.com", EMAIL_CHANGE_REQUESTED_SUBJECT)).toHaveLength(3);

      // Another member naming the same address the same day: answered the same, nothing sent to either address.
      const second = await sessionCookieFor(own.ids.second!);
      const other = await postTo("/account/email", { email: "Victim@Example.net", currentPassword: "old-password-6" }, second);
      expect(other.status).toBe(302);
      expect(await toastAfter(other, second, own.url)).toContain(emailLinkSentMessage(victim));
      expect(await outboxTo(own.url, victim, CONFIRM_EMAIL_CHANGE_SUBJECT)).toHaveLength(3);
      expect(await outboxTo(own.url, "own-second@example.com", EMAIL_CHANGE_REQUESTED_SUBJECT)).toHaveLength(0);
      // That member may still ask for an address of their own.
      expect((await postTo("/account/email", { email: "second-new@example.net", currentPassword: "old-password-6" }, second)).status).toBe(302);
      expect(await outboxTo(own.url, "second-new@example.net", CONFIRM_EMAIL_CHANGE_SUBJECT)).toHaveLength(1);
    });
  });
}
