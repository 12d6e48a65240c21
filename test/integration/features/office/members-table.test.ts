import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../../support/client";
import { DomUtils, pageText, parseHtml, textOf } from "../../../support/html";
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
 * the demo plus 40 members named "Paging Person NN" for paging and sorting, and a few
 * members each test may change without disturbing the others.
 */

let server: SeededServer;
const PAGING = Array.from({ length: 40 }, (_, i) =>
  newMember({ fullName: `Paging Person ${String(i + 1).padStart(2, "0")}`, postcode: "PG1 1AA", active: true, registrationPaid: true }),
);
const people = {
  toDelete: newMember({ fullName: "Delete Me Person", active: true, registrationPaid: true }),
  toPromote: newMember({ fullName: "Promote Me Person", active: true, registrationPaid: true }),
  toEditor: newMember({ fullName: "Editor Me Person", active: true, registrationPaid: true }),
  inactive: newMember({ fullName: "Inactive Person", active: false }),
  applicant: newMember({ fullName: "Link Applicant Person", active: false, registrationPaid: false }),
};
const ids: Record<keyof typeof people, string> = { toDelete: "", toPromote: "", toEditor: "", inactive: "", applicant: "" };

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
    .all("span.member-name")
    .map((name) => DomUtils.textContent(name));
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
  it("shows the 13 columns in order, 15 rows by default, never cached publicly", async () => {
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
    expect(headers).toEqual([...MEMBER_COLUMNS.map((c) => c.header), "Actions"]);
    expect(names(html)).toHaveLength(15);
    // The demo's 6 (the door steward too, ADR 65), the 40 paging members and 5 more.
    expect(text(html)).toContain(`1–15 of ${6 + 40 + 5} members`);
  });

  it("pages through 15 → 50 rows and to the last page", async () => {
    expect(names(await (await get("/accounts?size=50")).text())).toHaveLength(50);
    const page2 = names(await (await get("/accounts?page=2")).text());
    const page1 = names(await (await get("/accounts")).text());
    expect(page2).toHaveLength(15);
    expect(page2.filter((name) => page1.includes(name))).toEqual([]);
    const last = await (await get("/accounts?page=4")).text();
    expect(names(last)).toHaveLength(6);
    expect(text(last)).toContain("Page 4 of 4");
    expect(text(await (await get("/accounts?page=9")).text())).toContain("There are no members on this page.");
  });

  it("sorts by name both ways, case-insensitively", async () => {
    const ascending = names(await (await get("/accounts?sort=name&dir=asc&size=100")).text());
    expect(ascending).toEqual([...ascending].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const descending = names(await (await get("/accounts?sort=name&dir=desc&size=100")).text());
    expect(descending).toEqual([...ascending].reverse());
  });

  it("searches by name, e-mail, member number and postcode", async () => {
    expect(names(await (await get("/accounts?q=Paging+Person+07")).text())).toEqual(["Paging Person 07"]);
    expect(names(await (await get(`/accounts?q=${encodeURIComponent(demoAccount("single").email)}`)).text())).toEqual(["Sara Thomas"]);
    expect(names(await (await get("/accounts?q=MMA2")).text())).toEqual(["Arun Joseph"]);
    expect(names(await (await get("/accounts?q=pg11aa&size=50")).text())).toHaveLength(40);
    const none = await (await get("/accounts?q=nobody-like-this")).text();
    expect(names(none)).toEqual([]);
    expect(text(none)).toContain("No members match this search.");
  });

  it("filters by status, membership and fee", async () => {
    const pending = names(await (await get("/accounts?status=pending&size=100")).text());
    expect(pending).toEqual(expect.arrayContaining(["Kiran Das", "Inactive Person", "Link Applicant Person"]));
    expect(pending).not.toContain("Arun Joseph");
    expect(names(await (await get("/accounts?membership=Family&size=100")).text())).toEqual(["Arun Joseph"]);
    const unpaid = names(await (await get("/accounts?fee=unpaid&size=100")).text());
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
    const row = (html: string) => {
      const cells = parseHtml(html).all(`tr:has([id="name-${ids.toEditor}"]) > *`);
      return { role: textOf(cells[MEMBER_COLUMNS.findIndex((c) => c.id === "role")]!), buttons: cells.at(-1)! };
    };
    const button = (html: string, action: string) =>
      parseHtml(html)
        .all(`tr:has([id="name-${ids.toEditor}"]) button[name="do"]`)
        .find((b) => b.attribs.value === `${action}:${ids.toEditor}`);

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
    expect(row(granted.html).role).toBe("Website editor");
    expect(textOf(button(granted.html, "revoke-editor")!)).toBe("Revoke website editor privilege");
    expect(textOf(button(granted.html, "grant")!)).toBe("Give admin privilege");
    const again = await landing(await post("/accounts", { do: `grant-editor:${ids.toEditor}`, confirmed: "1" }));
    expect(text(again.html)).toContain("Editor Me Person is already a website editor.");

    // One role: Admin replaces Editor, and revoking Admin leaves a member (not an editor).
    const admin = await landing(await post("/accounts?q=Editor", { do: `grant:${ids.toEditor}`, confirmed: "1" }));
    expect(text(admin.html)).toContain("Editor Me Person is now an admin.");
    expect((await readMember(ids.toEditor)).role).toBe("accountant");
    expect(row(admin.html).role).toBe("Admin");
    const editorButton = button(admin.html, "grant-editor")!;
    expect(editorButton.attribs.disabled).toBeDefined();
    expect(editorButton.attribs.title).toBe("Editor Me Person is an admin, and admins can already edit the website.");
    await landing(await post("/accounts", { do: `revoke:${ids.toEditor}`, confirmed: "1" }));
    expect((await readMember(ids.toEditor)).role).toBe("member");

    await landing(await post("/accounts", { do: `grant-editor:${ids.toEditor}`, confirmed: "1" }));
    const revoked = await landing(await post("/accounts?q=Editor", { do: `revoke-editor:${ids.toEditor}`, confirmed: "1" }));
    expect(text(revoked.html)).toContain("Editor Me Person is no longer a website editor.");
    expect((await readMember(ids.toEditor)).role).toBe("member");
    expect(row(revoked.html).role).toBe("Member");
    expect(textOf(button(revoked.html, "grant-editor")!)).toBe("Give website editor privilege");

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
