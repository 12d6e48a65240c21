import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../../support/client";
import { DomUtils, pageText, parseHtml, textOf, within } from "../../../support/html";
import { MEMBER_COLUMNS } from "~/features/office/member-table";
import type { Member } from "~/kernel/store/records";
import { parseEnv } from "~/kernel/http/env.server";
import { verifyPaymentLinkToken } from "~/features/payments/payment-link.server";
import { d1Members } from "~/kernel/store/d1/members.server";
import { openServerPlatform } from "../../../support/server-d1";
import { startFakeResend, type FakeResend } from "../../../support/fake-resend";
import { newMember } from "../../../support/fixtures";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount, devEnv } from "../../../support/session";

/**
 * /accounts and /deleted-members on a private server (the actions change members):
 * the demo plus 60 members named "Paging Person NN" for paging and sorting, and a few
 * members each test may change without disturbing the others.
 */

let server: SeededServer;
const PAGING = Array.from({ length: 60 }, (_, i) =>
  newMember({ fullName: `Paging Person ${String(i + 1).padStart(2, "0")}`, postcode: "PG1 1AA", active: true, registrationPaid: true }),
);
const people = {
  toDelete: newMember({ fullName: "Delete Me Person", active: true, registrationPaid: true }),
  toPromote: newMember({ fullName: "Promote Me Person", active: true, registrationPaid: true }),
  toEditor: newMember({ fullName: "Editor Me Person", active: true, registrationPaid: true }),
  inactive: newMember({ fullName: "Inactive Person", active: false }),
  applicant: newMember({ fullName: "Link Applicant Person", active: false, registrationPaid: false }),
  household: newMember({
    fullName: "Household Parent",
    membership: "Family",
    active: true,
    registrationPaid: true,
    postcode: "HH9 9ZZ",
    mobile: "07700 955123",
    spouse: { title: "Mrs", name: "Marigold Spouse", email: "", mobile: "" },
    children: [{ name: "Peregrine Child", birthYear: 2016 }],
  }),
  gone: newMember({ fullName: "Gone Person", active: true, registrationPaid: true, deleted: true }),
  erased: newMember({ fullName: "Erased member #abcdef12", email: "erased-abcdef12@erased.invalid", active: false, deleted: true }),
};
const ids: Record<keyof typeof people, string> = {
  toDelete: "",
  toPromote: "",
  toEditor: "",
  inactive: "",
  applicant: "",
  household: "",
  gone: "",
  erased: "",
};

beforeAll(async () => {
  server = await startSeededServer({
    prepare: async (db) => {
      const members = d1Members(db);
      for (const member of PAGING) await members.register(member);
      for (const key of Object.keys(people) as Array<keyof typeof people>) ids[key] = (await members.register(people[key])).id;
    },
  });
});
afterAll(() => server?.stop());

const treasurer = demoAccount("treasurer");
/** The page's text, its scripts' too (what a leak would show). */
const text = (html: string) => pageText(html, { scripts: true });

const get = (path: string, userId: string | null = treasurer.id, extraCookie = "") => client(server).as(userId).get(path, { cookie: extraCookie });

const post = (path: string, fields: Record<string, string>, userId: string | null = treasurer.id, base = server.url) =>
  client(base).as(userId).post(path, fields);

/** Follows an action's redirect with its toast cookie and returns the page text (the toast included). */
async function landing(response: Response, userId: string = treasurer.id, base = server.url) {
  expect(response.status).toBe(302);
  const toast =
    response.headers
      .getSetCookie()
      .find((c) => c.startsWith("__toast="))
      ?.split(";")[0] ?? "";
  const location = new URL(response.headers.get("Location")!, base);
  const page = await client(location.origin)
    .as(userId)
    .get(location.pathname + location.search, { cookie: toast });
  return { location: response.headers.get("Location")!, html: await page.text() };
}

/** The member names of the table body, in order. */
function names(html: string): string[] {
  return parseHtml(html)
    .all(".member-name")
    .map((name) => DomUtils.textContent(name));
}

/** The Next or Previous link of a keyset page (ADR 63), or null. */
function pageLink(html: string, rel: "next" | "prev"): string | null {
  return parseHtml(html).one(`nav.table-pager a[rel="${rel}"]`)?.attribs.href ?? null;
}

async function readMember(id: string): Promise<Member> {
  const { db, dispose } = await openServerPlatform(server.persistTo);
  try {
    return (await d1Members(db).getById(id))!;
  } finally {
    await dispose();
  }
}

describe("members tables: who may see them", () => {
  for (const path of ["/accounts", "/deleted-members"]) {
    it(`${path}: visitors go to /login, members to /mem-account, inactive applicants to /login (GET and POST)`, async () => {
      const visitor = await get(`${path}?size=50`, null);
      expect(visitor.status).toBe(302);
      expect(visitor.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(`${path}?size=50`)}`);
      const member = await get(path, demoAccount("member").id);
      expect(member.headers.get("Location")).toBe("/mem-account");
      const applicant = await get(path, demoAccount("applicant").id);
      expect(applicant.headers.get("Location")).toMatch(/^\/login/);

      const fields = { do: `delete:${ids.toPromote}`, confirmed: "1" };
      expect((await post(path, fields, null)).headers.get("Location")).toMatch(/^\/login/);
      expect((await post(path, fields, demoAccount("member").id)).headers.get("Location")).toBe("/mem-account");
      expect((await readMember(ids.toPromote)).deleted).toBe(false);
    });
  }

  it("refuses a post from another site", async () => {
    const forged = await client(server)
      .as(treasurer)
      .post("/accounts", { do: `grant:${ids.toPromote}`, confirmed: "1" }, { origin: "https://evil.example" });
    expect(forged.status).toBe(403);
    expect((await readMember(ids.toPromote)).role).toBe("member");
  });
});

describe("members tables: the accountant's view", () => {
  it("shows the columns that fit and one action, 50 rows a page, never cached publicly", async () => {
    const response = await get("/accounts");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await response.text();
    const headers = parseHtml(html)
      .all('th[scope="col"]')
      .map((th) =>
        pageText(th)
          .replace(/[↕▲▼]/g, "")
          .replace(/, sort \w+/, "")
          .trim(),
      );
    expect(headers).toEqual([...MEMBER_COLUMNS.map((c) => c.header), "Action"]);
    expect(names(html)).toHaveLength(50);
    expect(text(html)).toContain("50 members on this page");
  });

  it("gives each row its name, linking to the member's page, and Record payment: nothing else", async () => {
    const html = await await get("/accounts");
    const page = await html.text();
    const rows = parseHtml(page).all("table.members-list tbody tr");
    expect(rows).toHaveLength(50);
    for (const row of rows) {
      const id = within(row)
        .one('th[scope="row"]')
        ?.attribs.id?.replace(/^name-/, "");
      expect(id).toBeTruthy();
      const links = DomUtils.findAll((node) => node.name === "a", [row]).map((a) => ({ href: a.attribs.href, text: textOf(a) }));
      const buttons = DomUtils.findAll((node) => node.name === "button", [row]);
      expect(buttons).toEqual([]);
      expect(links).toEqual([
        { href: `/accounts/members/${id}`, text: expect.any(String) },
        { href: `/accounts/record-payment/${id}`, text: "Record payment" },
      ]);
    }
    for (const gone of ["Delete Member", "Give admin privilege", "Erase", "Send Payment Link", "Show Details"]) expect(text(page)).not.toContain(gone);
  });

  it("pages by keyset with Next and Previous links that keep the filters (no JavaScript needed)", async () => {
    const first = await (await get("/accounts?sort=name&dir=asc&status=active")).text();
    expect(pageLink(first, "prev")).toBeNull();
    const next = pageLink(first, "next")!;
    const url = new URL(next, server.url);
    expect(url.pathname).toBe("/accounts");
    expect(Object.fromEntries(url.searchParams)).toEqual({ status: "active", sort: "name", dir: "asc", after: expect.stringMatching(/^\w+$/) });
    const second = await (await get(next)).text();
    const one = names(first);
    const two = names(second);
    expect(one).toHaveLength(50);
    expect(two.length).toBeGreaterThan(0);
    expect(two.filter((name) => one.includes(name))).toEqual([]);
    const all = [...one, ...two];
    expect(all).toEqual([...all].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(pageLink(second, "next")).toBeNull();
    const back = await (await get(pageLink(second, "prev")!)).text();
    expect(names(back)).toEqual(one);
    // A page key that names nobody is the first page, never an error.
    expect(names(await (await get("/accounts?sort=name&dir=asc&status=active&after=nobody")).text())).toEqual([]);
  });

  it("sorts by name both ways, case-insensitively", async () => {
    const byName = names(await (await get("/accounts?sort=name&dir=asc")).text());
    expect(byName).toEqual([...byName].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const descending = names(await (await get("/accounts?sort=name&dir=desc")).text());
    expect(descending).toEqual([...descending].sort((a, b) => b.toLowerCase().localeCompare(a.toLowerCase())));
    expect(descending[0]!.toLowerCase() >= byName.at(-1)!.toLowerCase()).toBe(true);
  });

  it("searches by any name in the household, e-mail, member number, phone and postcode, a word's start enough", async () => {
    expect(names(await (await get("/accounts?q=Link+Applic")).text())).toEqual(["Link Applicant Person"]);
    expect(names(await (await get(`/accounts?q=${encodeURIComponent(demoAccount("single").email)}`)).text())).toEqual(["Sara Thomas"]);
    expect(names(await (await get("/accounts?q=MMA2")).text())).toEqual(["Arun Joseph"]);
    expect(names(await (await get("/accounts?q=Sarah+Thomas")).text())).toEqual(["Sara Thomas"]);
    for (const q of ["Marigold", "peregrine", "Pere Chi", "hh9 9zz", "HH99ZZ", "07700955123", "07700 955123"]) {
      expect(names(await (await get(`/accounts?q=${encodeURIComponent(q)}`)).text()), q).toEqual(["Household Parent"]);
    }
    for (const q of ['"', "*", "NEAR(", '" OR *']) expect((await get(`/accounts?q=${encodeURIComponent(q)}`)).status, q).toBe(200);
    // A search pages too: 60 members in PG1 1AA, 50 then 10.
    const first = await (await get("/accounts?q=pg11aa")).text();
    expect(names(first)).toHaveLength(50);
    const next = pageLink(first, "next")!;
    expect(next).toMatch(/^\/accounts\?q=pg11aa&after=\w+$/);
    const second = names(await (await get(next)).text());
    expect(second).toHaveLength(10);
    expect(new Set([...names(first), ...second]).size).toBe(60);
    const none = await (await get("/accounts?q=nobody-like-this")).text();
    expect(names(none)).toEqual([]);
    expect(text(none)).toContain("No members match this search.");
  });

  it("filters by status, membership and fee", async () => {
    const pending = names(await (await get("/accounts?status=pending")).text());
    expect(pending).toEqual(expect.arrayContaining(["Kiran Das", "Inactive Person", "Link Applicant Person"]));
    expect(pending).not.toContain("Arun Joseph");
    expect(names(await (await get("/accounts?membership=Family")).text()).sort()).toEqual(["Arun Joseph", "Household Parent"]);
    const unpaid = names(await (await get("/accounts?fee=unpaid")).text());
    expect(unpaid).toContain("Link Applicant Person");
    expect(unpaid).not.toContain("Paging Person 01");
  });

  it("colours rows and says why in words", async () => {
    const html = await (await get("/accounts?q=Kiran")).text();
    expect(parseHtml(html).one("tr.row-inactive")).not.toBeNull();
    expect(text(html)).toContain("Not active");
    const single = await (await get("/accounts?q=Sara+Thomas")).text();
    expect(parseHtml(single).one("tr.row-renewal-due")).not.toBeNull();
    expect(text(single)).toContain("Renewal due");
  });

  it("answers broken parameters with the default view, not an error", async () => {
    const response = await get(`/accounts?size=-1&page=abc&sort=password_hash&dir=x&status=%00&q=${"%27".repeat(300)}`);
    expect(response.status).toBe(200);
  });
});

describe("deleted members", () => {
  it("offers Restore only for a deleted member, and nothing for an erased one, shown as Erased", async () => {
    const html = await (await get("/deleted-members")).text();
    const rowOf = (id: string) => parseHtml(html).one(`tr:has([id="name-${id}"])`)!;
    const gone = rowOf(ids.gone);
    expect(
      within(gone)
        .all("button")
        .map((b) => [textOf(b), b.attribs.value]),
    ).toEqual([["Restore", `restore:${ids.gone}`]]);
    expect(
      within(gone)
        .all("a")
        .map((a) => a.attribs.href),
    ).toEqual([`/accounts/members/${ids.gone}`]);
    const erased = rowOf(ids.erased);
    expect(within(erased).all("button")).toEqual([]);
    const cells = within(erased).all("td, th");
    const status = textOf(cells[MEMBER_COLUMNS.findIndex((c) => c.id === "status")]!);
    expect(status).toContain("Erased");
    expect(status).not.toContain("Pending");
    for (const offered of ["Send Payment Link", "Give admin privilege", "Restore"]) expect(textOf(erased)).not.toContain(offered);
  });

  it("refuses a restore or a payment link posted for an erased record", async () => {
    for (const action of ["restore", "send-link", "grant"]) {
      const refused = await landing(await post("/deleted-members", { do: `${action}:${ids.erased}`, confirmed: "1" }));
      expect(text(refused.html)).toContain("This member has been erased: there is nothing to do with the record.");
    }
    expect((await readMember(ids.erased)).deleted).toBe(true);
  });
});

describe("members tables: row actions", () => {
  it("asks first without JavaScript, then deletes (the row moves to /deleted-members) and restores", async () => {
    const ask = await post("/accounts?q=Delete", { do: `delete:${ids.toDelete}` });
    expect(ask.status).toBe(200);
    expect(text(await ask.text())).toContain("Are you sure to delete Delete Me Person?");
    expect((await readMember(ids.toDelete)).deleted).toBe(false);

    const before = await readMember(ids.toDelete);
    const done = await landing(await post("/accounts?q=Delete&page=0&junk=1", { do: `delete:${ids.toDelete}`, confirmed: "1" }));
    expect(done.location).toBe("/accounts?q=Delete");
    expect(text(done.html)).toContain("Delete Me Person was deleted.");
    const after = await readMember(ids.toDelete);
    // Only the delete flag changed (and the record's own updated time).
    expect({ ...after, deleted: before.deleted }).toEqual(before);
    expect(names(done.html)).not.toContain("Delete Me Person");
    expect(names(await (await get("/deleted-members")).text())).toContain("Delete Me Person");

    const restored = await landing(await post("/deleted-members", { do: `restore:${ids.toDelete}`, confirmed: "1" }));
    expect(restored.location).toBe("/deleted-members");
    expect(text(restored.html)).toContain("Delete Me Person was restored.");
    expect(names(restored.html)).not.toContain("Delete Me Person");
    expect((await readMember(ids.toDelete)).deleted).toBe(false);
  });

  it("grants and revokes admin privilege, only for active members and never one's own", async () => {
    const granted = await landing(await post("/accounts", { do: `grant:${ids.toPromote}`, confirmed: "1" }));
    expect(text(granted.html)).toContain("Promote Me Person is now an admin.");
    expect((await readMember(ids.toPromote)).role).toBe("accountant");
    const revoked = await landing(await post("/accounts", { do: `revoke:${ids.toPromote}`, confirmed: "1" }));
    expect(text(revoked.html)).toContain("Promote Me Person is no longer an admin.");
    expect((await readMember(ids.toPromote)).role).toBe("member");

    const inactive = await landing(await post("/accounts", { do: `grant:${ids.inactive}`, confirmed: "1" }));
    expect(text(inactive.html)).toContain("Only active members can be given admin privilege.");
    expect((await readMember(ids.inactive)).role).toBe("member");
    const self = await landing(await post("/accounts", { do: `revoke:${treasurer.id}`, confirmed: "1" }));
    expect(text(self.html)).toContain("You cannot revoke your own privilege.");
    expect((await readMember(treasurer.id)).role).toBe("accountant");
  });

  it("grants and revokes Website editor like Admin: the same question first without JavaScript, only for active members", async () => {
    const ask = await post("/accounts?q=Editor", { do: `grant-editor:${ids.toEditor}` });
    expect(ask.status).toBe(200);
    const question = parseHtml(await ask.text());
    expect(question.text(".confirm-step")).toContain("Are you sure change privilege of Editor Me Person?");
    expect(question.one(`.confirm-step input[name="do"]`)?.attribs.value).toBe(`grant-editor:${ids.toEditor}`);
    expect((await readMember(ids.toEditor)).role).toBe("member");

    const granted = await landing(await post("/accounts?q=Editor", { do: `grant-editor:${ids.toEditor}`, confirmed: "1" }));
    expect(granted.location).toBe("/accounts?q=Editor");
    expect(text(granted.html)).toContain("Editor Me Person is now a website editor.");
    expect((await readMember(ids.toEditor)).role).toBe("editor");
    const again = await landing(await post("/accounts", { do: `grant-editor:${ids.toEditor}`, confirmed: "1" }));
    expect(text(again.html)).toContain("Editor Me Person is already a website editor.");

    // One role: Admin replaces Editor, and revoking Admin leaves a member (not an editor).
    const admin = await landing(await post("/accounts?q=Editor", { do: `grant:${ids.toEditor}`, confirmed: "1" }));
    expect(text(admin.html)).toContain("Editor Me Person is now an admin.");
    expect((await readMember(ids.toEditor)).role).toBe("accountant");
    const refused = await landing(await post("/accounts", { do: `grant-editor:${ids.toEditor}`, confirmed: "1" }));
    expect(text(refused.html)).toContain("Editor Me Person is an admin, and admins can already edit the website.");
    await landing(await post("/accounts", { do: `revoke:${ids.toEditor}`, confirmed: "1" }));
    expect((await readMember(ids.toEditor)).role).toBe("member");

    await landing(await post("/accounts", { do: `grant-editor:${ids.toEditor}`, confirmed: "1" }));
    const revoked = await landing(await post("/accounts?q=Editor", { do: `revoke-editor:${ids.toEditor}`, confirmed: "1" }));
    expect(text(revoked.html)).toContain("Editor Me Person is no longer a website editor.");
    expect((await readMember(ids.toEditor)).role).toBe("member");

    const inactive = await landing(await post("/accounts", { do: `grant-editor:${ids.inactive}`, confirmed: "1" }));
    expect(text(inactive.html)).toContain("Only active members can be made website editors.");
    expect((await readMember(ids.inactive)).role).toBe("member");
  });

  it("is closed to website editors: they get nothing of the members", async () => {
    const editor = demoAccount("editor").id;
    expect((await get("/accounts", editor)).headers.get("Location")).toBe("/studio");
    expect((await post("/accounts", { do: `grant:${ids.toPromote}`, confirmed: "1" }, editor)).headers.get("Location")).toBe("/studio");
    expect((await readMember(ids.toPromote)).role).toBe("member");
    expect((await readMember(editor)).role).toBe("editor");
  });

  it("answers unknown members and junk posts with a message, never a 500", async () => {
    const unknown = await landing(await post("/accounts", { do: `delete:${"0".repeat(24)}`, confirmed: "1" }));
    expect(text(unknown.html)).toContain("Account Not Found");
    // A post that is not a row button: 400 with the message on the same page (the form's reply).
    for (const fields of [{}, { do: `explode:${"x"}` }, { do: `delete:${"x".repeat(5000)}` }]) {
      const response = await post("/accounts", fields as Record<string, string>);
      expect(response.status).toBe(400);
      expect(text(await response.text())).toContain("That action was not understood. Please try again.");
    }
    const elsewhere = await post("/accounts", { do: `delete:${ids.toPromote}`, returnTo: "https://evil.example/" });
    expect(elsewhere.status).toBeLessThan(500);
    if (elsewhere.status === 302) expect(elsewhere.headers.get("Location")).toMatch(/^\/accounts/);
  });

  it("sends the payment link: an e-mail with a signed link that verifies, and refuses once paid", async () => {
    const sent = await landing(await post("/accounts", { do: `send-link:${ids.applicant}` }));
    const page = text(sent.html);
    expect(page).toContain(`Payment link sent to ${people.applicant.email}.`);
    const link = /value="(http[^"]+\/payment-reg-fee\/[^"]+)"/.exec(sent.html)?.[1];
    expect(link, "the link is offered for copying").toBeTruthy();

    const outbox = await (await get("/accounts/emails")).text();
    expect(outbox).toContain(people.applicant.email);
    const token = decodeURIComponent(new URL(link!).pathname.split("/").pop()!);
    expect(outbox.includes(token) || (await emailHtmlContaining(outbox, token))).toBe(true);

    expect(await verifyPaymentLinkToken(devEnv, token)).toBe(ids.applicant);
    const tampered = token.slice(0, -2) + (token.endsWith("A") ? "BB" : "AA");
    expect(await verifyPaymentLinkToken(devEnv, tampered)).toBeNull();
    const in31Days = Math.floor(Date.now() / 1000) + 31 * 24 * 3600;
    expect(await verifyPaymentLinkToken(devEnv, token, in31Days)).toBeNull();
    const otherSecret = parseEnv({
      DB: { prepare() {}, batch() {} },
      ENVIRONMENT: "development",
      LINK_SIGNING_SECRET: "another-secret-of-at-least-32-characters!!",
    });
    expect(await verifyPaymentLinkToken(otherSecret, token)).toBeNull();

    const paid = await landing(await post("/accounts", { do: `send-link:${demoAccount("member").id}` }));
    expect(text(paid.html)).toContain("The registration fee is already paid.");
  });
});

/** The outbox list links each e-mail; open the newest to the applicant and look for the token in its HTML. */
async function emailHtmlContaining(outboxHtml: string, token: string): Promise<boolean> {
  const id = /href="\/accounts\/emails\/([^"]+)"/.exec(outboxHtml)?.[1];
  if (!id) return false;
  const detail = await (await get(`/accounts/emails/${id}`)).text();
  return detail.includes(token);
}

describe("members tables: a failed send", () => {
  let fake: FakeResend;
  let failing: SeededServer;
  let applicantId = "";
  beforeAll(async () => {
    fake = await startFakeResend({ failWith: { status: 422, name: "validation_error", message: "The from address domain is not verified." } });
    failing = await startSeededServer({
      vars: { RESEND_API_KEY: "re_test_key", RESEND_API_URL: fake.url },
      prepare: async (db) => {
        applicantId = (await d1Members(db).register(newMember({ fullName: "Failing Send Person" }))).id;
      },
    });
  });
  afterAll(async () => {
    await failing?.stop();
    await fake?.stop();
  });

  it("shows the provider's message in an error toast and still offers the link", async () => {
    const response = await post("/accounts", { do: `send-link:${applicantId}` }, treasurer.id, failing.url);
    const { html } = await landing(response, treasurer.id, failing.url);
    expect(text(html)).toContain("The from address domain is not verified.");
    expect(html).toContain("toast-error");
    expect(
      parseHtml(html)
        .all("[value]")
        .map((element) => element.attribs.value),
    ).toContainEqual(expect.stringMatching(/^http[^"]+\/payment-reg-fee\//));
    expect(fake.requests).toHaveLength(1);
  });
});
