import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../../../support/contact";
import { client } from "../../../support/client";
import { startFakeResend, type FakeResend } from "../../../support/fake-resend";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import type { Element } from "domhandler";
import { pageText, parseHtml, textOf, within, type ParsedPage } from "../../../support/html";
import { demoAccount } from "../../../support/session";

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

const post = (path: string, fields: Record<string, string>, ip: string) => client(server, { ip }).post(path, fields);
const accountant = () => client(server).as(demoAccount("treasurer").id);

async function outboxList(path = "/accounts/emails"): Promise<ParsedPage> {
  const response = await accountant().get(path);
  expect(response.status).toBe(200);
  return parseHtml(await response.text());
}

/** The table row of the e-mail with this subject (its link's text). */
function rowOf(list: ParsedPage, subject: string): Element {
  const row = list.all("tr").find((tr) =>
    within(tr)
      .all("a")
      .some((a) => textOf(a) === subject),
  );
  expect(row, subject).toBeDefined();
  return row!;
}

/** The text of each cell of a row. */
const cellsOf = (row: Element) =>
  within(row)
    .all("td")
    .map((td) => textOf(td));

/** The e-mail's id, from the row's link to it. */
const idIn = (row: Element) => within(row).one('a[href^="/accounts/emails/"]')!.attribs.href!.slice("/accounts/emails/".length);

/** The texts of the page's links. */
const linkTexts = (page: ParsedPage) => page.all("a").map((a) => textOf(a));

/** A link with this address and text, or undefined. */
const linkTo = (page: ParsedPage, href: string, text: string) => page.all(`a[href="${href}"]`).find((a) => textOf(a) === text);

/** Whether the page has a button whose text ends in "Send again". */
const hasSendAgain = (page: ParsedPage) => page.all("button").some((button) => textOf(button).endsWith("Send again"));

/** Everything a page holds, decoded: its text (scripts too) and every attribute's value (an iframe's srcdoc, a link's href). */
const everything = (page: ParsedPage) =>
  [pageText(page.document, { scripts: true }), ...page.all("*").flatMap((element) => Object.values(element.attribs))].join(" ");

describe("the outbox's pages", () => {
  it("shows 50 e-mails a page, newest first, with plain Older/Newer links", async () => {
    const first = await outboxList();
    expect(first.all("tr").filter((tr) => (tr.children.find((cell) => cell.type === "tag") as Element | undefined)?.name === "td")).toHaveLength(50);
    expect(pageText(first.document)).toContain("Page 1 of 2");
    expect(linkTo(first, "/accounts/emails?page=2", "Older")).toBeDefined();
    expect(linkTexts(first)).not.toContain("Newer");
    expect(linkTexts(first)).toContain("Old e-mail 54");
    expect(linkTexts(first)).not.toContain("Old e-mail 0");
    const second = await outboxList("/accounts/emails?page=2");
    expect(pageText(second.document)).toContain("Page 2 of 2");
    expect(linkTo(second, "/accounts/emails?page=1", "Newer")).toBeDefined();
    expect(linkTexts(second).indexOf("Old e-mail 1")).toBeGreaterThan(-1);
    expect(linkTexts(second).indexOf("Old e-mail 1")).toBeLessThan(linkTexts(second).indexOf("Old e-mail 0"));
    expect(linkTexts(second)).not.toContain("Old e-mail 54");
    const beyond = await outboxList("/accounts/emails?page=40");
    expect(pageText(beyond.document)).toContain("Page 2 of 2");
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
    expect(cellsOf(row)).toContain("Failed");
    expect(pageText(row)).toContain(FAILURE.message);
    expect(pageText(row)).not.toContain("Kept (no provider)");
  });

  it("an accountant sends a failed e-mail again: Failed while the provider refuses, Sent once it accepts, never twice", async () => {
    const email = uniqueEmail("resend-again");
    const subject = `MMA Contact Form: Send again ${email.split("@")[0]}`;
    expect(
      (await post("/contact", { name: "Ada", lastname: "Lovelace", email, subject: subject.slice("MMA Contact Form: ".length), notes: "Hello" }, "198.18.9.3"))
        .status,
    ).toBe(302);
    const id = idIn(rowOf(await outboxList(), subject));
    const page = () => outboxList(`/accounts/emails/${id}`);
    const sendAs = (who: string) => client(server).as(who).post(`/accounts/emails/${id}`);
    const sendAgain = () => sendAs(demoAccount("treasurer").id);
    expect(hasSendAgain(await page())).toBe(true);
    // Only an accountant may.
    const refused = await sendAs(demoAccount("member").id);
    expect(refused.headers.get("Location") ?? "").not.toContain("/accounts/emails");
    expect(resend.requests.filter((r) => r.body.subject === subject)).toHaveLength(1);

    const before = resend.requests.length;
    expect((await sendAgain()).status).toBe(302);
    expect(resend.requests.length).toBe(before + 1);
    expect(cellsOf(rowOf(await outboxList(), subject))).toContain("Failed");

    resend.failWith(null);
    expect((await sendAgain()).status).toBe(302);
    expect(resend.requests.at(-1)).toMatchObject({ body: { subject } });
    const row = cellsOf(rowOf(await outboxList(), subject));
    expect(row).toContain("Sent");
    expect(row.some((cell) => /^fake-resend-\d{4}$/.test(cell))).toBe(true);
    expect(hasSendAgain(await page())).toBe(false);
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
    const id = idIn(rowOf(await outboxList(), subject));
    resend.failWith(null);
    // A slow provider: every press arrives while the first send is still on its way.
    resend.setDelay(500);
    const presses = await Promise.all(Array.from({ length: 5 }, () => accountant().post(`/accounts/emails/${id}`)));
    expect(presses.map((r) => r.status)).toEqual([302, 302, 302, 302, 302]);
    // The first (failed) attempt from the contact form, then exactly one more.
    expect(resend.requests.filter((r) => r.body.subject === subject)).toHaveLength(2);
    resend.setDelay(0);
    expect(cellsOf(rowOf(await outboxList(), subject))).toContain("Sent");
    resend.failWith(FAILURE);
  });

  it("once the provider accepts, the row says Sent with the provider's id", async () => {
    resend.failWith(null);
    const email = uniqueEmail("resend-ok");
    const subject = `Provider up ${email.split("@")[0]}`;
    expect((await post("/contact", { name: "Ada", lastname: "Lovelace", email, subject, notes: "Hello" }, "198.18.9.2")).status).toBe(302);
    const row = cellsOf(rowOf(await outboxList(), `MMA Contact Form: ${subject}`));
    expect(row).toContain("Sent");
    expect(row.some((cell) => /^fake-resend-\d{4}$/.test(cell))).toBe(true);
  });

  it("an accountant sees a reset-link e-mail's headers but not its link", async () => {
    const single = demoAccount("single");
    expect((await post("/forgot-password", { email: single.email }, "198.18.9.3")).status).toBeLessThan(500);
    const body = resend.requests.at(-1)!.body;
    expect(body.text).toMatch(/\/reset-account-password\//);
    const list = await outboxList();
    const href = list.all("a[href]").find((a) => /^\/accounts\/emails\/[0-9a-f]{24}$/.test(a.attribs.href!) && textOf(a) === String(body.subject))
      ?.attribs.href;
    expect(href).toBeTruthy();
    const page = everything(await outboxList(href));
    expect(page).toContain(single.email);
    expect(page).not.toContain("/reset-account-password/");
    expect(page).toContain("one-time sign-in code or password reset link");
  });

  it("an accountant sees a sign-in code e-mail's headers but neither its code nor its link (ADR 69)", async () => {
    const single = demoAccount("single");
    expect((await post("/login/code", { intent: "send", email: single.email }, "198.18.9.4")).status).toBeLessThan(500);
    const body = resend.requests.at(-1)!.body;
    const code = /\b(\d{6})\b/.exec(String(body.text))?.[1];
    expect(code).toBeTruthy();
    const list = await outboxList();
    const href = list.all("a[href]").find((a) => /^\/accounts\/emails\/[0-9a-f]{24}$/.test(a.attribs.href!) && textOf(a) === String(body.subject))
      ?.attribs.href;
    expect(href).toBeTruthy();
    const page = everything(await outboxList(href));
    expect(page).toContain(single.email);
    expect(page).not.toContain(code!);
    expect(page).not.toContain("/login/code/");
    expect(page).toContain("one-time sign-in code or password reset link");
  });
});
