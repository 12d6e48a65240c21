import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../../../support/contact";
import { client } from "../../../support/client";
import { startFakeResend, type FakeResend } from "../../../support/fake-resend";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount, sessionCookieFor } from "../../../support/session";

/**
 * A private server whose e-mail goes to a fake Resend (RESEND_API_KEY + RESEND_API_URL)
 * that refuses every message: the sender's work still succeeds, and the accountants'
 * outbox shows the failure with the provider's message. Then it accepts again: "Sent"
 * with the provider's id.
 */
const OLD_EMAILS = 55;
let resend: FakeResend;
let server: SeededServer;
const FAILURE = { status: 422, name: "validation_error", message: "Fake Resend refuses: the domain is not verified." };

beforeAll(async () => {
  resend = await startFakeResend({ failWith: FAILURE });
  server = await startSeededServer({
    vars: { RESEND_API_KEY: "re_fake_test_key", RESEND_API_URL: resend.url },
    // 55 old e-mails, so the outbox has a second page.
    prepare: async (db) => {
      const insert = db.prepare(
        "INSERT INTO outbox (id, recipients, subject, html, text, purpose, status, provider, created_at, updated_at) VALUES (?, ?, ?, '<p>old</p>', 'old', 'contact', 'sent', 'resend', ?, ?)",
      );
      await db.batch(
        Array.from({ length: OLD_EMAILS }, (_, i) =>
          insert.bind(`0000000000000000000000${String(i).padStart(2, "0")}`, '["old@example.org"]', `Old e-mail ${i}`, 1_700_000_000 + i, 1_700_000_000 + i),
        ),
      );
    },
  });
});

afterAll(async () => {
  await server?.stop();
  await resend?.stop();
});

const decode = (html: string) =>
  html.replace(/&(lt|gt|quot|#x27|#39|amp);/g, (_, entity: string) => ({ lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'", amp: "&" })[entity]!);

const post = (path: string, fields: Record<string, string>, ip: string) => client(server, { ip }).post(path, fields);

async function outboxList(): Promise<string> {
  const response = await fetch(`${server.url}/accounts/emails`, { headers: { Cookie: await sessionCookieFor(demoAccount("treasurer").id) } });
  expect(response.status).toBe(200);
  return decode(await response.text());
}

/** The table row (its cells' HTML) of the e-mail with this subject. */
function rowOf(list: string, subject: string): string {
  return new RegExp(`<tr>((?:(?!</tr>).)*>${subject.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}</a>(?:(?!</tr>).)*)</tr>`, "s").exec(list)?.[1] ?? "";
}

describe("the outbox's pages", () => {
  it("shows 50 e-mails a page, newest first, with plain Older/Newer links", async () => {
    const cookie = await sessionCookieFor(demoAccount("treasurer").id);
    const first = decode(await (await fetch(`${server.url}/accounts/emails`, { headers: { Cookie: cookie } })).text());
    expect(first.match(/<tr><td>/g)).toHaveLength(50);
    expect(first).toContain("Page 1 of 2");
    expect(first).toMatch(/<a [^>]*href="\/accounts\/emails\?page=2"[^>]*>Older<\/a>/);
    expect(first).not.toContain(">Newer</a>");
    expect(first).toContain(">Old e-mail 54</a>");
    expect(first).not.toContain(">Old e-mail 0</a>");
    const second = decode(await (await fetch(`${server.url}/accounts/emails?page=2`, { headers: { Cookie: cookie } })).text());
    expect(second).toContain("Page 2 of 2");
    expect(second).toMatch(/<a [^>]*href="\/accounts\/emails\?page=1"[^>]*>Newer<\/a>/);
    expect(second.indexOf(">Old e-mail 1</a>")).toBeLessThan(second.indexOf(">Old e-mail 0</a>"));
    expect(second).not.toContain(">Old e-mail 54</a>");
    const beyond = decode(await (await fetch(`${server.url}/accounts/emails?page=40`, { headers: { Cookie: cookie } })).text());
    expect(beyond).toContain("Page 2 of 2");
  });
});

describe("e-mail through a failing provider (fake Resend)", () => {
  it("the contact form still succeeds; the outbox row says Failed with the provider's message", async () => {
    const email = uniqueEmail("resend-fail");
    const subject = `Provider down ${email.split("@")[0]}`;
    const response = await post("/contact", { name: "Ada", lastname: "Lovelace", email, subject, notes: "Hello" }, "198.18.9.1");
    expect(response.status).toBe(302);
    expect(resend.requests.at(-1)).toMatchObject({ authorization: "Bearer re_fake_test_key", body: { subject: `MMA Contact Form: ${subject}` } });

    const row = rowOf(await outboxList(), `MMA Contact Form: ${subject}`);
    expect(row).toContain(">Failed</td>");
    expect(row).toContain(FAILURE.message);
    expect(row).not.toContain("Kept (no provider)");
  });

  it("an accountant sends a failed e-mail again: Failed while the provider refuses, Sent once it accepts, never twice", async () => {
    const email = uniqueEmail("resend-again");
    const subject = `MMA Contact Form: Send again ${email.split("@")[0]}`;
    expect(
      (await post("/contact", { name: "Ada", lastname: "Lovelace", email, subject: subject.slice("MMA Contact Form: ".length), notes: "Hello" }, "198.18.9.3"))
        .status,
    ).toBe(302);
    const id = /href="\/accounts\/emails\/([^"]+)"/.exec(rowOf(await outboxList(), subject))![1]!;
    const cookie = await sessionCookieFor(demoAccount("treasurer").id);
    const page = () => fetch(`${server.url}/accounts/emails/${id}`, { headers: { Cookie: cookie } }).then(async (r) => decode(await r.text()));
    const sendAs = (who: string) =>
      fetch(`${server.url}/accounts/emails/${id}`, {
        method: "POST",
        redirect: "manual",
        body: "",
        headers: { Cookie: who, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      });
    const sendAgain = () => sendAs(cookie);
    expect(await page()).toContain("Send again</button>");
    // Only an accountant may.
    const refused = await sendAs(await sessionCookieFor(demoAccount("member").id));
    expect(refused.headers.get("Location") ?? "").not.toContain("/accounts/emails");
    expect(resend.requests.filter((r) => r.body.subject === subject)).toHaveLength(1);

    const before = resend.requests.length;
    expect((await sendAgain()).status).toBe(302);
    expect(resend.requests.length).toBe(before + 1);
    expect(rowOf(await outboxList(), subject)).toContain(">Failed</td>");

    resend.failWith(null);
    expect((await sendAgain()).status).toBe(302);
    expect(resend.requests.at(-1)).toMatchObject({ body: { subject } });
    const row = rowOf(await outboxList(), subject);
    expect(row).toContain(">Sent</td>");
    expect(row).toMatch(/>fake-resend-\d{4}<\/td>/);
    expect(await page()).not.toContain("Send again</button>");
    // A second press sends nothing more.
    const sent = resend.requests.length;
    expect((await sendAgain()).status).toBe(302);
    expect(resend.requests.length).toBe(sent);
    resend.failWith(FAILURE);
  });

  it("five 'Send again' presses at once on one failed e-mail send it once", async () => {
    resend.failWith(FAILURE);
    const email = uniqueEmail("resend-race");
    const subject = `MMA Contact Form: Race ${email.split("@")[0]}`;
    expect(
      (await post("/contact", { name: "Ada", lastname: "Lovelace", email, subject: subject.slice("MMA Contact Form: ".length), notes: "Hello" }, "198.18.9.4"))
        .status,
    ).toBe(302);
    const id = /href="\/accounts\/emails\/([^"]+)"/.exec(rowOf(await outboxList(), subject))![1]!;
    const cookie = await sessionCookieFor(demoAccount("treasurer").id);
    resend.failWith(null);
    // A slow provider: every press arrives while the first send is still on its way.
    resend.setDelay(500);
    const presses = await Promise.all(
      Array.from({ length: 5 }, () =>
        fetch(`${server.url}/accounts/emails/${id}`, {
          method: "POST",
          redirect: "manual",
          body: "",
          headers: { Cookie: cookie, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
        }),
      ),
    );
    expect(presses.map((r) => r.status)).toEqual([302, 302, 302, 302, 302]);
    // The first (failed) attempt from the contact form, then exactly one more.
    expect(resend.requests.filter((r) => r.body.subject === subject)).toHaveLength(2);
    resend.setDelay(0);
    expect(rowOf(await outboxList(), subject)).toContain(">Sent</td>");
    resend.failWith(FAILURE);
  });

  it("once the provider accepts, the row says Sent with the provider's id", async () => {
    resend.failWith(null);
    const email = uniqueEmail("resend-ok");
    const subject = `Provider up ${email.split("@")[0]}`;
    expect((await post("/contact", { name: "Ada", lastname: "Lovelace", email, subject, notes: "Hello" }, "198.18.9.2")).status).toBe(302);
    const row = rowOf(await outboxList(), `MMA Contact Form: ${subject}`);
    expect(row).toContain(">Sent</td>");
    expect(row).toMatch(/>fake-resend-\d{4}<\/td>/);
  });

  it("an accountant sees a reset-link e-mail's headers but not its link", async () => {
    const single = demoAccount("single");
    expect((await post("/forgot-password", { email: single.email }, "198.18.9.3")).status).toBeLessThan(500);
    const body = resend.requests.at(-1)!.body;
    expect(body.text).toMatch(/\/reset-account-password\//);
    const list = await outboxList();
    const href = new RegExp(`href="(/accounts/emails/[0-9a-f]{24})"[^>]*>${String(body.subject)}<`).exec(list)?.[1];
    expect(href).toBeTruthy();
    const page = decode(await (await fetch(`${server.url}${href}`, { headers: { Cookie: await sessionCookieFor(demoAccount("treasurer").id) } })).text());
    expect(page).toContain(single.email);
    expect(page).not.toContain("/reset-account-password/");
    expect(page).toContain("one-time password reset link");
  });
});
