import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../../support/client";
import { readSheet } from "read-excel-file/universal";
import { currentYear } from "~/kernel/dates/dates";
import { monthPeriods, pendingMembersQuery } from "~/features/office/renewals-report";
import { d1Members } from "~/kernel/store/d1/members.server";
import { d1Transactions } from "~/kernel/store/d1/transactions.server";
import { openServerPlatform } from "../../../support/server-d1";
import { startFakeResend, type FakeResend } from "../../../support/fake-resend";
import { parseCsv } from "../../../support/csv";
import { newMember, newTransaction } from "../../../support/fixtures";
import { DomUtils, pageText, parseHtml, textOf } from "../../../support/html";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";

/**
 * /mem-renewals on private servers: the demo plus renewals paid across the months of
 * this year and last year, and members who have, or have not, paid this year. One
 * server keeps e-mail in the outbox (the panel of docs/requirements.md §6.9); one sends through a fake Resend.
 */

const Y = currentYear();
const HOSTILE = '=HYPERLINK("https://evil.example","x")';
const at = (year: number, month: number, day: number) => Date.UTC(year, month, day, 12) / 1000;
const RENEWALS = [
  { name: "Renew Alpha Person", title: "Renewal Z", unit: 1000, qty: 1, year: Y, paid: at(Y, 0, 10) },
  { name: "Renew Beta Person", title: "Renewal Y", unit: 2000, qty: 1, year: Y, paid: at(Y, 2, 3), family: true },
  { name: "Renew Gamma Person", title: "Renewal Y", unit: 1000, qty: 2, year: Y, paid: at(Y, 2, 20) },
  { name: HOSTILE, title: "Renewal X", unit: 1000, qty: 1, year: Y, paid: at(Y, 5, 1) },
  { name: "Renew Last Year Person", title: "Renewal Z", unit: 1500, qty: 1, year: Y - 1, paid: at(Y - 1, 8, 9) },
];
const EXTRA_PENDING = 20;
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Members for the pending table: who is in and who is out. */
const pendingPeople = () => ({
  lastYear: newMember({ fullName: "Pending Last Year Person", active: true, registrationPaid: true, lastRenewedYear: Y - 1 }),
  never: newMember({ fullName: "Pending Never Person", active: true, registrationPaid: true, lastRenewedYear: null }),
  hostile: newMember({ fullName: `${HOSTILE} Pending`, active: true, registrationPaid: true, lastRenewedYear: Y - 1 }),
  paid: newMember({ fullName: "Paid This Year Person", active: true, registrationPaid: true, lastRenewedYear: Y }),
  deleted: newMember({ fullName: "Deleted Pending Person", active: true, registrationPaid: true, lastRenewedYear: Y - 1, deleted: true }),
  inactive: newMember({ fullName: "Inactive Pending Person", active: false, lastRenewedYear: Y - 1 }),
});
type People = ReturnType<typeof pendingPeople>;

interface Baseline {
  renewedCount: number;
  renewedAmount: number;
  perMonth: number[];
  pendingEmails: string[];
}

/** Adds the test's rows to a freshly seeded database and says what the demo had before. */
async function prepareReport(db: D1Database, people: People, extraPending: number, baseline: Baseline) {
  const members = d1Members(db);
  const transactions = d1Transactions(db);
  const before = await transactions.summarizeSettled({ year: Y, paymentType: "renew" }, monthPeriods(Y));
  baseline.renewedCount = before.count;
  baseline.renewedAmount = before.amount;
  baseline.perMonth = before.perPeriod;
  for (const renewal of RENEWALS) {
    const member = await members.register(newMember({ fullName: renewal.name, active: true, registrationPaid: true, lastRenewedYear: renewal.year }));
    const tx = await transactions.create(
      newTransaction(member.id, {
        title: renewal.title,
        unitAmount: renewal.unit,
        qty: renewal.qty,
        year: renewal.year,
        memberName: renewal.name,
        memberEmail: member.email,
        membershipType: renewal.family ? "Family" : "Single",
        priceRef: `price_${renewal.family ? "family" : "single"}_renew`,
      }),
    );
    await transactions.settle(tx.id, "success", renewal.paid);
  }
  // A failed and a registration payment this year: never in the report.
  const other = await members.register(newMember({ fullName: "Other Payment Person", active: true, lastRenewedYear: Y }));
  const failed = await transactions.create(newTransaction(other.id, { year: Y, memberName: "Failed Renewal Person" }));
  await transactions.settle(failed.id, "failed", at(Y, 1, 1));
  const registration = await transactions.create(newTransaction(other.id, { year: Y, paymentType: "registration", memberName: "Registration Person" }));
  await transactions.settle(registration.id, "success", at(Y, 1, 1));

  for (const member of Object.values(people)) await members.register(member);
  for (let i = 1; i <= extraPending; i += 1) {
    await members.register(
      newMember({ fullName: `Pending Paging ${String(i).padStart(3, "0")}`, active: true, registrationPaid: true, lastRenewedYear: Y - 2 }),
    );
  }
  baseline.pendingEmails = (await members.list(pendingMembersQuery(Y))).rows.map((m) => m.email);
}

const treasurer = demoAccount("treasurer");
const text = (html: string) => pageText(html);

const get = (base: string, path: string, userId: string | null = treasurer.id) => client(base).as(userId).get(path);

const post = (base: string, path: string, fields: Record<string, string>, userId: string | null = treasurer.id) => client(base).as(userId).post(path, fields);

/** Follows an action's redirect with its toast cookie (signed in as `userId`) and returns the landing page's text. */
async function landing(base: string, response: Response, userId: string = treasurer.id) {
  expect(response.status).toBe(302);
  const toast =
    response.headers
      .getSetCookie()
      .find((c) => c.startsWith("__toast="))
      ?.split(";")[0] ?? "";
  const target = new URL(response.headers.get("Location")!, base);
  const page = await client(base).as(userId).get(`${target.pathname}${target.search}`, { cookie: toast });
  return { location: response.headers.get("Location")!, text: text(await page.text()) };
}

/** The row names (row headers) of one table of the page. */
function tableNames(html: string, table: "renewed" | "pending"): string[] {
  return parseHtml(html)
    .all(`#${table}-table th[scope="row"]`)
    .map((th) => textOf(th));
}

/** The addresses the reminder panel lists for sending by hand. */
const recipients = (html: string) =>
  parseHtml(html)
    .all(".recipient-list li")
    .map((li) => textOf(li));

async function outboxCounts(persistTo: string) {
  const { db, dispose } = await openServerPlatform(persistTo);
  try {
    const { results } = await db
      .prepare("SELECT status, COUNT(*) AS n FROM outbox WHERE purpose = 'renewal-reminder' GROUP BY status")
      .all<{ status: string; n: number }>();
    return Object.fromEntries(results.map((r) => [r.status, Number(r.n)]));
  } finally {
    await dispose();
  }
}

describe("/mem-renewals without an e-mail provider", () => {
  let server: SeededServer;
  const people = pendingPeople();
  const baseline = {} as Baseline;

  beforeAll(async () => {
    server = await startSeededServer({ prepare: (db) => prepareReport(db, people, EXTRA_PENDING, baseline) });
  });
  afterAll(() => server?.stop());

  it("guards the page, its action and both CSVs: visitors to /login, members to /mem-account", async () => {
    for (const path of [
      "/mem-renewals?year=" + (Y - 1),
      "/mem-renewals/renewed.csv",
      "/mem-renewals/pending.csv",
      "/mem-renewals/renewed.xlsx",
      "/mem-renewals/pending.xlsx",
    ]) {
      const visitor = await get(server.url, path, null);
      expect(visitor.status).toBe(302);
      expect(visitor.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
      expect((await get(server.url, path, demoAccount("member").id)).headers.get("Location")).toBe("/mem-account");
    }
    expect((await post(server.url, "/mem-renewals", { intent: "notify" }, null)).headers.get("Location")).toMatch(/^\/login/);
    expect((await post(server.url, "/mem-renewals", { intent: "notify" }, demoAccount("member").id)).headers.get("Location")).toBe("/mem-account");
    const forged = await client(server).as(treasurer).post("/mem-renewals", { intent: "notify" }, { origin: "https://evil.example" });
    expect(forged.status).toBe(403);
  });

  it("shows this year's renewed table: newest received first, count in the title, total in the footer; never cached", async () => {
    const response = await get(server.url, "/mem-renewals");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await response.text();
    const page = text(html);
    const count = baseline.renewedCount + 4;
    expect(page).toContain(`Renewed (${count})`);
    const amount = (baseline.renewedAmount + 1000 + 2000 + 2000 + 1000) / 100;
    expect(page).toContain(`Total £${amount.toLocaleString("en-GB", { minimumFractionDigits: 2 })}`);
    const names = tableNames(html, "renewed");
    // Newest received first (ADR 64: the day the money came), whatever the title.
    expect(names.filter((n) => n.startsWith("Renew ") || n === HOSTILE)).toEqual([HOSTILE, "Renew Gamma Person", "Renew Beta Person", "Renew Alpha Person"]);
    expect(names).not.toContain("Renew Last Year Person");
    expect(names).not.toContain("Failed Renewal Person");
    expect(names).not.toContain("Registration Person");
    const parsed = parseHtml(html);
    const headers = parsed
      .all('#renewed-table th[scope="col"]')
      .slice(0, 8)
      .map((th) => textOf(th));
    expect(headers).toEqual(["Name", "Membership Type", "Amount", "Date", "Email", "payment product reference", "Description", "Year"]);
    // The Beta row: £20.00, paid on 3 March, the family price, its title.
    const betaRow = parsed.all("#renewed-table tr").find((tr) => textOf(tr).startsWith("Renew Beta Person"));
    expect(betaRow).toBeDefined();
    const beta = pageText(betaRow!);
    expect(beta).toContain(`Family £20.00 03-03-${Y}`);
    expect(beta).toContain(`price_family_renew Renewal Y ${Y}`);
    // The chart says the months in words.
    const months = [...baseline.perMonth];
    months[0]! += 1;
    months[2]! += 2;
    months[5]! += 1;
    const chart = `Renewals paid each month of ${Y}: Jan ${months[0]}, Feb ${months[1]}, Mar ${months[2]}, Apr ${months[3]}, May ${months[4]}, Jun ${months[5]}`;
    expect(parsed.all("[aria-label]").some((element) => element.attribs["aria-label"]!.startsWith(chart))).toBe(true);
  });

  it("shows last year's renewals for ?year=last year, and ignores a year it does not offer", async () => {
    const last = await (await get(server.url, `/mem-renewals?year=${Y - 1}`)).text();
    expect(tableNames(last, "renewed")).toContain("Renew Last Year Person");
    expect(tableNames(last, "renewed")).not.toContain("Renew Alpha Person");
    const odd = await (await get(server.url, `/mem-renewals?year=${Y - 5}`)).text();
    expect(tableNames(odd, "renewed")).toContain("Renew Alpha Person");
  });

  it("lists active, not deleted members who have not paid this year, 15 a page, with its own pager", async () => {
    const html = await (await get(server.url, "/mem-renewals?psize=500")).text();
    const names = tableNames(html, "pending");
    expect(text(html)).toContain(`Pending (${baseline.pendingEmails.length})`);
    expect(names).toHaveLength(baseline.pendingEmails.length);
    expect(names).toEqual(expect.arrayContaining(["Pending Last Year Person", "Pending Never Person", `${HOSTILE} Pending`, "Pending Paging 001"]));
    for (const out of ["Paid This Year Person", "Deleted Pending Person", "Inactive Pending Person", "Renew Alpha Person"]) expect(names).not.toContain(out);

    const first = await (await get(server.url, "/mem-renewals")).text();
    expect(tableNames(first, "pending")).toHaveLength(15);
    const second = await (await get(server.url, "/mem-renewals?ppage=2&rsize=50")).text();
    expect(tableNames(second, "pending")).toEqual(names.slice(15, 30));
    // The renewed table keeps its own paging.
    expect(tableNames(second, "renewed").length).toBe(Math.min(50, baseline.renewedCount + 4));
    // Its pager links keep the other table's size.
    expect(parseHtml(second).one(`nav[aria-label="Not renewed for ${Y}: pages"] [href="/mem-renewals?rsize=50"]`)).not.toBeNull();
    // A broken page size falls back to 15, never an error.
    const broken = await get(server.url, "/mem-renewals?psize=7&ppage=-2&rpage=abc");
    expect(broken.status).toBe(200);
    expect(tableNames(await broken.text(), "pending")).toHaveLength(15);
  });

  it("exports both tables as CSV (BOM, CRLF, every row, formulas neutralised)", async () => {
    const renewed = await get(server.url, "/mem-renewals/renewed.csv");
    expect(renewed.status).toBe(200);
    expect(renewed.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(renewed.headers.get("Content-Disposition")).toMatch(new RegExp(`^attachment; filename="renewed-${Y}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    expect(renewed.headers.get("Cache-Control")).toBe("private, no-store");
    const body = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await renewed.arrayBuffer());
    expect(
      body.startsWith("\uFEFFName,Membership Type,Amount (£),Date,Email,payment product reference,Description,Year,Method,Reference,Refunded (£)\r\n"),
    ).toBe(true);
    expect(body.split("\r\n").filter(Boolean)).toHaveLength(1 + baseline.renewedCount + 4);
    expect(body).toContain(`Renew Beta Person,Family,20.00,03-03-${Y},`);
    expect(body).toContain(`"'=HYPERLINK(""https://evil.example"",""x"")"`);
    expect(body).not.toContain("Renew Last Year Person");
    const lastYear = await (await get(server.url, `/mem-renewals/renewed.csv?year=${Y - 1}`)).text();
    expect(lastYear).toContain("Renew Last Year Person");

    const pending = await get(server.url, "/mem-renewals/pending.csv");
    const pendingBody = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await pending.arrayBuffer());
    expect(pendingBody.startsWith("\uFEFFMember ID,Name,Membership Type,Email,Mobile,Last subscription year\r\n")).toBe(true);
    expect(pendingBody.split("\r\n").filter(Boolean)).toHaveLength(1 + baseline.pendingEmails.length);
    expect(pendingBody).toContain(`"'=HYPERLINK(""https://evil.example"",""x"") Pending"`);
    expect(pendingBody).toContain(`Pending Never Person,Single,${people.never.email},07700900123,Never`);
    expect((await post(server.url, "/mem-renewals/pending.csv", {})).status).toBe(405);
  });

  it("exports both tables as Excel files: every row, amounts as numbers, dates as dates, MMA numbers and phones as text", async () => {
    const renewed = await get(server.url, "/mem-renewals/renewed.xlsx");
    expect(renewed.status).toBe(200);
    expect(renewed.headers.get("Content-Type")).toBe(XLSX);
    expect(renewed.headers.get("Content-Disposition")).toMatch(new RegExp(`^attachment; filename="renewed-${Y}-\\d{4}-\\d{2}-\\d{2}\\.xlsx"$`));
    expect(renewed.headers.get("Cache-Control")).toBe("private, no-store");
    const sheet = await readSheet(await renewed.arrayBuffer());
    expect(sheet[0]).toEqual([
      "Name",
      "Membership Type",
      "Amount (£)",
      "Date",
      "Email",
      "payment product reference",
      "Description",
      "Year",
      "Method",
      "Reference",
      "Refunded (£)",
    ]);
    expect(sheet).toHaveLength(1 + baseline.renewedCount + 4);
    const beta = sheet.find((row) => row[0] === "Renew Beta Person")!;
    expect(beta.slice(0, 4)).toEqual(["Renew Beta Person", "Family", 20, new Date(Date.UTC(Y, 2, 3))]);
    // Then how it was paid (offline payments, docs/requirements.md §4.9): a checkout payment is Card, with no reference.
    // And what was refunded of it (refunds, docs/requirements.md §6.8): a number, 0 when nothing.
    expect(beta.slice(5)).toEqual(["price_family_renew", "Renewal Y", Y, "Card", null, 0]);
    // A formula-looking name is a text cell, never a formula.
    expect(sheet.some((row) => row[0] === HOSTILE)).toBe(true);

    const pending = await readSheet(await (await get(server.url, "/mem-renewals/pending.xlsx")).arrayBuffer());
    expect(pending[0]).toEqual(["Member ID", "Name", "Membership Type", "Email", "Mobile", "Last subscription year"]);
    expect(pending).toHaveLength(1 + baseline.pendingEmails.length);
    const never = pending.find((row) => row[1] === "Pending Never Person")!;
    expect(never[0]).toMatch(/^MMA\d+$/);
    expect(never.slice(2)).toEqual(["Single", people.never.email, "07700900123", "Never"]);
    expect((await post(server.url, "/mem-renewals/pending.xlsx", {})).status).toBe(405);

    // The page links each table's Excel file next to its CSV.
    const page = parseHtml(await (await get(server.url, `/mem-renewals?q=Person&year=${Y - 1}`)).text()).document;
    const links = DomUtils.findAll((el) => el.name === "a" && (el.attribs.href ?? "").includes(".xlsx"), page.children).map((a) => ({
      href: a.attribs.href,
      text: DomUtils.textContent(a),
    }));
    expect(links.map((link) => link.href)).toEqual([`/mem-renewals/renewed.xlsx?q=Person&year=${Y - 1}`, "/mem-renewals/pending.xlsx?q=Person"]);
    expect(links.every((link) => link.text.startsWith("Export Excel (.xlsx)"))).toBe(true);
  });

  it("the search area finds by name, e-mail or MMA number in both tables, in the URL, with the CSV links following it", async () => {
    // A GET form with the search box: works without JavaScript, and the view is the URL.
    const page = parseHtml(await (await get(server.url, "/mem-renewals")).text()).document;
    const form = DomUtils.findOne((el) => el.name === "form" && el.attribs.role === "search", page.children, true);
    expect(form?.attribs.method).toBe("get");
    const box = DomUtils.findOne((el) => el.name === "input" && el.attribs.name === "q", form ? [form] : [], true);
    expect(box?.attribs.type).toBe("search");
    expect(DomUtils.textContent(DomUtils.findOne((el) => el.name === "label" && el.attribs.for === box?.attribs.id, form ? [form] : [], true)!)).toBe("Search");

    const allRenewed = baseline.renewedCount + RENEWALS.filter((r) => r.year === Y).length;
    const allPending = baseline.pendingEmails.length;
    // By name, any case: the renewed table narrows, its title counts what was found and the footer sums it.
    const byName = await (await get(server.url, "/mem-renewals?q=GAMMA")).text();
    expect(tableNames(byName, "renewed")).toEqual(["Renew Gamma Person"]);
    expect(tableNames(byName, "pending")).toEqual([]);
    expect(text(byName)).toContain(`Renewed (1 of ${allRenewed})`);
    expect(text(byName)).toContain(`Pending (0 of ${allPending})`);
    expect(text(byName)).toContain("Total £20.00");
    // The links keep the search: the CSVs, the page sizes; the box shows it.
    const searched = parseHtml(byName);
    for (const href of ["/mem-renewals/renewed.csv?q=GAMMA", "/mem-renewals/pending.csv?q=GAMMA", "/mem-renewals?q=GAMMA&psize=50"]) {
      expect(searched.one(`[href="${href}"]`), href).not.toBeNull();
    }
    expect(searched.one('input[name="q"][value="GAMMA"]')).not.toBeNull();
    // 'Send Notification To All' still means everyone pending, even when the search finds none of them.
    expect(text(byName)).toContain("Send Notification To All");

    // By e-mail: the pending table.
    const byEmail = await (await get(server.url, `/mem-renewals?q=${encodeURIComponent(people.never.email)}`)).text();
    expect(tableNames(byEmail, "pending")).toEqual(["Pending Never Person"]);
    expect(tableNames(byEmail, "renewed")).toEqual([]);

    // By MMA number, in both tables (the numbers as the members export shows them).
    const numberOf = async (name: string) => {
      const csv = parseCsv((await (await get(server.url, `/accounts/export.csv?q=${encodeURIComponent(name)}`)).text()).replace(/^\uFEFF/, ""));
      const column = csv[0]!.indexOf("Member ID");
      return csv.slice(1).find((row) => row.includes(name))![column]!;
    };
    const never = await numberOf("Pending Never Person");
    expect(never).toMatch(/^MMA\d+$/);
    const byNumber = await (await get(server.url, `/mem-renewals?q=${never}`)).text();
    expect(tableNames(byNumber, "pending")).toEqual(["Pending Never Person"]);
    const alpha = await numberOf("Renew Alpha Person");
    const renewedByNumber = await (await get(server.url, `/mem-renewals?q=${alpha.toLowerCase()}`)).text();
    expect(tableNames(renewedByNumber, "renewed")).toEqual(["Renew Alpha Person"]);

    // The CSVs take the same search: every row it finds, whatever page is shown.
    const renewedCsv = parseCsv((await (await get(server.url, "/mem-renewals/renewed.csv?q=gamma")).text()).replace(/^\uFEFF/, ""));
    expect(renewedCsv.slice(1).map((row) => row[0])).toEqual(["Renew Gamma Person"]);
    const pendingCsv = parseCsv((await (await get(server.url, "/mem-renewals/pending.csv?q=pending%20paging")).text()).replace(/^\uFEFF/, ""));
    expect(pendingCsv.slice(1)).toHaveLength(EXTRA_PENDING);
    // The search and the pager together: page 2 of the 20 "Pending Paging" members.
    const second = await (await get(server.url, "/mem-renewals?q=pending+paging&ppage=2")).text();
    expect(tableNames(second, "pending")).toHaveLength(EXTRA_PENDING - 15);
    expect(tableNames(second, "pending").every((name) => name.startsWith("Pending Paging"))).toBe(true);
    // The reminder is for everyone pending, whatever the search shows.
    const panel = await (await post(server.url, "/mem-renewals?q=GAMMA", { intent: "notify" })).text();
    const listed = recipients(panel);
    expect(listed.slice(0, allPending).sort()).toEqual([...baseline.pendingEmails].sort());
  });

  it("'Send Notification To All' without a provider lists every pending address for manual sending and records nothing", async () => {
    const page = await (await get(server.url, "/mem-renewals")).text();
    expect(text(page)).toContain("Send Notification To All");
    const response = await post(server.url, "/mem-renewals?ppage=2", { intent: "notify" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await response.text();
    expect(text(html)).toContain("Our system is experiencing technical difficulties to send bulk emails...");
    const listed = recipients(html);
    expect(listed.slice(0, baseline.pendingEmails.length).sort()).toEqual([...baseline.pendingEmails].sort());
    expect(text(html)).toContain(`Please send the renewal reminder to these ${listed.length} addresses yourself:`);
    expect(parseHtml(html).text('a[href="/mem-renewals?ppage=2"]')).toBe("CLOSE");
    expect(await outboxCounts(server.persistTo)).toEqual({});
    // Anything else is refused with a message (400, the form's reply), not a 500.
    const odd = await post(server.url, "/mem-renewals", { intent: "drop-tables" });
    expect(odd.status).toBe(400);
    expect(text(await odd.text())).toContain("That action was not understood. Please try again.");
  });
});

describe("/mem-renewals with Resend", () => {
  let server: SeededServer;
  let resend: FakeResend;
  const baseline = {} as Baseline;
  // More than one batch of 100.
  const EXTRA = 110;

  beforeAll(async () => {
    resend = await startFakeResend();
    server = await startSeededServer({
      vars: { RESEND_API_KEY: "re_fake_test_key", RESEND_API_URL: resend.url },
      prepare: (db) => prepareReport(db, pendingPeople(), EXTRA, baseline),
    });
  });
  afterAll(async () => {
    await server?.stop();
    await resend?.stop();
  });

  it("asks first (no JavaScript), then sends the reminder to every pending member in batches of 100, recorded in the outbox", async () => {
    const n = baseline.pendingEmails.length;
    expect(n).toBeGreaterThan(100);
    const ask = await post(server.url, "/mem-renewals", { intent: "notify" });
    expect(ask.status).toBe(200);
    expect(text(await ask.text())).toContain(`Send the renewal reminder to ${n} members?`);
    expect(resend.requests).toHaveLength(0);

    const sent = await landing(server.url, await post(server.url, "/mem-renewals", { intent: "notify", confirmed: "1" }));
    expect(sent.location).toBe("/mem-renewals");
    expect(sent.text).toContain(`Renewal reminder sent to ${n} members.`);
    expect(resend.batches).toEqual([100, n - 100]);
    expect(resend.requests.map((r) => (r.body.to as string[])[0]).sort()).toEqual([...baseline.pendingEmails].sort());
    expect(resend.requests.every((r) => r.authorization === "Bearer re_fake_test_key")).toBe(true);
    const one = resend.requests[0]!.body;
    expect(one.subject).toBe(`MMA: your ${Y} subscription is due`);
    expect(parseHtml(String(one.html)).one(`[href="${server.url}/mem-account"]`)).not.toBeNull();
    expect(one.text).toContain(`before 30 September ${Y}`);
    expect(await outboxCounts(server.persistTo)).toEqual({ sent: n });

    // Once per 10 minutes per accountant.
    const again = await landing(server.url, await post(server.url, "/mem-renewals", { intent: "notify", confirmed: "1" }));
    expect(again.text).toMatch(/The renewal reminder was sent a few minutes ago\. Please wait \d+ minutes? before sending it again\./);
    expect(resend.batches).toHaveLength(2);
  });

  it("says the provider's error when a batch is refused, and marks those e-mails failed", async () => {
    resend.failWith({ status: 429, name: "rate_limit_exceeded", message: "Too many requests." });
    try {
      // Another accountant: the rate limit is per accountant.
      const { db, dispose } = await openServerPlatform(server.persistTo);
      let otherId = "";
      try {
        otherId = (await d1Members(db).register(newMember({ fullName: "Second Treasurer", active: true, role: "accountant", lastRenewedYear: Y }))).id;
      } finally {
        await dispose();
      }
      const response = await post(server.url, "/mem-renewals", { intent: "notify", confirmed: "1" }, otherId);
      expect((await landing(server.url, response, otherId)).text).toContain(
        `${baseline.pendingEmails.length} could not be sent: rate_limit_exceeded: Too many requests.`,
      );
      expect((await outboxCounts(server.persistTo)).failed).toBe(baseline.pendingEmails.length);
    } finally {
      resend.failWith(null);
    }
  });
});
