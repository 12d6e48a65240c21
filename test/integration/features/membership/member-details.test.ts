import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { client } from "../../../support/client";
import { pageText } from "../../../support/html";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";

/** The printable application sheet, /member-details/{id}: who may see it and what it shows (read-only on the shared server). */

const base = () => inject("baseURL");
const year = Number(new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", year: "numeric" }).format(new Date()));

const get = (pathname: string, userId?: string, server = base()) => client(server).as(userId).get(pathname);

const text = (html: string) => pageText(html);

const treasurer = demoAccount("treasurer").id;
const member = demoAccount("member").id;
const single = demoAccount("single").id;
const applicant = demoAccount("applicant").id;
const UNKNOWN = "ffffffffffffffffffffffff";
const NOT_FOUND_PAGE = "Sorry, the page you are looking for does not exist or has been moved.";

describe("an accountant sees any member's application sheet", () => {
  it("the Family demo member's: details, spouse, children with years, declarations, private and not indexed", async () => {
    const response = await get(`/member-details/${member}`, treasurer);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await response.text();
    expect(html).toMatch(/<title>Membership Application \| Manchester Mosaic Association<\/title>/);
    expect(html).toMatch(/<meta name="robots" content="noindex"\/?>/);
    expect(html).toMatch(/<h1[^>]*>Membership Application<\/h1>/);
    const page = text(html);
    for (const expected of [
      "Manchester Mosaic Association",
      "Member ID MMA2",
      "Membership type Family",
      "Full name Mr Arun Joseph",
      "E-mail member@example.org",
      "Mobile 07700900002",
      "Address 48 Palatine Road",
      "City Manchester",
      "Postcode M20 3JA",
      "County Greater Manchester",
      "Spouse's title Mrs",
      "Spouse's name Meera Joseph",
      "Spouse's e-mail meera@example.org",
      `Anna Joseph ${year - 15}`,
      `Ben Joseph ${year - 9}`,
      `Clara Joseph ${year - 3}`,
    ]) {
      expect(page).toContain(expected);
    }
    // All four declarations were given by the demo Family: ticked, and "Yes" in words.
    expect(html.match(/<li class="is-given">/g)).toHaveLength(4);
    expect(page.match(/✓ [^✓✗]*? Yes/g)).toHaveLength(4);
    // Without JavaScript there is no Print button yet, only the hint.
    expect(page).toContain("Use your browser's Print command to print this page.");
    expect(html).not.toContain("passwordHash");
    expect(html).not.toContain("pbkdf2");
  });

  it("a Single member's: no family section, child photo declarations crossed", async () => {
    const response = await get(`/member-details/${single}`, treasurer);
    expect(response.status).toBe(200);
    const html = await response.text();
    const page = text(html);
    expect(page).toContain("Full name Miss Sara Thomas");
    expect(page).toContain("Postcode M1 7ED");
    expect(page).toContain("Member ID MMA3");
    expect(page).not.toContain("Spouse's name");
    expect(page).not.toContain("Year of birth");
    expect(html.match(/<li class="is-given">/g)).toHaveLength(2);
    expect(html.match(/<li class="is-refused">/g)).toHaveLength(2);
    expect(page).toMatch(/✗ Photographs of my children[^✓✗]*? No/);
  });

  it("an inactive applicant's too", async () => {
    const response = await get(`/member-details/${applicant}`, treasurer);
    expect(response.status).toBe(200);
    expect(text(await response.text())).toContain("Full name Dr Kiran Das");
  });

  it("an unknown id: 'Account Not Found' with a link home, status 404, private", async () => {
    const response = await get(`/member-details/${UNKNOWN}`, treasurer);
    expect(response.status).toBe(404);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>Account Not Found<\/h1>/);
    expect(html).toMatch(/<a[^>]*href="\/home"[^>]*>/);
    expect(html).not.toContain("Membership type");
  });

  it("the data request (client navigation) is guarded the same way", async () => {
    const own = await get(`/member-details/${member}.data`, treasurer);
    expect(own.status).toBe(200);
    expect(await own.text()).toContain("Meera Joseph");
    const visitor = await get(`/member-details/${member}.data`);
    expect(visitor.status).toBe(404);
    expect(await visitor.text()).not.toContain("Meera Joseph");
  });
});

describe("a member sees only their own sheet", () => {
  it("their own: 200 with their details, private", async () => {
    const response = await get(`/member-details/${member}`, member);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const page = text(await response.text());
    expect(page).toContain("Full name Mr Arun Joseph");
    expect(page).toContain("Postcode M20 3JA");
  });

  it("another member's, or an unknown id: the ordinary 404 page, which tells nothing", async () => {
    for (const id of [single, treasurer, UNKNOWN]) {
      const response = await get(`/member-details/${id}`, member);
      expect(response.status).toBe(404);
      const page = text(await response.text());
      expect(page).toContain(NOT_FOUND_PAGE);
      expect(page).not.toContain("Account Not Found");
      expect(page).not.toContain("Sara Thomas");
      expect(page).not.toContain("Deepa Menon");
    }
  });

  it("My Account links to the member's own sheet", async () => {
    const html = await (await get("/mem-account", member)).text();
    expect(html).toMatch(new RegExp(`<a[^>]*href="/member-details/${member}"[^>]*>View my application form</a>`));
  });
});

describe("everyone else gets the ordinary 404", () => {
  it("a visitor: 404 (not a login redirect), for a real id and an unknown one alike", async () => {
    const real = await get(`/member-details/${member}`);
    const unknown = await get(`/member-details/${UNKNOWN}`);
    for (const response of [real, unknown]) {
      expect(response.status).toBe(404);
      expect(response.headers.get("Location")).toBeNull();
    }
    const [realPage, unknownPage] = [text(await real.text()), text(await unknown.text())];
    expect(realPage).toContain(NOT_FOUND_PAGE);
    expect(realPage).not.toContain("Arun Joseph");
    expect(realPage).toBe(unknownPage);
  });

  it("an applicant under review, even for their own id", async () => {
    const response = await get(`/member-details/${applicant}`, applicant);
    expect(response.status).toBe(404);
    expect(text(await response.text())).not.toContain("Kiran Das");
  });

  for (const [name, id] of [
    ["500 characters", "a".repeat(500)],
    ["an encoded ../", "..%2F..%2Fetc%2Fpasswd"],
    ["a NUL byte", "abc%00def"],
    ["spaces and quotes", "%22%20OR%201%3D1%20--"],
    ["non-ASCII", "%E2%9C%93"],
  ] as const) {
    it(`a junk id (${name}) is a 404, never a 500, for the accountant and a visitor`, async () => {
      const asAccountant = await get(`/member-details/${id}`, treasurer);
      expect(asAccountant.status).toBe(404);
      expect(text(await asAccountant.text())).toContain("Account Not Found");
      const asVisitor = await get(`/member-details/${id}`);
      expect(asVisitor.status).toBe(404);
      expect(text(await asVisitor.text())).toContain(NOT_FOUND_PAGE);
    });
  }
});

describe("a deleted member's sheet (the accountant's Show Details on /deleted-members)", () => {
  let server: SeededServer;
  beforeAll(async () => {
    server = await startSeededServer({
      async prepare(db) {
        await db.prepare("UPDATE members SET deleted = 1 WHERE id = ?").bind(single).run();
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("opens for the accountant", async () => {
    const response = await get(`/member-details/${single}`, treasurer, server.url);
    expect(response.status).toBe(200);
    expect(text(await response.text())).toContain("Full name Miss Sara Thomas");
  });

  it("is a 404 for the deleted member themself (their session no longer counts)", async () => {
    const response = await get(`/member-details/${single}`, single, server.url);
    expect(response.status).toBe(404);
    expect(text(await response.text())).not.toContain("Sara Thomas");
  });
});
