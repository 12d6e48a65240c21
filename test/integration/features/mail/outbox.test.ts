import { describe, expect, inject, it } from "vitest";
import { client } from "../../../support/client";
import { uniqueEmail } from "../../../support/contact";
import { pageText, parseHtml, textOf } from "../../../support/html";
import { demoAccount, sessionCookieFor } from "../../../support/session";

const base = () => inject("baseURL");
const accountant = () => sessionCookieFor(demoAccount("treasurer").id);
const member = () => sessionCookieFor(demoAccount("member").id);

const get = (path: string, cookie?: string) => client(base()).get(path, { cookie });

// Contact messages from addresses of their own (198.18.0.0/15, the benchmarking range)
// so the contact form's limits never meet other tests'.
let sequence = 0;
async function sendContact(subject: string) {
  sequence += 1;
  const email = uniqueEmail(`outbox-${sequence}`);
  const response = await client(base(), { ip: `198.18.7.${sequence}` }).post("/contact", {
    name: "Outbox",
    lastname: "Test",
    email,
    subject,
    notes: "For the outbox test",
  });
  expect(response.status).toBe(302);
  return email;
}

describe("the accountants' outbox (/accounts/emails)", () => {
  it("sends visitors to /login and members to /mem-account, for the list and for one e-mail", async () => {
    const list = await get("/accounts/emails");
    expect(list.status).toBe(302);
    expect(list.headers.get("Location")).toBe("/login?redirectTo=%2Faccounts%2Femails");
    const one = await get(`/accounts/emails/${"0".repeat(24)}`);
    expect(one.status).toBe(302);
    expect(one.headers.get("Location")).toMatch(/^\/login\?redirectTo=%2Faccounts%2Femails%2F0+$/);
    for (const path of ["/accounts/emails", `/accounts/emails/${"0".repeat(24)}`]) {
      const response = await get(path, await member());
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/mem-account");
    }
  });

  it("lists e-mails newest first with when, to, subject, purpose, status, provider id and error, never cached", async () => {
    const tag = uniqueEmail("tag").slice(0, 16);
    const olderTo = await sendContact(`Outbox older ${tag}`);
    const newerTo = await sendContact(`Outbox newer ${tag}`);
    const response = await get("/accounts/emails", await accountant());
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await response.text();
    const page = parseHtml(html);
    expect(page.text("h1")).toBe("E-mails");
    const headings = page.all('th[scope="col"]').map((th) => textOf(th));
    for (const heading of ["Date", "To", "Subject", "Purpose", "Status", "Provider id", "Error"]) expect(headings).toContain(heading);
    expect(page.one('div.table-scroll[role="region"][aria-label="E-mails"][tabindex="0"]')).not.toBeNull();
    const rows = page.all("tr");
    const rowOf = (subject: string) => rows.findIndex((row) => row.children.some((cell) => textOf(cell) === subject));
    const newer = rowOf(`MMA Contact Form: Outbox newer ${tag}`);
    const older = rowOf(`MMA Contact Form: Outbox older ${tag}`);
    expect(newer).toBeGreaterThan(-1);
    expect(older).toBeGreaterThan(newer);
    // No provider on the shared test server: the status says so, never "Sent".
    const cells = rows[newer]!.children.filter((cell) => cell.type === "tag").map((cell) => textOf(cell));
    const after = cells.slice(cells.indexOf(`MMA Contact Form: Outbox newer ${tag}`) + 1);
    expect(after).toContain("contact");
    expect(after.join(" ")).toContain("Kept (no provider)");
    expect(html).not.toContain(newerTo); // the contact e-mail goes to the association, not the visitor
    expect(olderTo).not.toBe(newerTo);
  });

  it("shows one e-mail with its headers, its HTML in a sandboxed frame and its text; 404 for an unknown id", async () => {
    const tag = uniqueEmail("one").slice(0, 16);
    const from = await sendContact(`Outbox detail ${tag}`);
    const cookie = await accountant();
    const list = parseHtml(await (await get("/accounts/emails", cookie)).text());
    const href = list
      .all("a[href]")
      .find((a) => /^\/accounts\/emails\/[0-9a-f]{24}$/.test(a.attribs.href!) && textOf(a) === `MMA Contact Form: Outbox detail ${tag}`)?.attribs.href;
    expect(href).toBeTruthy();
    const response = await get(href!, cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await response.text();
    const page = parseHtml(html);
    expect(page.text("h1")).toBe(`MMA Contact Form: Outbox detail ${tag}`);
    expect(page.one('iframe[sandbox=""]')).not.toBeNull();
    expect(pageText(html)).toContain("Kept (no provider) (stored via outbox");
    expect(page.text("pre.dev-mail-text")).toContain(from);
    expect(page.one('a[href="/accounts/emails"]')).not.toBeNull();

    expect((await get(`/accounts/emails/${"0".repeat(24)}`, cookie)).status).toBe(404);
    expect((await get(`/accounts/emails/${"x".repeat(300)}`, cookie)).status).toBe(404);
  });

  it("takes ?page= of any shape without failing", async () => {
    const cookie = await accountant();
    for (const page of ["0", "1", "-3", "abc", "99999", "1e9", "2.5"]) {
      const response = await get(`/accounts/emails?page=${page}`, cookie);
      expect(response.status, page).toBe(200);
      expect(parseHtml(await response.text()).text("h1")).toBe("E-mails");
    }
  });

  it("the list answers GET only, and one e-mail takes only its Send again: a POST gets 405 or 404 (signed in) or the guard's redirect, never a 500", async () => {
    const post = (path: string, cookie?: string) => client(base()).post(path, { x: "1" }, { cookie });
    // The list has no action (405); an unknown e-mail cannot be sent again (404).
    for (const [path, status] of [
      ["/accounts/emails", 405],
      [`/accounts/emails/${"0".repeat(24)}`, 404],
    ] as const) {
      expect([302, 405]).toContain((await post(path)).status);
      expect((await post(path, await accountant())).status).toBe(status);
    }
  });
});
