import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Element } from "domhandler";
import { client } from "../../../support/client";
import { DomUtils, pageText, parseHtml, textOf } from "../../../support/html";
import { readSheet } from "read-excel-file/universal";
import { TICKET_COLUMNS } from "~/features/office/events-report";
import { formatDay } from "~/kernel/dates/dates";
import { FAIR, GALA, GALA_FILLER, GALA_TICKETS, GALA_TOTALS, HOSTILE, Y, prepareEventsReport } from "../../../support/events-report-fixtures";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";

/** /mem-events-pay and its CSV on a private server with the tickets of test/support/events-report-fixtures.ts. */

const treasurer = demoAccount("treasurer");
const text = (html: string) => pageText(html);
const q = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;
const GALA_PATH = `/mem-events-pay${q({ event: GALA })}`;

let server: SeededServer;

const get = (path: string, userId: string | null = treasurer.id) => client(server).as(userId).get(path);

/** The tiles as label → value. */
function tiles(html: string): Record<string, string> {
  return Object.fromEntries(
    parseHtml(html)
      .all("dt + dd")
      .map((dd) => [textOf(dd.prev as Element), textOf(dd)]),
  );
}

/** The table's rows: class and cell texts. */
function rows(html: string): Array<{ used: boolean; cells: string[] }> {
  return parseHtml(html)
    .all("#tickets-table tbody tr")
    .map((row) => ({
      used: (row.attribs.class ?? "").includes("ticket-used"),
      cells: row.children.filter((cell): cell is Element => cell.type === "tag" && cell.name === "td").map(textOf),
    }));
}

const col = (header: string) => TICKET_COLUMNS.findIndex((c) => c.header === header);

beforeAll(async () => {
  server = await startSeededServer({ prepare: prepareEventsReport });
});
afterAll(() => server?.stop());

describe("/mem-events-pay", () => {
  it("guards the page and the CSV, GET and POST: visitors to /login, members to /mem-account", async () => {
    for (const path of [GALA_PATH, `/mem-events-pay/tickets.csv${q({ event: GALA })}`, `/mem-events-pay/tickets.xlsx${q({ event: GALA })}`]) {
      const visitor = await get(path, null);
      expect(visitor.status).toBe(302);
      expect(visitor.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
      expect((await get(path, demoAccount("member").id)).headers.get("Location")).toBe("/mem-account");
    }
    const post = (userId: string | null) => client(server).as(userId).post("/mem-events-pay", { x: "1" });
    expect((await post(null)).headers.get("Location")).toMatch(/^\/login/);
    expect((await post(demoAccount("member").id)).headers.get("Location")).toBe("/mem-account");
    expect((await post(treasurer.id)).status).toBe(405);
  });

  it("offers this year and last, 'Please Select' and each title of the year's paid tickets; never cached", async () => {
    const response = await get("/mem-events-pay");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await response.text();
    const page = parseHtml(html);
    const years = page.all("#events-year option").map((option) => DomUtils.textContent(option));
    expect(years.filter((year) => /^\d+$/.test(year))).toEqual([String(Y), String(Y - 1)]);
    const options = page.all("#events-event option").map((option) => DomUtils.textContent(option));
    expect(options[0]).toBe("Please Select");
    expect(options).toContain(GALA);
    expect(options).toContain(FAIR);
    expect(text(html)).toContain(`Showing every event of ${Y}.`);
  });

  it("shows the event's tiles: the sums of its paid tickets, Total Count the sum of the bands, the amount in pounds", async () => {
    const html = await (await get(GALA_PATH)).text();
    const b = GALA_TOTALS.bands;
    const total = b.adult + b.parent + b.above13 + b.above5 + b.below5;
    expect(tiles(html)).toEqual({
      Adults: String(b.adult),
      Parents: String(b.parent),
      "Above 13": String(b.above13),
      "Above 5": String(b.above5),
      "Below 5": String(b.below5),
      "Total Count": String(total),
      "Total Amount": `£${(GALA_TOTALS.amount / 100).toLocaleString("en-GB", { minimumFractionDigits: 2 })}`,
    });
    expect(text(html)).toContain(`Tickets (${GALA_TOTALS.tickets})`);
    expect(
      parseHtml(html)
        .all("[aria-label]")
        .map((element) => element.attribs["aria-label"]),
    ).toContain(`Attendees by band, ${GALA} (${Y}): Adults ${b.adult}, Parents ${b.parent}, Above 13 ${b.above13}, Above 5 ${b.above5}, Below 5 ${b.below5}.`);
  });

  it("lists the tickets newest first, each person in their column, used rows grey and marked Yes", async () => {
    const html = await (await get(GALA_PATH)).text();
    const headers = parseHtml(html).all('#tickets-table th[scope="col"]').map(textOf);
    // Refunds (docs/requirements.md §4.10): each row ends with its "Refund" link, which the CSV does not have.
    expect(headers).toEqual([...TICKET_COLUMNS.map((c) => c.header), "Refund"]);
    const list = rows(html);
    expect(list).toHaveLength(15);
    const [hostile, used, full] = list;
    expect(full!.cells.slice(0, 5)).toEqual([formatDay(Date.UTC(Y, 0, 1, 12) / 1000 + 100 * 86400), "Family", "gala-full@example.com", "£123.45", "No"]);
    expect(full!.cells[col("Adult 2")]).toBe("Gala Adult Two");
    expect(full!.cells[col("Parent 4")]).toBe("Gala Parent Four");
    expect(full!.cells[col("Above13 Child 5")]).toBe("Gala Teen Five");
    expect(full!.cells[col("Above5 Child 2")]).toBe("Gala Kid Two");
    expect(full!.cells[col("Below5 Child 3")]).toBe("Gala Baby Three");
    expect(full!.cells[col("Parent 2")]).toBe("");
    expect(full!.used).toBe(false);
    expect(used!.cells[col("Email")]).toBe("gala-used@example.com");
    expect(used!.cells[col("Ticket Used?")]).toBe("Yes");
    expect(used!.used).toBe(true);
    expect(hostile!.cells[col("Adult 1")]).toBe(HOSTILE);
    expect(list.filter((r) => r.used)).toHaveLength(1);
    expect(text(html)).not.toContain("gala-unpaid@example.com");
    expect(text(html)).not.toContain("fair@example.com");
    expect(text(html)).toContain("Page 1 of 2");
  });

  it("pages and sizes the table", async () => {
    const second = rows(await (await get(`/mem-events-pay${q({ event: GALA, page: "2" })}`)).text());
    expect(second).toHaveLength(GALA_TOTALS.tickets - 15);
    expect(second.at(-1)!.cells[col("Email")]).toBe("gala-filler-1@example.com");
    expect(rows(await (await get(`/mem-events-pay${q({ event: GALA, size: "50" })}`)).text())).toHaveLength(GALA_TOTALS.tickets);
  });

  it("shows last year's tickets for last year, and falls back to the defaults for broken params", async () => {
    const last = await (await get(`/mem-events-pay${q({ year: String(Y - 1), event: GALA })}`)).text();
    expect(rows(last).map((r) => r.cells[col("Email")])).toEqual(["gala-last-year@example.com"]);
    const broken = await get(`/mem-events-pay${q({ year: "1999", event: "No Such Event", page: "-4", size: "13" })}`);
    expect(broken.status).toBe(200);
    const html = await broken.text();
    expect(text(html)).toContain(`Summary: all events in ${Y}`);
    const emails = rows(html).map((r) => r.cells[col("Email")]);
    expect(emails).toHaveLength(15);
    expect(emails).toContain("fair@example.com");
    const all = tiles(html);
    expect(Number(all.Adults)).toBeGreaterThanOrEqual(GALA_TOTALS.bands.adult + 1);
  });

  it("exports every row of the event as CSV: BOM, CRLF, the table's headers, formulas neutralised", async () => {
    const response = await get(`/mem-events-pay/tickets.csv${q({ event: GALA, page: "2", size: "15" })}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Content-Disposition")).toMatch(
      new RegExp(`^attachment; filename="event-tickets-${Y}-spring-gala-test-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    const body = new Uint8Array(await response.arrayBuffer());
    expect([...body.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder().decode(body); // TextDecoder drops the BOM checked above
    const lines = csv.split("\r\n");
    expect(lines.at(-1)).toBe("");
    // The table's columns, then what was refunded of each ticket (refunds, docs/requirements.md §6.8).
    expect(lines[0]).toBe([...TICKET_COLUMNS.map((c) => (c.header === "Amount" ? "Amount (£)" : c.header)), "Refunded (£)"].join(","));
    expect(lines).toHaveLength(1 + GALA_TOTALS.tickets + 1);
    expect(csv).toContain(`"'=HYPERLINK(""https://evil.example"",""x"")"`);
    expect(csv).not.toMatch(/(^|,)=HYPERLINK/m);
    expect(lines.find((l) => l.includes("gala-used@example.com"))).toContain(",30.00,Yes,Gala Used Adult,");
    expect(csv).not.toContain("gala-unpaid@example.com");
    expect(GALA_FILLER).toBeGreaterThan(0);
    expect(GALA_TICKETS).toHaveLength(3);
  });

  it("exports the same rows as an Excel file: the amount a number of pounds, the date a date, the names text", async () => {
    const response = await get(`/mem-events-pay/tickets.xlsx${q({ event: GALA, page: "2", size: "15" })}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Content-Disposition")).toMatch(
      new RegExp(`^attachment; filename="event-tickets-${Y}-spring-gala-test-\\d{4}-\\d{2}-\\d{2}\\.xlsx"$`),
    );
    const sheet = await readSheet(await response.arrayBuffer());
    expect(sheet[0]).toEqual([...TICKET_COLUMNS.map((c) => (c.header === "Amount" ? "Amount (£)" : c.header)), "Refunded (£)"]);
    expect(sheet).toHaveLength(1 + GALA_TOTALS.tickets);
    const used = sheet.find((row) => row[col("Email")] === "gala-used@example.com")!;
    expect(used[col("Amount")]).toBe(30);
    expect(used[col("Date")]).toBeInstanceOf(Date);
    expect(used.slice(col("Ticket Used?"), col("Ticket Used?") + 2)).toEqual(["Yes", "Gala Used Adult"]);
    expect(sheet.some((row) => row.includes(HOSTILE))).toBe(true);
    expect(sheet.flat()).not.toContain("gala-unpaid@example.com");
  });
});
