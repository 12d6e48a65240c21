import { unzipSync, strFromU8 } from "fflate";
import { readSheet } from "read-excel-file/universal";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ukToday } from "~/features/tickets/ticket-rules";
import { currentYear, formatDay } from "~/kernel/dates/dates";
import { d1Members } from "~/kernel/store/d1/members.server";
import { d1Transactions } from "~/kernel/store/d1/transactions.server";
import { nowSeconds } from "~/kernel/store/ids";
import { dayMoment } from "~/kernel/store/received-day";
import { checkRenewalTotals } from "~/features/office/index.server";
import { createD1Store } from "~/kernel/store/d1/index.server";
import { rebuildRenewalTotals } from "~/kernel/store/d1/renewal-totals.server";
import { client, withDb } from "../../../support/book-ticket";
import { parseCsv } from "../../../support/csv";
import { newMember, newTransaction } from "../../../support/fixtures";
import { parseHtml, textOf } from "../../../support/html";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";

/**
 * The subscriptions report reads the day the money came (docs/requirements.md §6.9, ADR 64): a
 * cash renewal recorded today for money received on 1 January shows 1 January in the table,
 * counts in January on the chart and in the running totals, and is 1 January in the CSV and
 * as the Excel date serial; the activity log keeps the day it was entered. The report's pages
 * follow the day received, newest first, and the pending payments page through their index.
 */

let server: SeededServer;
const { get, post } = client(() => server.url);
const Y = currentYear();
const RECEIVED = `${Y}-01-01`;
const today = () => ukToday(nowSeconds());
let treasurer: string;
let renewerId: string;
/** Renewals paid on known days (the paging's check), and pending checkouts (the pending payments' pages). */
const PAGED = 20;
const PENDING_PAYMENTS = 55;
/** More members not renewed than the report counts (ADR 64: it counts up to 500). */
const MANY_PENDING = 510;

beforeAll(async () => {
  treasurer = demoAccount("treasurer").id;
  server = await startSeededServer({
    prepare: async (db) => {
      const members = d1Members(db);
      const transactions = d1Transactions(db);
      renewerId = (
        await members.register(newMember({ fullName: "Rowena Received", membership: "Single", active: true, registrationPaid: true, lastRenewedYear: Y - 1 }))
      ).id;
      const payer = await members.register(newMember({ fullName: "Paged Payer", active: true, registrationPaid: true, lastRenewedYear: Y }));
      for (let i = 0; i < PAGED; i++) {
        const tx = await transactions.create(newTransaction(payer.id, { year: Y, memberName: `Paged Payer ${i}`, memberEmail: payer.email }));
        await transactions.settle(tx.id, "success", Date.UTC(Y, 0, 2 + i, 12) / 1000);
      }
      for (let i = 0; i < MANY_PENDING; i++) {
        await members.register(newMember({ fullName: `Many Pending ${i}`, active: true, registrationPaid: true, lastRenewedYear: Y - 1 }));
      }
      // Started a second apart, oldest first (made in one second, they would be in the order of their random ids).
      const started = nowSeconds() - 3600;
      for (let i = 0; i < PENDING_PAYMENTS; i++) {
        const tx = await transactions.create(
          newTransaction(payer.id, { year: Y, memberName: `Pending Payer ${String(i).padStart(2, "0")}`, memberEmail: payer.email }),
        );
        await db
          .prepare("UPDATE transactions SET created_at = ? WHERE id = ?")
          .bind(started + i, tx.id)
          .run();
      }
    },
  });
});
afterAll(() => server?.stop());

/** The chart's counts per month, from its words for screen readers. */
async function chartCounts(): Promise<number[]> {
  const page = parseHtml(await (await get("/mem-renewals", treasurer)).text());
  const label = page.all("[role='img']").find((el) => (el.attribs["aria-label"] ?? "").startsWith("Renewals paid each month"))?.attribs["aria-label"] ?? "";
  return [...label.matchAll(/[A-Z][a-z]{2} (\d+)/g)].map((m) => Number(m[1]));
}

const column = (page: ReturnType<typeof parseHtml>, header: string) => {
  const headers = page.all("#renewed-table thead th").map(textOf);
  return page.all("#renewed-table tbody tr").map((row) => [...row.children].filter((c) => c.type === "tag").map((c) => textOf(c))[headers.indexOf(header)]);
};

describe("a cash renewal with a past date received", () => {
  it("shows, charts, counts and exports the day received; the activity log keeps the day it was entered", async () => {
    expect(today()).not.toBe(RECEIVED);
    const before = await chartCounts();
    expect(before).toHaveLength(12);

    const recorded = await post(`/accounts/record-payment/${renewerId}`, { kind: "renewal", method: "cash", paidOn: RECEIVED, amount: "10.00" }, treasurer);
    expect(recorded.status).toBe(302);

    // The table: the day received, not the day entered.
    const report = parseHtml(await (await get(`/mem-renewals?q=${encodeURIComponent("Rowena Received")}`, treasurer)).text());
    expect(column(report, "Name")).toEqual(["Rowena Received"]);
    expect(column(report, "Date")).toEqual([`01-01-${Y}`]);

    // The chart: one more in January, none more this month (unless this is January).
    const after = await chartCounts();
    const expected = [...before];
    expected[0]! += 1;
    expect(after).toEqual(expected);

    // The running totals count it in January too, and equal their recount.
    const [totals, recount] = await withDb(server, async (db) => [await d1Transactions(db).renewalTotals(Y), await d1Transactions(db).recountRenewalTotals(Y)]);
    expect(totals).toEqual(recount);
    expect(totals.perMonth).toEqual(after);

    // The CSV: the UK day received.
    const csv = parseCsv(await (await get(`/mem-renewals/renewed.csv?q=${encodeURIComponent("Rowena Received")}`, treasurer)).text());
    expect(csv[1]![csv[0]!.indexOf("Date")]).toBe(`01-01-${Y}`);

    // The Excel file: a date cell whose serial is the day received (days since 30 December 1899).
    const bytes = new Uint8Array(await (await get(`/mem-renewals/renewed.xlsx?q=${encodeURIComponent("Rowena Received")}`, treasurer)).arrayBuffer());
    const sheet = await readSheet(bytes.buffer);
    expect(sheet[1]![sheet[0]!.indexOf("Date")]).toEqual(new Date(Date.UTC(Y, 0, 1)));
    const serial = (Date.UTC(Y, 0, 1) - Date.UTC(1899, 11, 30)) / 86_400_000;
    const xml = strFromU8(unzipSync(bytes)["xl/worksheets/sheet1.xml"]!);
    const dateCell = new RegExp(`<c r="D2"[^>]*>(?:<f>[^<]*</f>)?<v>([^<]+)</v>`).exec(xml);
    expect(Number(dateCell?.[1])).toBe(serial);

    // The activity log keeps when it was entered: today.
    const log = parseHtml(await (await get("/accounts/activity", treasurer)).text());
    const entry = log.all("main li, main tr").find((el) => textOf(el).includes(`recorded a cash payment for Renewal ${Y}`));
    expect(entry).toBeDefined();
    expect(textOf(entry!)).not.toContain(formatDay(dayMoment(RECEIVED)));
  });
});

describe("pages", () => {
  it("the renewed table pages newest received first, without repeating or missing a row", async () => {
    const first = parseHtml(await (await get("/mem-renewals?q=Paged%20Payer&rsize=15", treasurer)).text());
    const second = parseHtml(await (await get("/mem-renewals?q=Paged%20Payer&rsize=15&rpage=2", treasurer)).text());
    const names = [...column(first, "Name"), ...column(second, "Name")];
    expect(names).toEqual(Array.from({ length: PAGED }, (_, i) => `Paged Payer ${PAGED - 1 - i}`));
    const dates = [...column(first, "Date"), ...column(second, "Date")];
    expect(dates[0]).toBe(formatDay(Date.UTC(Y, 0, 2 + PAGED - 1, 12) / 1000));
    expect(dates.at(-1)).toBe(formatDay(Date.UTC(Y, 0, 2, 12) / 1000));
  });

  it("the unsearched report's first page is the newest received of the year, and its title counts from the running totals", async () => {
    const page = parseHtml(await (await get("/mem-renewals", treasurer)).text());
    const [totals] = await withDb(server, async (db) => [await d1Transactions(db).renewalTotals(Y)]);
    expect(page.text("#renewed-title")).toBe(`Renewed (${totals.count})`);
    const days = column(page, "Date").map((d) => d!.split("-").reverse().join("-"));
    expect(days.length).toBeGreaterThan(0);
    expect([...days].sort().reverse()).toEqual(days);
  });

  it("counts the pending members up to 500: the title says so, and the pager offers the next page without claiming a last", async () => {
    const page = parseHtml(await (await get("/mem-renewals", treasurer)).text());
    expect(page.text("#pending-title")).toBe("Pending (500 or more)");
    const pager = page.all("nav").find((nav) => (nav.attribs["aria-label"] ?? "").startsWith(`Not renewed for ${Y}: pages`))!;
    expect(textOf(pager)).toContain("Page 1");
    expect(textOf(pager)).not.toMatch(/ of \d|Last/);
    // Past the counted pages, a full page still leads on, and the rows go on being read.
    const far = parseHtml(await (await get("/mem-renewals?ppage=34", treasurer)).text());
    expect(far.all("#pending-table tbody tr")).toHaveLength(15);
    const farPager = far.all("nav").find((nav) => (nav.attribs["aria-label"] ?? "").startsWith(`Not renewed for ${Y}: pages`))!;
    expect(farPager.children.filter((c) => c.type === "tag" && c.name === "a" && c.attribs.rel === "next")).toHaveLength(1);
    // With a search, the count is exact again.
    expect(parseHtml(await (await get("/mem-renewals?q=Many%20Pending%20509", treasurer)).text()).text("#pending-title")).toMatch(
      /^Pending \(1 of 500 or more\)$/,
    );
  });

  it("the pending payments page 50 at a time, oldest first, with their count", async () => {
    const names = async (path: string) =>
      parseHtml(await (await get(path, treasurer)).text())
        .all("main tbody tr th")
        .map(textOf);
    const first = await names("/accounts/payments");
    const second = await names("/accounts/payments?page=2");
    expect(first).toHaveLength(50);
    expect([...first, ...second].filter((name) => name.startsWith("Pending Payer"))).toEqual(
      Array.from({ length: PENDING_PAYMENTS }, (_, i) => `Pending Payer ${String(i).padStart(2, "0")}`),
    );
    const total = await withDb(
      server,
      async (db) => (await db.prepare("SELECT COUNT(*) AS n FROM transactions WHERE status = 'pending'").first<{ n: number }>())!.n,
    );
    expect(total).toBeGreaterThanOrEqual(PENDING_PAYMENTS);
    expect(parseHtml(await (await get("/accounts/payments", treasurer)).text()).text("main")).toContain(`${total} payments started but not settled`);
  });
});

describe("the daily check (ADR 64)", () => {
  it("finds nothing while the totals are kept, and names a year whose totals differ from the recount", async () => {
    const found = await withDb(server, async (db) => {
      const store = createD1Store(db);
      const clean = await checkRenewalTotals({ store });
      await db.prepare("UPDATE renewal_totals SET renewals = renewals + 1 WHERE year = ? AND month = 1").bind(Y).run();
      const broken = await checkRenewalTotals({ store });
      await db.batch(rebuildRenewalTotals(db));
      return { clean, broken, repaired: await checkRenewalTotals({ store }) };
    });
    expect(found.clean).toEqual([]);
    expect(found.broken).toHaveLength(1);
    expect(found.broken[0]!.year).toBe(Y);
    expect(found.broken[0]!.differences).toContain(`Jan ${(await chartCounts())[0]! + 1}, recount ${(await chartCounts())[0]}`);
    expect(found.repaired).toEqual([]);
  });
});
