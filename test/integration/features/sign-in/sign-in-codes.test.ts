import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_CODE_RATE_RULES } from "~/kernel/http/rate-limits";
import {
  CODE_ENDED_MESSAGE,
  CODE_EXPIRED_MESSAGE,
  CODE_OTHER_BROWSER_MESSAGE,
  CODE_SENT_MESSAGE,
  CODE_SHAPE_MESSAGE,
  CODE_USED_MESSAGE,
  CODE_WRONG_MESSAGE,
  SIGN_IN_CODE_MAX_FAILURES,
} from "~/features/sign-in/sign-in-code";
import { SIGN_IN_CODE_SUBJECT } from "~/features/sign-in/emails/SignInCodeEmail";
import { d1Outbox } from "~/kernel/store/d1/outbox.server";
import { client } from "../../../support/client";
import { setCookieLine, setCookiePair } from "../../../support/cookies";
import { fieldErrors, formMessage, parseHtml } from "../../../support/html";
import { MESSAGES, outboxTo, startServerWithAccounts, uniqueAddress, type AccountsServer } from "../../../support/password-reset";
import { withServerD1 } from "../../../support/server-d1";
import { createD1Store } from "~/kernel/store/d1/index.server";

/**
 * "E-mail me a sign-in code" (docs/decisions/0069) over HTTP, on a private server (its own D1 and
 * counters) with accounts of its own: every refusal, the limits, and what is kept.
 */
const ACCOUNTS = [
  { key: "member", email: "code-member@example.com", password: "code-password-1" },
  { key: "applicant", email: "code-applicant@example.com", password: "code-password-2", patch: { active: false } },
  { key: "limited", email: "code-limited@example.com", password: "code-password-3" },
  { key: "deleted", email: "code-deleted@example.com", password: "code-password-4", patch: { deleted: true } },
  { key: "twoStep", email: "code-two-step@example.com", password: "code-password-5" },
];

let server: AccountsServer;
beforeAll(async () => {
  server = await startServerWithAccounts(ACCOUNTS, { store: "d1" });
});
afterAll(async () => {
  await server?.stop();
});

let sequence = 0;
/** A fresh address for each browser, so the address's counter never meets another test's. */
const nextAddress = () => `192.0.2.${(++sequence % 250) + 1}`;

/** One browser: its address and the cookies it was given, sent back on each request. */
function browser(ip = nextAddress()) {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, value = ""] = pair!.trim().split(/=(.*)/s);
      if (/max-age=0/i.test(line) || value === "") jar.delete(name!);
      else jar.set(name!, value);
    }
    return response;
  };
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ") || undefined;
  return {
    ip,
    jar,
    get: async (path: string) => keep(await client(server, { ip, cookie: cookie() }).get(path)),
    post: async (path: string, fields: Record<string, string>) => keep(await client(server, { ip, cookie: cookie() }).post(path, fields)),
    askForCode: async (email: string, redirectTo?: string) =>
      keep(await client(server, { ip, cookie: cookie() }).post("/login/code", { intent: "send", email, ...(redirectTo ? { redirectTo } : {}) })),
    enterCode: async (code: string) => keep(await client(server, { ip, cookie: cookie() }).post("/login/code", { intent: "code", code })),
  };
}

/** The newest code e-mail to this address: its code and its link's path (read from the plain-text part, as a member reads it). */
async function latestCode(to: string): Promise<{ code: string; link: string; text: string } | null> {
  const [newest] = await outboxTo(server.url, to, SIGN_IN_CODE_SUBJECT);
  if (!newest) return null;
  const code = /\b(\d{6})\b/.exec(newest.text)?.[1];
  const link = /https?:\/\/[^\s"<>\]]+\/login\/code\/[0-9a-f]{32}\/[0-9a-f]{32}/.exec(newest.text)?.[0];
  return code && link ? { code, link: new URL(link).pathname, text: newest.text } : null;
}

/** A different 6-digit code from `code`. */
const wrong = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, "0");

const signedInAt = async (cookies: Map<string, string>) => {
  const response = await client(server, { cookie: `__session=${cookies.get("__session")}` }).get("/login");
  return response.status === 302 ? response.headers.get("Location") : null;
};

describe("E-mail me a sign-in code: asking", () => {
  it("offers the code on /login beside the password: a second button of the Sign In form, posting it to /login/code", async () => {
    const page = parseHtml(await (await client(server).get("/login")).text());
    const button = page.one('form[method="post" i] button[type="submit"][formaction="/login/code"][name="intent"][value="send"]');
    expect(button).not.toBeNull();
    expect(page.text('button[formaction="/login/code"]')).toBe("E-mail me a sign-in code");
    expect(page.text("#send-code-hint")).toContain("No password to hand?");
    // The e-mail is typed once, in the Sign In form's own field.
    expect(page.all('input[name="email"]')).toHaveLength(1);
  });

  it("asks from the Sign In form as posted with that button (password field and all), keeping where to go after", async () => {
    const member = browser();
    const response = await member.post("/login/code", { email: "code-member@example.com", password: "", redirectTo: "/documents", intent: "send" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login/code");
    const { code } = (await latestCode("code-member@example.com"))!;
    const signedIn = await member.enterCode(code);
    expect(signedIn.headers.get("Location")).toBe("/documents");
  });

  it("answers a member's address and nobody's alike: the code form and a cookie; only the member gets an e-mail", async () => {
    const member = browser();
    const asked = await member.askForCode("Code-Member@Example.com");
    const nobody = browser();
    const unknown = uniqueAddress("nobody");
    const askedNobody = await nobody.askForCode(unknown);
    for (const response of [asked, askedNobody]) {
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/login/code");
      const line = setCookieLine(response, "__sign_in_code")!;
      expect(line).toMatch(/;\s*HttpOnly/i);
      expect(line).toMatch(/;\s*Path=\/login/i);
      expect(line).toMatch(/;\s*SameSite=Lax/i);
    }
    expect(await outboxTo(server.url, unknown, SIGN_IN_CODE_SUBJECT)).toHaveLength(0);
    const sent = await latestCode("code-member@example.com");
    expect(sent).not.toBeNull();
    // The plain-text part reads as a letter: the code on its own line and the link.
    expect(sent!.text).toContain("Your sign-in code is:");
    expect(sent!.text).toMatch(new RegExp(`^${sent!.code}$`, "m"));
    expect(sent!.text).toContain("only in the browser where you asked");
    // The e-mail names the member it is about (their data, ADR 56), and the D1 row keeps hashes only.
    const { email, row } = await withServerD1(server.persistTo, async (db) => ({
      email: (await d1Outbox(db).list()).rows.find((e) => e.subject === SIGN_IN_CODE_SUBJECT && e.to.includes("code-member@example.com")),
      row: await db
        .prepare("SELECT * FROM sign_in_codes WHERE member_id = ?1 ORDER BY created_at DESC LIMIT 1")
        .bind(server.ids.member!)
        .first<Record<string, unknown>>(),
    }));
    expect(email?.memberId).toBe(server.ids.member);
    expect(row).not.toBeNull();
    expect(Object.values(row!).map(String).join(" ")).not.toContain(sent!.code);
    expect(String(row!.code_hash)).toMatch(/^[0-9a-f]{64}$/);

    // Both pages then look the same: the code form, with one-time-code autofill and a number pad.
    for (const who of [member, nobody]) {
      const html = await (await who.get("/login/code")).text();
      const page = parseHtml(html);
      expect(page.text("#enter-code-title")).toBe("Enter your sign-in code");
      expect(html).toContain(CODE_SENT_MESSAGE);
      const input = page.one('input[name="code"]');
      expect(input?.attribs.autocomplete).toBe("one-time-code");
      expect(input?.attribs.inputmode).toBe("numeric");
      expect(input?.attribs.pattern).toBe("[0-9]{6}");
    }
  });

  it("refuses an empty or invalid e-mail with the field's message (400)", async () => {
    for (const email of ["", "not-an-address"]) {
      const response = await browser().askForCode(email);
      expect(response.status).toBe(400);
      expect(fieldErrors(await response.text())).toEqual([["send-code-email-error", MESSAGES.empty]]);
      expect(setCookiePair(response, "__sign_in_code")).toBeNull();
    }
  });
});

describe("E-mail me a sign-in code: signing in", () => {
  it("signs a member in with the code once: a session, the device cookie, the code's cookie gone; the same code again is refused", async () => {
    const member = browser();
    await member.askForCode("code-member@example.com", "/documents");
    const pending = member.jar.get("__sign_in_code")!;
    const { code } = (await latestCode("code-member@example.com"))!;
    const response = await member.enterCode(code);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/documents");
    expect(setCookiePair(response, "__session")).toMatch(/^__session=.+/);
    expect(setCookiePair(response, "__device")).toMatch(/^__device=.+/);
    expect(setCookieLine(response, "__sign_in_code")).toMatch(/Max-Age=0/i);
    expect(await signedInAt(member.jar)).toBe("/mem-account");

    // The same code again from the same browser, its cookie put back (a replayed request): used.
    member.jar.set("__sign_in_code", pending);
    const reused = await member.enterCode(code);
    expect(reused.status).toBe(410);
    expect(formMessage(await reused.text())).toBe(CODE_USED_MESSAGE);
  });

  it("leaves a member with two-step verification signed in to nobody after the right code: the second step comes next (ADR 71)", async () => {
    await withServerD1(server.persistTo, async (db) => {
      const twoStep = createD1Store(db).twoStep;
      await twoStep.begin(server.ids.twoStep!, "sealed-secret", 1_700_000_000);
      await twoStep.confirm(server.ids.twoStep!, 1_700_000_030, 56_666_667, ["hash-one"]);
    });
    const member = browser();
    await member.askForCode("code-two-step@example.com", "/documents");
    const { code } = (await latestCode("code-two-step@example.com"))!;
    const response = await member.enterCode(code);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login/two-step?${new URLSearchParams({ redirectTo: "/documents" })}`);
    // The session exists but signs nobody in: /login still offers itself instead of sending them home.
    expect(setCookiePair(response, "__session")).toMatch(/^__session=.+/);
    expect(await signedInAt(member.jar)).toBeNull();
  });

  it("refuses a code in another browser (no cookie, or another code's) and leaves the code working where it was asked for", async () => {
    const owner = browser();
    await owner.askForCode("code-member@example.com");
    const { code, link } = (await latestCode("code-member@example.com"))!;

    const stranger = browser();
    const noCookie = await stranger.enterCode(code);
    expect(noCookie.status).toBe(403);
    expect(formMessage(await noCookie.text())).toBe(CODE_OTHER_BROWSER_MESSAGE);
    // The link opened elsewhere (a mail scanner, a forwarded e-mail): the same refusal, no session.
    const linkElsewhere = await stranger.get(link);
    expect(linkElsewhere.status).toBe(403);
    expect(formMessage(await linkElsewhere.text())).toBe(CODE_OTHER_BROWSER_MESSAGE);
    expect(setCookiePair(linkElsewhere, "__session")).toBeNull();
    // A browser waiting for a code of its own (asked for nobody's address) cannot use this one.
    await stranger.askForCode(uniqueAddress("stranger"));
    const otherCode = await stranger.enterCode(code);
    expect(otherCode.status).toBe(401);
    expect(formMessage(await otherCode.text())).toBe(CODE_WRONG_MESSAGE);
    const otherLink = await stranger.get(link);
    expect(otherLink.status).toBe(403);

    // Nothing changed for the owner: the one-tap link signs them in.
    const tapped = await owner.get(link);
    expect(tapped.status).toBe(302);
    expect(tapped.headers.get("Location")).toBe("/mem-account");
    expect(setCookiePair(tapped, "__device")).toMatch(/^__device=.+/);
    const tappedAgain = await owner.get(link);
    expect(tappedAgain.status).toBe(403); // the code's cookie went with the sign-in
  });

  it(`ends a code at its ${SIGN_IN_CODE_MAX_FAILURES}th wrong try: the right one is refused after`, async () => {
    const member = browser();
    await member.askForCode("code-member@example.com");
    const { code } = (await latestCode("code-member@example.com"))!;
    for (let n = 1; n < SIGN_IN_CODE_MAX_FAILURES; n++) {
      const response = await member.enterCode(wrong(code, n));
      expect(response.status).toBe(401);
      expect(formMessage(await response.text())).toBe(CODE_WRONG_MESSAGE);
    }
    const last = await member.enterCode(wrong(code, SIGN_IN_CODE_MAX_FAILURES));
    expect(last.status).toBe(410);
    expect(formMessage(await last.text())).toBe(CODE_ENDED_MESSAGE);
    const right = await member.enterCode(code);
    expect(right.status).toBe(410);
    expect(formMessage(await right.text())).toBe(CODE_ENDED_MESSAGE);
    expect(setCookiePair(right, "__session")).toBeNull();
  });

  it("refuses an expired code, and a code that is not six digits (400, nothing counted)", async () => {
    const member = browser();
    await member.askForCode("code-member@example.com");
    const { code } = (await latestCode("code-member@example.com"))!;
    const shape = await member.enterCode("12ab");
    expect(shape.status).toBe(400);
    expect(fieldErrors(await shape.text())).toEqual([["enter-code-error", CODE_SHAPE_MESSAGE]]);
    // Ten minutes later (the row's time moved back instead of waiting).
    await withServerD1(server.persistTo, (db) =>
      db.prepare("UPDATE sign_in_codes SET expires_at = created_at - 1 WHERE member_id = ?1 AND used_at IS NULL").bind(server.ids.member!).run(),
    );
    const expired = await member.enterCode(code);
    expect(expired.status).toBe(410);
    expect(formMessage(await expired.text())).toBe(CODE_EXPIRED_MESSAGE);
  });

  it("gives an applicant under review the under-review error after the right code, and a deleted member's address no e-mail", async () => {
    const applicant = browser();
    await applicant.askForCode("code-applicant@example.com");
    const { code } = (await latestCode("code-applicant@example.com"))!;
    const wrongFirst = await applicant.enterCode(wrong(code));
    expect(formMessage(await wrongFirst.text())).toBe(CODE_WRONG_MESSAGE);
    const response = await applicant.enterCode(code);
    expect(response.status).toBe(403);
    expect(formMessage(await response.text())).toBe(MESSAGES.underReview);
    expect(setCookiePair(response, "__session")).toBeNull();

    expect((await browser().askForCode("code-deleted@example.com")).status).toBe(302);
    expect(await outboxTo(server.url, "code-deleted@example.com", SIGN_IN_CODE_SUBJECT)).toHaveLength(0);
  });
});

describe("E-mail me a sign-in code: limits", () => {
  it(`answers 429 past ${SIGN_IN_CODE_RATE_RULES.perEmail.limit} codes a day for one e-mail from unknown browsers, a member's or nobody's alike, but never the owner's known browser`, async () => {
    // The owner signed in here before (the device cookie).
    const home = browser();
    const signIn = await home.post("/login", { email: "code-limited@example.com", password: "code-password-3" });
    expect(signIn.status).toBe(302);
    const unknown = uniqueAddress("limited-nobody");
    for (const email of ["code-limited@example.com", unknown]) {
      for (let n = 1; n <= SIGN_IN_CODE_RATE_RULES.perEmail.limit; n++) expect((await browser().askForCode(email)).status).toBe(302);
      const refused = await browser().askForCode(email);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(formMessage(await refused.text())).toBe(MESSAGES.tooMany);
      expect(setCookiePair(refused, "__sign_in_code")).toBeNull();
    }
    expect(await outboxTo(server.url, "code-limited@example.com", SIGN_IN_CODE_SUBJECT)).toHaveLength(SIGN_IN_CODE_RATE_RULES.perEmail.limit);
    // The owner's own browser still gets a code, and signs in with it.
    expect((await home.askForCode("code-limited@example.com")).status).toBe(302);
    const { code } = (await latestCode("code-limited@example.com"))!;
    expect((await home.enterCode(code)).status).toBe(302);
  });

  it(`answers 429 past ${SIGN_IN_CODE_RATE_RULES.perIp.limit} codes an hour from one address`, async () => {
    const venue = "198.51.100.31";
    for (let n = 1; n <= SIGN_IN_CODE_RATE_RULES.perIp.limit; n++) expect((await browser(venue).askForCode(uniqueAddress(`venue-${n}`))).status).toBe(302);
    const refused = await browser(venue).askForCode(uniqueAddress("venue-over"));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});
