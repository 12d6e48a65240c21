import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../../support/client";
import { erasedName } from "~/features/data-rights/erasure";
import type { MyData } from "~/features/data-rights/my-data";
import { currentYear } from "~/kernel/dates/dates";
import { createD1Store } from "~/kernel/store/d1/index.server";
import { openServerPlatform } from "../../../support/server-d1";
import { ERASABLE, addErasableMember } from "../../../support/data-rights";
import { parseHtml, textOf } from "../../../support/html";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount, sessionCookieFor } from "../../../support/session";

/**
 * Members' data rights (docs/requirements.md §8.2, §8.3) on real D1, on a server of its own (the erasure
 * must not touch the shared demo): the download and its guard, then the erasure and what
 * remains afterwards (nothing of hers, and the same settled totals).
 */
let server: SeededServer;
let sara: { id: string; ticketCode: string };
beforeAll(async () => {
  server = await startSeededServer({
    prepare: async (db) => {
      sara = await addErasableMember(db);
      // She has two-step verification, so its records are there for the erasure to remove.
      const twoStep = createD1Store(db).twoStep;
      await twoStep.begin(sara.id, "sealed-secret", 1_700_000_000);
      await twoStep.confirm(sara.id, 1_700_000_030, 56_666_667, ["hash-one", "hash-two"]);
    },
  });
});
afterAll(async () => {
  await server?.stop();
});

let sequence = 0;
const get = (path: string, cookie?: string) => client(server).get(path, { cookie });
const post = (path: string, fields: Record<string, string>, cookie?: string) => client(server, { ip: `198.51.100.${++sequence}`, cookie }).post(path, fields);
const treasurer = () => sessionCookieFor(demoAccount("treasurer").id);
const leaks = (text: string) => ERASABLE.traces.filter((trace) => text.includes(trace));

/** How many sign-in records (sessions open or ended, ADR 70; a two-step set-up and its recovery codes, ADR 71) the worker's D1 holds for the member. */
async function signInRows(memberId: string): Promise<number> {
  const { db, dispose } = await openServerPlatform(server.persistTo);
  try {
    const count = async (table: string) =>
      (await db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE member_id = ?1`).bind(memberId).first<{ n: number }>())?.n ?? 0;
    return (await count("member_sessions")) + (await count("two_step")) + (await count("two_step_recovery_codes"));
  } finally {
    await dispose();
  }
}

/** The settled totals the reports add up, straight from the worker's D1. */
async function settledTotals() {
  const { db, dispose } = await openServerPlatform(server.persistTo);
  try {
    const store = createD1Store(db);
    const year = currentYear();
    const renewals = await store.transactions.summarizeSettled({ year, paymentType: "renew" }, []);
    const tickets = await store.transactions.summarizeSettled({ year, paymentType: "ticket" }, []);
    const report = await store.tickets.summarizeReport({ year });
    return { renewals, tickets, report };
  } finally {
    await dispose();
  }
}

describe("Download my data", () => {
  it("gives the signed-in member their own data as a JSON file: record, household, payments, tickets, e-mails and messages", async () => {
    const cookie = await sessionCookieFor(sara.id);
    const response = await get("/account/data.json", cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="sara-erasable-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const body = await response.text();
    const data = JSON.parse(body) as MyData;
    expect(data.member).toMatchObject({ id: sara.id, fullName: ERASABLE.fullName, email: ERASABLE.email, postcode: ERASABLE.postcode });
    expect(data.household.spouse?.name).toBe(ERASABLE.spouseName);
    expect(data.household.children).toEqual([{ name: ERASABLE.childName, birthYear: 2016 }]);
    expect(data.transactions.map((t) => t.paymentType).sort()).toEqual(["renew", "ticket"]);
    expect(data.tickets.map((t) => t.code)).toEqual([sara.ticketCode]);
    expect(data.emails.map((e) => e.subject).sort()).toEqual(["For Tom Erasable", "Welcome, Sara Erasable"]);
    expect(data.contactMessages.map((m) => m.subject)).toEqual(["Hall booking"]);
    expect(body).not.toContain("passwordHash");
    expect(body).not.toContain("pbkdf2");
  });

  it("shows the same as a page; another member gets only their own, and visitors are sent to sign in", async () => {
    const page = parseHtml(await (await get("/account/data", await sessionCookieFor(sara.id))).text());
    expect(page.text("main")).toContain(ERASABLE.childName);
    expect(page.text("main")).toContain("Hall booking");

    const other = await sessionCookieFor(demoAccount("single").id);
    const theirs = JSON.parse(await (await get("/account/data.json", other)).text()) as MyData;
    expect(theirs.member.id).toBe(demoAccount("single").id);
    expect(leaks(JSON.stringify(theirs))).toEqual([]);
    // The accountant's copy of someone else's data: not for members.
    const refused = await get(`/accounts/members/${sara.id}/data.json`, other);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/mem-account");
    expect((await get("/account/data.json")).headers.get("Location")).toBe("/login?redirectTo=%2Faccount%2Fdata.json");
  });

  it("gives the same as a page to keep or print: one self-contained HTML file named after the member, no script, no link", async () => {
    const response = await get("/account/data.html", await sessionCookieFor(sara.id));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="sara-erasable-data-\d{4}-\d{2}-\d{2}\.html"$/);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const html = await response.text();
    expect(html.startsWith("<!doctype html>")).toBe(true);
    const file = parseHtml(html);
    expect(file.text("title")).toBe(`Data held about ${ERASABLE.fullName}`);
    expect(file.text("h1")).toBe(`Data held about ${ERASABLE.fullName}`);
    const main = file.text("main");
    for (const held of [ERASABLE.email, ERASABLE.postcode, ERASABLE.spouseName, `${ERASABLE.childName}, born 2016`, "Hall booking", "Welcome, Sara Erasable"]) {
      expect(main).toContain(held);
    }
    // Self-contained: its styles inline, nothing fetched, nothing run, no way back into the site.
    expect(file.all("style").length).toBe(1);
    expect(file.text("style")).toContain(".my-data-facts");
    expect(file.all("script, link, img, iframe, a, form")).toEqual([]);
    expect(html).not.toContain("pbkdf2");
  });

  it("guards the HTML file as the JSON one: members their own only, visitors to sign in, the accountant's copy for accountants", async () => {
    const other = await sessionCookieFor(demoAccount("single").id);
    const theirs = parseHtml(await (await get("/account/data.html", other)).text());
    expect(theirs.text("h1")).toMatch(/^Data held about /);
    expect(theirs.text("main")).toContain(demoAccount("single").email);
    expect(leaks(theirs.text("main"))).toEqual([]);
    expect((await get("/account/data.html")).headers.get("Location")).toBe("/login?redirectTo=%2Faccount%2Fdata.html");
    const refused = await get(`/accounts/members/${sara.id}/data.html`, other);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/mem-account");
    const editor = await get(`/accounts/members/${sara.id}/data.html`, await sessionCookieFor(demoAccount("editor").id));
    expect(editor.headers.get("Location")).toBe("/studio");

    const accountants = await get(`/accounts/members/${sara.id}/data.html`, await treasurer());
    expect(accountants.status).toBe(200);
    expect(accountants.headers.get("Content-Disposition")).toMatch(/^attachment; filename="sara-erasable-data-\d{4}-\d{2}-\d{2}\.html"$/);
    expect(parseHtml(await accountants.text()).text("main")).toContain(ERASABLE.childName);
    expect((await get("/accounts/members/ffffffffffffffffffffffff/data.html", await treasurer())).status).toBe(404);
  });

  it("links both files from the page, which prints without the site's frame", async () => {
    const page = parseHtml(await (await get("/account/data", await sessionCookieFor(sara.id))).text());
    const downloads = page.all(".my-data-downloads a[download]").map((a) => a.attribs.href);
    expect(downloads).toEqual(["/account/data.html", "/account/data.json"]);
    const accountants = parseHtml(await (await get(`/accounts/members/${sara.id}/data`, await treasurer())).text());
    expect(accountants.all(".my-data-downloads a[download]").map((a) => a.attribs.href)).toEqual([
      `/accounts/members/${sara.id}/data.html`,
      `/accounts/members/${sara.id}/data.json`,
    ]);
    // The page's own stylesheet carries its print rules (the banner, breadcrumbs and links are for the screen).
    const sheet = page
      .all('link[rel="stylesheet"]')
      .map((link) => link.attribs.href!)
      .find((href) => /my-data/.test(href));
    expect(sheet).toBeDefined();
    const css = await (await get(sheet!)).text();
    expect(css).toMatch(/@media print\{[^]*\.my-data-downloads/);
  });

  it("lets an accountant produce the same file for any member; an unknown member is 404", async () => {
    const response = await get(`/accounts/members/${sara.id}/data.json`, await treasurer());
    expect(response.status).toBe(200);
    expect((JSON.parse(await response.text()) as MyData).member.email).toBe(ERASABLE.email);
    expect((await get("/accounts/members/ffffffffffffffffffffffff/data.json", await treasurer())).status).toBe(404);
  });

  it("lists the devices signed in to her account, by browser and country, never by the session's id", async () => {
    const cookie = await sessionCookieFor(sara.id);
    const data = JSON.parse(await (await get("/account/data.json", cookie)).text()) as MyData;
    expect(data.devices.length).toBeGreaterThan(0);
    for (const device of data.devices) expect(Object.keys(device).sort()).toEqual(["browser", "country", "firstSeen", "lastSeen", "userAgent"]);
    const page = parseHtml(await (await get("/account/data", cookie)).text());
    expect(page.all("h2").map(textOf)).toContain(`Devices signed in to your account (${data.devices.length})`);
  });

  it("shows the accountant her payment history with each paid payment's receipt and refund page; her own page has no refund links", async () => {
    const data = JSON.parse(await (await get("/account/data.json", await sessionCookieFor(sara.id))).text()) as MyData;
    const paid = data.transactions.filter((t) => t.status === "success").map((t) => t.id);
    expect(paid.length).toBeGreaterThan(0);
    const links = (html: string) =>
      parseHtml(html)
        .all(".my-data-list a")
        .map((a) => a.attribs.href);
    const accountants = links(await (await get(`/accounts/members/${sara.id}/data`, await treasurer())).text());
    for (const id of paid) expect(accountants).toEqual(expect.arrayContaining([`/account/receipts/${id}`, `/accounts/transactions/${id}/refund`]));
    const own = links(await (await get("/account/data", await sessionCookieFor(sara.id))).text());
    expect(own.filter((href) => href?.includes("/refund"))).toEqual([]);
  });
});

describe("Erase a member", () => {
  it("asks first, naming what goes and what stays, and erases nothing until confirmed", async () => {
    const page = parseHtml(await (await get(`/accounts/members/${sara.id}/erase`, await treasurer())).text());
    expect(page.text("main")).toContain(ERASABLE.fullName);
    expect(page.text("main")).toContain("What will be removed");
    expect(page.text("main")).toContain("What stays");
    expect(page.text("main")).toContain(erasedName(sara.id));
    expect((await get("/account/data.json", await sessionCookieFor(sara.id))).status).toBe(200);
  });

  it("refuses the accountant's own account (409, nothing changed), and members cannot erase anyone", async () => {
    const self = demoAccount("treasurer").id;
    const refused = await post(`/accounts/members/${self}/erase`, {}, await treasurer());
    expect(refused.status).toBe(409);
    expect(parseHtml(await refused.text()).text("main")).toContain("You cannot erase your own account.");
    const byMember = await post(`/accounts/members/${sara.id}/erase`, {}, await sessionCookieFor(demoAccount("single").id));
    expect(byMember.status).toBe(302);
    expect(byMember.headers.get("Location")).toBe("/mem-account");
    expect((await get("/account/data.json", await sessionCookieFor(sara.id))).status).toBe(200);
  });

  it("erases her: she cannot sign in, nothing of hers is found anywhere, and the accounts add up the same", async () => {
    const before = await settledTotals();
    const herSession = await sessionCookieFor(sara.id);
    const cookie = await treasurer();

    // Before: the search finds her (so the check after it looks at the right rows).
    const found = parseHtml(await (await get("/accounts?q=Erasable", cookie)).text())
      .all("tbody tr")
      .map(textOf);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(ERASABLE.fullName);

    expect(await signInRows(sara.id)).toBeGreaterThanOrEqual(4);
    const erased = await post(`/accounts/members/${sara.id}/erase`, {}, cookie);
    expect(erased.status).toBe(302);
    // Her devices (browser, country, when seen) went with her sessions.
    expect(await signInRows(sara.id)).toBe(0);
    expect(erased.headers.get("Location")).toBe("/accounts");

    // Signed out everywhere, and no sign-in with her address and password.
    expect((await get("/account/data.json", herSession)).status).toBe(302);
    const login = await post("/login", { email: ERASABLE.email, password: ERASABLE.password });
    expect(login.status).toBe(401);
    expect(login.headers.getSetCookie().some((c) => c.startsWith("__session=") && !c.startsWith("__session=;"))).toBe(false);

    // Nothing of hers in the members tables (current and deleted), the outbox, the reports, the exports or the log.
    // A search shows what was searched for, so there only the table's rows count.
    for (const path of ["/accounts?q=Erasable", "/deleted-members?q=ZZ9", "/mem-renewals?q=Erasable"]) {
      const page = parseHtml(await (await get(path, cookie)).text());
      expect(page.all("tbody tr").map(textOf), path).toEqual([]);
    }
    // Deleted Members' search, finding nobody by the whole word, tries its first letters
    // (ADR 63): "Eras" finds the erased record itself, by its pseudonym, holding none of hers.
    const deleted = parseHtml(await (await get("/deleted-members?q=Erasable", cookie)).text())
      .all("tbody tr")
      .map(textOf);
    for (const row of deleted) {
      expect(row).toMatch(/Erased member #/);
      expect(row).not.toContain(ERASABLE.fullName);
      expect(row).not.toContain(ERASABLE.email);
    }
    const pages = [
      "/deleted-members?size=500",
      "/accounts/emails",
      "/accounts/messages",
      "/accounts/activity",
      `/mem-renewals`,
      `/mem-events-pay`,
      "/accounts/export.csv?list=deleted",
      "/mem-renewals/renewed.csv",
      "/mem-events-pay/tickets.csv",
      `/accounts/members/${sara.id}/data.json`,
    ];
    for (const path of pages) {
      const response = await get(path, cookie);
      expect(response.status, path).toBe(200);
      expect(leaks(await response.text()), path).toEqual([]);
    }
    // She is shown by her pseudonym where her payments are kept.
    expect(await (await get("/mem-renewals/renewed.csv", cookie)).text()).toContain(erasedName(sara.id));
    // The log says what was done, by the pseudonym only; the earlier entry about her was rewritten.
    const log = parseHtml(await (await get("/accounts/activity", cookie)).text()).text("main");
    expect(log).toContain(`erased the personal data of ${erasedName(sara.id)}.`);
    expect(log).toContain(`a payment link`);

    expect(await settledTotals()).toEqual(before);

    // A second erasure is refused: she is already erased.
    const again = await post(`/accounts/members/${sara.id}/erase`, {}, cookie);
    expect(again.status).toBe(409);
  });
});

describe("The daily run and the retention settings", () => {
  it("deletes outbox e-mails and contact messages older than the settings keep them, and logs how many", async () => {
    const { db, dispose } = await openServerPlatform(server.persistTo);
    let before: { emails: number; messages: number };
    try {
      await createD1Store(db).outbox.add(
        { to: ["old@example.org"], subject: "Old", html: "<p>Old</p>", text: "Old", purpose: "test", memberId: null },
        "sent",
        "dev",
      );
      await createD1Store(db).contactMessages.create({
        name: "Old",
        lastname: "Message",
        email: "old@example.org",
        subject: "Old",
        notes: "Old",
        memberId: null,
      });
      const count = async (table: string) => Number((await db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())?.n ?? 0);
      before = { emails: await count("outbox"), messages: await count("contact_messages") };
    } finally {
      await dispose();
    }
    expect(before.messages).toBeGreaterThan(0);
    expect(before.emails).toBeGreaterThan(0);
    // Two years and a day on, everything made today is past 365 days (e-mails) and 730 days (messages).
    expect(await server.scheduled(new Date(Date.now() + 731 * 24 * 60 * 60 * 1000))).toBe("ok");

    const { db: after, dispose: close } = await openServerPlatform(server.persistTo);
    try {
      const cutoff = Math.floor(Date.now() / 1000);
      const oldEmails = await after
        .prepare("SELECT COUNT(*) AS n FROM outbox WHERE created_at < ?")
        .bind(cutoff - 60)
        .first<{ n: number }>();
      expect(oldEmails?.n).toBe(0);
      const messages = await after.prepare("SELECT COUNT(*) AS n FROM contact_messages").first<{ n: number }>();
      expect(messages?.n).toBe(0);
      const logged = await after.prepare("SELECT summary FROM activity WHERE kind = 'records-past-retention-deleted'").all<{ summary: string }>();
      // Reminders the same run sends are new, so they may be deleted too or not: at least the e-mails there were.
      expect(logged.results).toHaveLength(1);
      const said = /^Scheduled: deleted (\d+) outbox e-mails? and (\d+) contact messages? older than the settings keep them\.$/.exec(
        logged.results[0]!.summary,
      );
      expect(Number(said?.[1])).toBeGreaterThanOrEqual(before.emails);
      expect(Number(said?.[2])).toBe(before.messages);
    } finally {
      await close();
    }
  });
});
