import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { client } from "../../../support/client";
import { ROOT } from "../../../../scripts/lib";
import { pageText, parseHtml, textOf } from "../../../support/html";
import { demoAccount } from "../../../support/session";
import { seedId, ID_SPACE } from "../../../../seed/ids";

/** Read-only checks of My Account and Documents on the shared server (nothing here changes a member). */

const base = () => inject("baseURL");
const year = Number(new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", year: "numeric" }).format(new Date()));

const get = (pathname: string, userId?: string) => client(base()).as(userId).get(pathname);

/** The page's text, its scripts' too (what a leak would show). */
const text = (html: string) => pageText(html, { scripts: true });
const documentId = (n: number) => seedId(ID_SPACE.document, n);

describe("account pages need a signed-in active member", () => {
  for (const pathname of ["/mem-account", "/amend-account", "/documents", `/documents/${documentId(1)}`]) {
    it(`a visitor asking for ${pathname} goes to /login and back`, async () => {
      const response = await get(pathname);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/login?${new URLSearchParams({ redirectTo: pathname })}`);
    });
  }

  it("an applicant under review (not active) is sent to /login even with a session", async () => {
    const response = await get("/mem-account", demoAccount("applicant").id);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login\?/);
  });
});

describe("My Account (/mem-account)", () => {
  it("shows the Family member's details, paid renewal, open ticket and paid history", async () => {
    const response = await get("/mem-account", demoAccount("member").id);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("private");
    const page = text(await response.text());
    for (const expected of [
      "Account Details",
      "Member ID MMA2",
      "Account status Active",
      "Registration payment Paid",
      "Membership type Family",
      "E-mail member@example.org",
      `Last renewal ${year}`,
      `Next renewal ${year + 1}`,
      "You have already paid!",
      "My Tickets",
      "Arun Joseph Adult",
      "Clara Joseph Below 5",
      "Transaction History",
      "Registration Fee £40.00 × 1",
      "Membership Renewal £20.00 × 1",
    ]) {
      expect(page).toContain(expected);
    }
    expect(page).toMatch(/Membership Renewal £20\.00 × 1 \d{2}-\d{2}-\d{4} \d{2}:\d{2} success/);
    expect(page).not.toContain("You have no transactions!");
    expect(page).not.toContain("You have no open tickets!");
  });

  it("the already-paid renewal button is disabled, and EDIT links to /amend-account", async () => {
    const html = await (await get("/mem-account", demoAccount("member").id)).text();
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>You have already paid!<\/button>/);
    expect(html).toMatch(/<a[^>]*href="\/amend-account"[^>]*>EDIT<\/a>/);
  });

  it("shows the Single member's own page: last year's renewal, no open tickets, one payment", async () => {
    const page = text(await (await get("/mem-account", demoAccount("single").id)).text());
    expect(page).toContain("Member ID MMA3");
    expect(page).toContain("Membership type Single");
    expect(page).toContain(`Last renewal ${year - 1}`);
    expect(page).toContain(`Next renewal ${year}`);
    expect(page).toContain("You have no open tickets!");
    expect(page).toContain("Registration Fee £20.00 × 1");
    expect(page).not.toContain("Membership Renewal £");
    expect(page).not.toContain("You have already paid!");
  });

  it("an accountant has an account page too", async () => {
    const response = await get("/mem-account", demoAccount("treasurer").id);
    expect(response.status).toBe(200);
    expect(text(await response.text())).toContain("Member ID MMA1");
  });

  it("shows only the signed-in member's data: a crafted ?id= is ignored, and no secrets leave the server", async () => {
    const response = await get(`/mem-account?id=${demoAccount("single").id}&userId=${demoAccount("single").id}`, demoAccount("member").id);
    const html = await response.text();
    expect(text(html)).toContain("Member ID MMA2");
    expect(html).not.toContain("single@example.org");
    expect(html).not.toContain("MMA3");
    expect(html).not.toMatch(/pbkdf2|passwordHash|resetKey/i);
  });

  it("the data request (client navigation) is guarded the same way", async () => {
    const visitor = await get("/mem-account.data");
    expect(visitor.headers.get("X-Remix-Redirect") ?? visitor.headers.get("Location")).toMatch(/^\/login/);
    const member = await get("/mem-account.data", demoAccount("member").id);
    expect(member.status).toBe(200);
    const body = await member.text();
    expect(body).toContain("MMA2");
    expect(body).not.toMatch(/pbkdf2|passwordHash/i);
  });
});

describe("Documents (/documents and /documents/{id})", () => {
  it("lists the documents, each opening its file in a new tab", async () => {
    const page = parseHtml(await (await get("/documents", demoAccount("member").id)).text());
    for (const [n, title] of [
      [1, "Association Constitution"],
      [2, "Annual Report 2025"],
      [3, "Membership Handbook"],
    ] as const) {
      const link = page.one(`a[href="/documents/${documentId(n)}"]`);
      expect(link, title).not.toBeNull();
      expect(textOf(link!)).toBe(`${title} (opens in a new tab)`);
      expect(link!.attribs.target).toBe("_blank");
      // No window.opener for the new tab, and no Referer for the file.
      expect(link!.attribs.rel?.split(" ").sort()).toEqual(["noopener", "noreferrer"]);
    }
  });

  it("serves a member the PDF's bytes inline and privately", async () => {
    const response = await get(`/documents/${documentId(1)}`, demoAccount("member").id);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe('inline; filename="constitution.pdf"');
    expect(response.headers.get("Cache-Control")).toMatch(/^private/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes).equals(readFileSync(path.join(ROOT, "seed/files/documents/constitution.pdf")))).toBe(true);
  });

  it("answers 404 for an unknown document, and never serves the file publicly", async () => {
    expect((await get("/documents/0000000000000000deadbeef", demoAccount("member").id)).status).toBe(404);
    expect((await get("/documents/constitution.pdf")).status).toBe(302);
    const asset = await fetch(`${base()}/documents/constitution.pdf`, { redirect: "manual" });
    expect(asset.headers.get("Content-Type") ?? "").not.toContain("pdf");
  });
});
