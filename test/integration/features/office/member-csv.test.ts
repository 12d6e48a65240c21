import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportHeader } from "~/features/office/export-columns";
import { MEMBER_EXPORT } from "~/features/office/member-table";
import { d1Members } from "~/kernel/store/d1/members.server";
import { parseCsv } from "../../../support/csv";
import { newMember } from "../../../support/fixtures";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount, sessionCookieFor } from "../../../support/session";

const CSV_HEADER = MEMBER_EXPORT.map(exportHeader);

/**
 * GET /accounts/export.csv on a private server: the demo plus a hostile member (quotes,
 * commas, line breaks, a HYPERLINK formula), a member whose mobile starts with "+" and a
 * deleted member. The expected rows are read from D1 with plain SQL before the server starts.
 */

const HOSTILE_NAME = 'O\'Hara, "Bobby" =HYPERLINK test';
const HOSTILE = newMember({
  fullName: HOSTILE_NAME,
  email: "hostile-csv@example.com",
  address: 'Flat 2, "The Mill"\nAncoats',
  mobile: '=HYPERLINK("http://evil","x")',
  membership: "Family",
  spouse: { title: "Mrs", name: "Zoë Ó'Brien 🎉", email: "", mobile: "" },
  children: [{ name: "Line\nBreak", birthYear: 2016 }],
  active: true,
  registrationPaid: true,
});
const PLUS = newMember({
  fullName: "Plus Mobile Person",
  email: "plus-csv@example.com",
  mobile: "+44 7700 900456",
  membership: "Single",
  registrationPaid: true,
  active: true,
});
const GONE = newMember({ fullName: "Deleted Csv Person", email: "deleted-csv@example.com", deleted: true });

let server: SeededServer;
const expected = { active: [] as string[], deleted: [] as string[], singlePaid: [] as string[] };

beforeAll(async () => {
  server = await startSeededServer({
    prepare: async (db) => {
      const members = d1Members(db);
      for (const member of [HOSTILE, PLUS, GONE]) await members.register(member);
      const names = async (where: string) =>
        (await db.prepare(`SELECT full_name FROM members WHERE ${where}`).all<{ full_name: string }>()).results.map((r) => r.full_name).sort();
      expected.active = await names("deleted = 0");
      expected.deleted = await names("deleted = 1");
      expected.singlePaid = await names("deleted = 0 AND membership = 'Single' AND registration_paid = 1");
    },
  });
});
afterAll(() => server?.stop());

const treasurer = () => sessionCookieFor(demoAccount("treasurer").id);

async function download(search = "", cookie?: string) {
  const response = await fetch(`${server.url}/accounts/export.csv${search}`, {
    redirect: "manual",
    headers: { Cookie: cookie ?? (await treasurer()) },
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { response, bytes, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) };
}

/** The data rows (after the header), parsed strictly; the BOM is checked and dropped. */
function rows(text: string): string[][] {
  expect(text.startsWith("\uFEFF")).toBe(true);
  const [header, ...data] = parseCsv(text.slice(1));
  expect(header).toEqual(CSV_HEADER);
  return data;
}
const NAME = CSV_HEADER.indexOf("Name");
const names = (data: string[][]) => data.map((row) => row[NAME]!.replace(/^'/, "")).sort();

describe("the accountant's CSV download", () => {
  it("is an attachment, private, UTF-8 with a BOM, with the 13 columns and Notes in order", async () => {
    const { response, bytes, text } = await download();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="members-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text.slice(1, text.indexOf("\r\n"))).toBe(
      "Member ID,Name,Membership Type,Status,Date,Membership Fee,Email,Mobile,Spouse Name,Children Count,Children,Last subscription year,Role,Notes",
    );
    // Every member that is not deleted, on one download (no paging).
    expect(names(rows(text))).toEqual(expected.active);
  });

  it("quotes the hostile member's cells and neutralises the formula", async () => {
    const { text } = await download();
    const hostile = rows(text).find((row) => row[CSV_HEADER.indexOf("Email")] === HOSTILE.email)!;
    expect(hostile[NAME]).toBe(HOSTILE_NAME);
    expect(hostile[CSV_HEADER.indexOf("Mobile")]).toBe('\'=HYPERLINK("http://evil","x")');
    expect(hostile[CSV_HEADER.indexOf("Spouse Name")]).toBe("Zoë Ó'Brien 🎉");
    expect(hostile[CSV_HEADER.indexOf("Children")]).toMatch(/^Line\nBreak \(\d+\)$/);
    // On the wire: the formula cell is quoted with its quotes doubled, after the neutralising quote.
    expect(text).toContain('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(text).toContain('"O\'Hara, ""Bobby"" =HYPERLINK test"');
    expect(text).toContain('"Line\nBreak (');
    // No cell anywhere starts a formula.
    for (const row of rows(text)) for (const cell of row) expect(cell).not.toMatch(/^[=+@\t\r]|^-\D/);
  });

  it("neutralises a mobile number that starts with +", async () => {
    const data = rows((await download(`?q=${encodeURIComponent(PLUS.fullName)}`)).text);
    expect(data).toHaveLength(1);
    expect(data[0]![CSV_HEADER.indexOf("Mobile")]).toBe("'+44 7700 900456");
  });

  it("honours the search: ?q=<name> gives exactly that member", async () => {
    const data = rows((await download(`?q=${encodeURIComponent("O'Hara")}`)).text);
    expect(data.map((row) => row[CSV_HEADER.indexOf("Email")])).toEqual([HOSTILE.email]);
  });

  it("honours the filters: membership=Single&fee=paid", async () => {
    const data = rows((await download("?membership=Single&fee=paid")).text);
    expect(names(data)).toEqual(expected.singlePaid);
    expect(data.length).toBeGreaterThan(1);
    for (const row of data) {
      expect(row[CSV_HEADER.indexOf("Membership Type")]).toBe("Single");
      expect(row[CSV_HEADER.indexOf("Membership Fee")]).toBe("Paid");
    }
  });

  it("list=deleted gives only the deleted members, in a file named for them", async () => {
    const { response, text } = await download("?list=deleted");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="deleted-members-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(names(rows(text))).toEqual(expected.deleted);
    expect(expected.deleted).toContain(GONE.fullName);
    expect(expected.active).not.toContain(GONE.fullName);
  });

  it("keeps the sort of the table (name, ascending)", async () => {
    const data = rows((await download("?sort=name&dir=asc")).text);
    const shown = data.map((row) => row[NAME]!.replace(/^'/, "").toLowerCase());
    expect(shown).toEqual([...shown].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it("ignores paging and broken params (every row, never an error)", async () => {
    const { response, text } = await download("?page=99&size=15&sort=nope&status=bogus");
    expect(response.status).toBe(200);
    expect(rows(text)).toHaveLength(expected.active.length);
  });
});

describe("who may download", () => {
  it("sends a visitor to /login, coming back to the export", async () => {
    const response = await fetch(`${server.url}/accounts/export.csv?q=x`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/login?${new URLSearchParams({ redirectTo: "/accounts/export.csv?q=x" })}`);
    expect(await response.text()).not.toContain("Member ID");
  });

  it("sends the demo member to /mem-account", async () => {
    const { response, text } = await download("", await sessionCookieFor(demoAccount("member").id));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/mem-account");
    expect(text).not.toContain("Member ID");
  });

  it("answers a POST with 405, not 500", async () => {
    const response = await fetch(`${server.url}/accounts/export.csv`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: await treasurer(), Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: "x=1",
    });
    expect(response.status).toBe(405);
  });
});
