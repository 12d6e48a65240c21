import { unzipSync } from "fflate";
import { readSheet } from "read-excel-file/universal";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../../support/client";
import { d1Members } from "~/kernel/store/d1/members.server";
import { newMember } from "../../../support/fixtures";
import { DomUtils, parseHtml } from "../../../support/html";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount, sessionCookieFor } from "../../../support/session";
import { TIMEOUTS } from "../../../support/time-budget";
import { DEMO_EVENT_ID } from "../../../support/book-ticket";

/**
 * GET /accounts/export.xlsx on a private server (real D1 in workerd): the demo, a member
 * whose mobile starts with 0, one whose mobile starts with "+", one with a formula for a
 * name, and enough members that the sheet is over 160 kB, the size at which the library's
 * zip would otherwise ask for a Web Worker, which a Cloudflare Worker cannot start (ADR 48).
 * The file is read back cell by cell with read-excel-file, which gives a number, a Date or
 * a string by the cell's type. The report tables' Excel files are tested with their CSVs
 * (mem-renewals.test.ts, mem-events-pay.test.ts).
 */

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const BULK = 700;
const ZERO = newMember({ fullName: "Zero Mobile Person", email: "zero-xlsx@example.com", mobile: "07700 900789", active: true, registrationPaid: true });
const PLUS = newMember({ fullName: "Plus Xlsx Person", email: "plus-xlsx@example.com", mobile: "+44 7700 900456", active: true });
const FORMULA = newMember({
  fullName: '=HYPERLINK("http://evil","x")',
  email: "formula-xlsx@example.com",
  membership: "Family",
  children: [{ name: "Kid", birthYear: 2016 }],
});
const expected = { active: 0, zeroCreatedAt: 0 };

let server: SeededServer;

beforeAll(async () => {
  server = await startSeededServer({
    prepare: async (db) => {
      const members = d1Members(db);
      for (const member of [ZERO, PLUS, FORMULA]) await members.register(member);
      for (let i = 0; i < BULK; i++) {
        await members.register(
          newMember({ fullName: `Bulk Xlsx Person ${i}`, email: `bulk-xlsx-${i}@example.com`, mobile: `0161 496 ${String(i).padStart(4, "0")}` }),
        );
      }
      const count = await db.prepare("SELECT COUNT(*) AS n FROM members WHERE deleted = 0").first<{ n: number }>();
      expected.active = Number(count!.n);
      const zero = await db.prepare("SELECT created_at FROM members WHERE email = ?").bind(ZERO.email).first<{ created_at: number }>();
      expected.zeroCreatedAt = Number(zero!.created_at);
    },
  });
}, TIMEOUTS.long);
afterAll(() => server?.stop());

const get = (path: string, userId: string | null = demoAccount("treasurer").id) => client(server).as(userId).get(path);

describe("the members' Excel download", () => {
  it("is an attachment, private, never sniffed, named for the day", async () => {
    const response = await get("/accounts/export.xlsx?list=deleted");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(XLSX);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="deleted-members-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("holds every member in typed cells: a large sheet, text ids and phones with their leading 0, dates as dates, counts as numbers", async () => {
    const response = await get("/accounts/export.xlsx");
    expect(response.status).toBe(200);
    const bytes = await response.arrayBuffer();
    // The sheet really is over the size the library would hand to a Web Worker.
    expect(unzipSync(new Uint8Array(bytes))["xl/worksheets/sheet1.xml"]!.length).toBeGreaterThan(160_000);

    const [header, ...rows] = await readSheet(bytes);
    const col = (name: string) => header!.indexOf(name);
    expect(header).toEqual([
      "Member ID",
      "Name",
      "Membership Type",
      "Status",
      "Date",
      "Membership Fee",
      "Email",
      "Mobile",
      "Spouse Name",
      "Children Count",
      "Children",
      "Last subscription year",
      "Role",
      "Notes",
    ]);
    expect(rows).toHaveLength(expected.active);

    const zero = rows.find((row) => row[col("Email")] === ZERO.email)!;
    expect(zero[col("Mobile")]).toBe("07700 900789");
    expect(zero[col("Member ID")]).toEqual(expect.stringMatching(/^(MMA\d+|Not Generated)$/));
    const day = new Date(expected.zeroCreatedAt * 1000).toLocaleDateString("en-CA", { timeZone: "Europe/London" });
    expect(zero[col("Date")]).toEqual(new Date(`${day}T00:00:00Z`));
    expect(zero[col("Children Count")]).toBe(0);

    const bulk = rows.find((row) => row[col("Email")] === "bulk-xlsx-7@example.com")!;
    expect(bulk[col("Mobile")]).toBe("0161 496 0007");
    expect(rows.find((row) => row[col("Email")] === PLUS.email)![col("Mobile")]).toBe("+44 7700 900456");
    // A formula is text in a text cell: shown as written, never run.
    const formula = rows.find((row) => row[col("Email")] === FORMULA.email)!;
    expect(formula[col("Name")]).toBe('=HYPERLINK("http://evil","x")');
    expect(formula[col("Children Count")]).toBe(1);
    // Every demo MMA number is a string: none was turned into a number.
    for (const row of rows) expect(typeof row[col("Member ID")]).toBe("string");
  });

  it("follows the table's search, like the CSV", async () => {
    const [, ...rows] = await readSheet(await (await get(`/accounts/export.xlsx?q=${encodeURIComponent(ZERO.fullName)}`)).arrayBuffer());
    expect(rows.map((row) => row[1])).toEqual([ZERO.fullName]);
  });

  it("is refused to visitors (to /login) and members (to /mem-account); a POST gets 405", async () => {
    const visitor = await get("/accounts/export.xlsx", null);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent("/accounts/export.xlsx")}`);
    const member = await get("/accounts/export.xlsx", demoAccount("member").id);
    expect(member.status).toBe(302);
    expect(member.headers.get("location")).toBe("/mem-account");
    const post = await fetch(`${server.url}/accounts/export.xlsx`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, Cookie: await sessionCookieFor(demoAccount("treasurer").id), "Content-Type": "application/x-www-form-urlencoded" },
      body: "x=1",
    });
    expect(post.status).toBe(405);
  });

  it("is linked next to the CSV on /accounts, /deleted-members and /mem-events-pay, with the table's filters", async () => {
    for (const [page, href, label] of [
      ["/accounts?q=Zero", "/accounts/export.xlsx?q=Zero", "Export Excel (.xlsx)"],
      ["/deleted-members", "/accounts/export.xlsx?list=deleted", "Export Excel (.xlsx)"],
      // The events report's downloads are of one event, named by its id (docs/requirements.md §6.10); its
      // report table names what it exports for screen readers.
      ["/mem-events-pay", `/mem-events-pay/tickets.xlsx?event=${DEMO_EVENT_ID}`, /^Export Excel \(\.xlsx\) of tickets, .+ \(\d{4}\)$/],
    ] as const) {
      const doc = parseHtml(await (await get(page)).text()).document;
      const link = DomUtils.findOne((el) => el.name === "a" && el.attribs.href === href, doc.children, true);
      expect(link, page).not.toBeNull();
      if (typeof label === "string") expect(DomUtils.textContent(link!)).toBe(label);
      else expect(DomUtils.textContent(link!)).toMatch(label);
      expect(link!.attribs.download).toBe("");
      const csv = DomUtils.prevElementSibling(link!);
      expect(csv?.attribs.href).toBe(href.replace(".xlsx", ".csv"));
    }
  });
});
