import { selectAll, selectOne } from "css-select";
import { describe, expect, inject, it } from "vitest";
import { uniqueEmail } from "../../../support/contact";
import { client } from "../../../support/client";
import { parseHtml, textOf, formMessage } from "../../../support/html";
import { outboxTo } from "../../../support/password-reset";
import { demoAccount, sessionCookieFor } from "../../../support/session";

/** The contact inbox (docs/requirements.md §6.13): accountants only; reads, replies (into the outbox) and marks handled. */
const base = () => inject("baseURL");
const accountant = () => sessionCookieFor(demoAccount("treasurer").id);

const get = (path: string, cookie?: string) => client(base()).get(path, { cookie });
const post = (path: string, cookie: string, fields: Record<string, string>) => client(base()).post(path, fields, { cookie });

// Contact messages from addresses of their own (198.18.0.0/15) so the form's limits never meet other tests'.
let sequence = 0;
async function sendContact(subject: string) {
  sequence += 1;
  const email = uniqueEmail(`inbox-${sequence}`);
  const response = await client(base(), { ip: `198.18.9.${sequence}` }).post("/contact", {
    name: "Inbox",
    lastname: `Sender ${sequence}`,
    email,
    subject,
    notes: "Is the hall free on Saturday?\nThanks.",
  });
  expect(response.status).toBe(302);
  return email;
}

/** The list's row for a subject: its link, whether it is bold, its text. */
async function rowFor(subject: string, cookie: string) {
  const page = parseHtml(await (await get("/accounts/messages", cookie)).text());
  const row = page.all("tbody tr").find((tr) => textOf(tr).includes(subject));
  if (!row) return null;
  return { href: selectOne("a", row)?.attribs.href ?? "", bold: selectAll("strong", row).length > 0, text: textOf(row) };
}

describe("the contact inbox (/accounts/messages)", () => {
  it("is for accountants only: visitors go to sign in, members and editors to their account, for the list, a message and its forms", async () => {
    const paths = ["/accounts/messages", `/accounts/messages/${"0".repeat(24)}`];
    for (const path of paths) {
      const visitor = await get(path);
      expect(visitor.status).toBe(302);
      expect(visitor.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    }
    for (const who of ["member", "editor"] as const) {
      const cookie = await sessionCookieFor(demoAccount(who).id);
      for (const path of paths) {
        const response = await get(path, cookie);
        expect(response.status).toBe(302);
        // Their own home (ADR 65): My Account, the studio.
        expect(response.headers.get("Location")).toBe(who === "editor" ? "/studio" : "/mem-account");
      }
      const refused = await post(paths[1]!, cookie, { intent: "handled", note: "Not mine to handle" });
      expect(refused.status).toBe(302);
      expect(refused.headers.get("Location")).toBe(who === "editor" ? "/studio" : "/mem-account");
    }
  });

  it("lists a new message bold; opening it marks it read; an unknown id is 404", async () => {
    const subject = `Hall booking ${uniqueEmail("s").slice(0, 14)}`;
    const from = await sendContact(subject);
    const cookie = await accountant();
    const before = await rowFor(subject, cookie);
    expect(before).toMatchObject({ bold: true });
    expect(before!.text).toContain(from);
    expect(before!.text).toContain("New");
    const menu = parseHtml(await (await get("/accounts/emails", cookie)).text())
      .all('nav[aria-label="Back office"] a')
      .map(textOf);
    expect(menu.find((label) => label.startsWith("Messages"))).toMatch(/^Messages \([1-9]\d*\)$/);
    const opened = await get(before!.href, cookie);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("Cache-Control")).toBe("private, no-store");
    const page = parseHtml(await opened.text());
    expect(page.text("h1")).toBe(subject);
    expect(page.text(".inbox-message-body")).toBe("Is the hall free on Saturday? Thanks.");
    expect(page.one("#message-subject")?.attribs.value).toBe(`Re: ${subject}`);
    const after = await rowFor(subject, cookie);
    expect(after).toMatchObject({ bold: false });
    expect((await get(`/accounts/messages/${"0".repeat(24)}`, cookie)).status).toBe(404);
  });

  it("refuses an empty reply or note with the form's messages (400) and changes nothing", async () => {
    const subject = `Empty forms ${uniqueEmail("e").slice(0, 14)}`;
    const from = await sendContact(subject);
    const cookie = await accountant();
    const { href } = (await rowFor(subject, cookie))!;
    const emptyReply = await post(href, cookie, { intent: "reply", subject: `Re: ${subject}`, body: "  " });
    expect(emptyReply.status).toBe(400);
    expect(parseHtml(await emptyReply.text()).text("#message-body-error")).toBe("Please write the reply");
    const emptyNote = await post(href, cookie, { intent: "handled", note: "" });
    expect(emptyNote.status).toBe(400);
    expect(parseHtml(await emptyNote.text()).text("#message-note-error")).toBe("Please write the note");
    const noIntent = await post(href, cookie, {});
    expect(noIntent.status).toBe(400);
    expect(await outboxTo(base(), from, `Re: ${subject}`)).toEqual([]);
    expect((await rowFor(subject, cookie))!.text).not.toContain("Handled");
  });

  it("sends a reply from the site (in the outbox, to the visitor) and marks a message handled with a note; both are logged without the body", async () => {
    const subject = `Reply me ${uniqueEmail("r").slice(0, 14)}`;
    const from = await sendContact(subject);
    const cookie = await accountant();
    const { href } = (await rowFor(subject, cookie))!;

    const replied = await post(href, cookie, { intent: "reply", subject: `Re: ${subject}`, body: "Yes, it is free from 10am." });
    expect(replied.status).toBe(302);
    expect(replied.headers.get("Location")).toBe(href);
    const [sent, ...more] = await outboxTo(base(), from, `Re: ${subject}`);
    expect(more).toEqual([]);
    expect(sent!.text).toContain("Yes, it is free from 10am.");
    expect(sent!.text).toContain("Is the hall free on Saturday?");

    const handled = await post(href, cookie, { intent: "handled", note: "Booked in the diary." });
    expect(handled.status).toBe(302);
    const page = parseHtml(await (await get(href, cookie)).text());
    expect(page.text(".inbox-handled")).toMatch(/^Handled on .+ by Jane .*: Booked in the diary\.$|^Handled on .+: Booked in the diary\.$/);
    expect(page.text(".inbox-replied")).toMatch(/^Replied on /);
    expect((await rowFor(subject, cookie))!.text).toContain("Replied, Handled");

    const log = parseHtml(await (await get("/accounts/activity", cookie)).text());
    const lines = log
      .all("tbody tr")
      .map((tr) => textOf(tr))
      .filter((text) => text.includes(subject));
    expect(lines.some((text) => text.includes("marked the message from") && text.includes("as handled"))).toBe(true);
    expect(lines.some((text) => text.includes("replied to the message from"))).toBe(true);
    expect(lines.join(" ")).not.toContain("free from 10am");
    expect(lines.join(" ")).not.toContain("Booked in the diary");
    expect(formMessage(await (await get(href, cookie)).text())).toBeNull();
  });
});
