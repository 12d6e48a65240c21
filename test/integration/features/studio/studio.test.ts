import { describe, expect, inject, it } from "vitest";
import { client } from "../../../support/client";
import { STUDIO_PARTS } from "~/features/studio/studio";
import { documentTitle, parseHtml, textOf } from "../../../support/html";
import { demoAccount } from "../../../support/session";

/**
 * /studio, the website studio's front page (docs/requirements.md §7.1), on the shared seeded server (read
 * only): requireEditor lets editors and accountants in, sends visitors to /login and other
 * members to /mem-account; the page lists the parts of the site with their public pages.
 */

const base = () => inject("baseURL");

const get = (path: string, account: Parameters<typeof demoAccount>[0] | null) =>
  client(base())
    .as(account ? demoAccount(account) : null)
    .get(path);

describe("/studio: who may use the website studio", () => {
  it("sends visitors and applicants to /login with the way back", async () => {
    for (const account of [null, "applicant"] as const) {
      const response = await get("/studio", account);
      expect(response.status, String(account)).toBe(302);
      expect(response.headers.get("Location"), String(account)).toBe("/login?redirectTo=%2Fstudio");
    }
  });

  it("sends members who are not editors to /mem-account", async () => {
    for (const account of ["member", "single"] as const) {
      const response = await get("/studio", account);
      expect(response.status, account).toBe(302);
      expect(response.headers.get("Location"), account).toBe("/mem-account");
    }
  });

  it("lets website editors and accountants in, never cached", async () => {
    for (const account of ["editor", "treasurer"] as const) {
      const response = await get("/studio", account);
      expect(response.status, account).toBe(200);
      expect(response.headers.get("Cache-Control"), account).toBe("private, no-store");
      expect(documentTitle(await response.text()), account).toMatch(/^Website \| Studio \| /);
    }
  });
});

describe("/studio: the parts of the site", () => {
  it("lists each part with its View on site link, and says Coming soon where there is no screen yet (no dead links)", async () => {
    const page = parseHtml(await (await get("/studio", "editor")).text());
    expect(page.text("h1")).toBe("Website");
    const parts = page.all(".studio-part");
    expect(parts.map((part) => textOf(part.children.filter((child) => "name" in child && child.name === "h2")))).toEqual([
      "Site settings",
      "Events",
      "Home slides",
      "About Us",
      "School",
      "News",
      "Event calendar",
      "Galleries",
      "Office bearers",
      "Documents",
      "Mailings",
    ]);
    const views = page.all(".studio-part a").filter((a) => textOf(a) === "View on site");
    expect(views.map((a) => a.attribs.href)).toEqual(STUDIO_PARTS.flatMap((part) => (part.viewOnSite ? [part.viewOnSite] : [])));
    // A part with a screen links to it; the others say so in words.
    const edits = page.all(".studio-part a").filter((a) => textOf(a) !== "View on site");
    expect(edits.map((a) => [textOf(a), a.attribs.href])).toEqual(STUDIO_PARTS.flatMap((part) => (part.edit ? [["Edit", part.edit]] : [])));
    expect(page.all(".studio-soon").map(textOf)).toEqual(STUDIO_PARTS.flatMap((part) => (part.edit ? [] : ["Coming soon"])));
  });

  it("links to public pages that answer", async () => {
    for (const part of STUDIO_PARTS) {
      if (!part.viewOnSite) continue;
      const response = await get(new URL(part.viewOnSite, base()).pathname, "editor");
      expect(response.status, part.viewOnSite).toBe(200);
    }
  });
});

describe("the header's Website link", () => {
  const accountLinks = async (account: Parameters<typeof demoAccount>[0] | null) =>
    parseHtml(await (await get("/about", account)).text())
      .all(".top-bar-account a")
      .map((a) => `${textOf(a)} ${a.attribs.href}`);

  it("is shown to website editors and accountants, and to nobody else", async () => {
    expect(await accountLinks("editor")).toEqual(["Website /studio", "Documents /documents", "My Account /mem-account", "Logout /logout"]);
    expect(await accountLinks("treasurer")).toEqual([
      "Dashboard /accounts",
      "Website /studio",
      "Documents /documents",
      "My Account /mem-account",
      "Logout /logout",
    ]);
    expect(await accountLinks("member")).not.toContain("Website /studio");
    expect(await accountLinks(null)).toEqual(["Login /login", "Sign Up /signup"]);
  });

  it("is in the main menu too (the phone's menu)", async () => {
    const page = parseHtml(await (await get("/about", "editor")).text());
    expect(page.all(".main-nav a").map((a) => a.attribs.href)).toContain("/studio");
  });
});
