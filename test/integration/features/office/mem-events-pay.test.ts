import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Element } from "domhandler";
import { client } from "../../../support/client";
import { pageText, parseHtml, selectedOption, textOf } from "../../../support/html";
import { parseCsv } from "../../../support/csv";
import { readSheet } from "read-excel-file/universal";
import { TICKET_COLUMNS, defaultReportEvent } from "~/features/office/events-report";
import { ukToday } from "~/features/tickets";
import { formatDay } from "~/kernel/dates/dates";
import { d1Events } from "~/kernel/store/d1/events.server";
import {
  EVENT_IDS,
  FAIR,
  FAIR_REFUNDED,
  GALA,
  GALA_FILLER,
  GALA_TICKETS,
  GALA_TOTALS,
  HOSTILE,
  RAFFLE,
  RAFFLE_YEAR,
  Y,
  prepareEventsReport,
} from "../../../support/events-report-fixtures";
import { withDb } from "../../../support/book-ticket";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";

/**
 * /mem-events-pay and its downloads on a private server with the events and tickets of
 * test/support/events-report-fixtures.ts: one event at a time, its figures by its id
 * (docs/requirements.md §6.10, ADR 60).
 */

const treasurer = demoAccount("treasurer");
const text = (html: string) => pageText(html);
const q = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;
const galaPath = (more: Record<string, string> = {}) => `/mem-events-pay${q({ event: EVENT_IDS.gala, ...more })}`;
const money = (pence: number) => `£${(pence / 100).toLocaleString("en-GB", { minimumFractionDigits: 2 })}`;
const HEADERS = [...TICKET_COLUMNS.map((c) => (c.header === "Amount" ? "Amount (£)" : c.header)), "Refunded (£)"];

let server: SeededServer;

const get = (path: string, userId: string | null = treasurer.id) => client(server).as(userId).get(path);
const page = async (path: string) => {
  const response = await get(path);
  expect(response.status).toBe(200);
  return response.text();
};

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

/** A select's options: value and label. */
const options = (html: string, id: string) =>
  parseHtml(html)
    .all(`#${id} option`)
    .map((option) => ({ value: option.attribs.value ?? "", label: textOf(option) }));

const col = (header: string) => TICKET_COLUMNS.findIndex((c) => c.header === header);
const emails = (html: string) => rows(html).map((r) => r.cells[col("Email")]);
const summaryHeading = (html: string) => textOf(parseHtml(html).one("#events-summary-title")!);

/** A CSV download parsed strictly: its name, header and records. */
async function csvOf(path: string) {
  const response = await get(path);
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  const body = new Uint8Array(await response.arrayBuffer());
  expect([...body.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...records] = parseCsv(new TextDecoder().decode(body)); // TextDecoder drops the BOM checked above
  return { disposition: response.headers.get("Content-Disposition"), header, records };
}

beforeAll(async () => {
  server = await startSeededServer({ prepare: prepareEventsReport });
});
afterAll(() => server?.stop());

describe("/mem-events-pay", () => {
  it("guards the page and the downloads, GET and POST: visitors to /login, members to /mem-account", async () => {
    for (const path of [
      galaPath(),
      `/mem-events-pay/tickets.csv${q({ event: EVENT_IDS.gala })}`,
      `/mem-events-pay/tickets.xlsx${q({ event: EVENT_IDS.gala })}`,
    ]) {
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

  it("offers every year with events or paid tickets, a past year's event among them; never cached", async () => {
    const response = await get(`/mem-events-pay${q({ year: String(Y - 1) })}`);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await response.text();
    const years = options(html, "events-year").map((o) => Number(o.value));
    expect(years).toEqual([...years].sort((a, b) => b - a));
    expect(new Set(years).size).toBe(years.length);
    // Last year (its Gala), this year, and a year whose only tickets have no event.
    for (const year of [Y, Y - 1, RAFFLE_YEAR]) expect(years).toContain(year);
    expect(selectedOption(html, "year")).toBe(String(Y - 1));
    // Last year's one event, chosen, and its tickets alone.
    expect(options(html, "events-event")).toEqual([{ value: EVENT_IDS.lastGala, label: `${GALA} (15-03-${Y - 1})` }]);
    expect(selectedOption(html, "event")).toBe(EVENT_IDS.lastGala);
    expect(emails(html)).toEqual(["gala-last-year@example.com"]);
    expect(summaryHeading(html)).toBe(`Summary: ${GALA} (${Y - 1})`);
  });

  it("offers the year's events by date, then the titles of its tickets with no event; no 'every event' choice", async () => {
    const html = await page(`/mem-events-pay${q({ year: String(Y) })}`);
    const choices = options(html, "events-event");
    expect(choices.map((c) => c.label)).not.toContain("Please Select");
    const gala = choices.findIndex((c) => c.value === EVENT_IDS.gala);
    const fair = choices.findIndex((c) => c.value === EVENT_IDS.fair);
    expect(choices[gala]!.label).toBe(`${GALA} (14-03-${Y})`);
    expect(choices[fair]!.label).toBe(`${FAIR} (19-09-${Y})`);
    expect(gala).toBeLessThan(fair);
    expect(choices.at(-1)).toEqual({ value: `title:${GALA}`, label: `${GALA} (earlier tickets)` });
    expect(choices.map((c) => c.value)).not.toContain(EVENT_IDS.lastGala);
  });

  it("shows the next event not over by default, else the latest", async () => {
    const events = await withDb(server, (db) => d1Events(db).list());
    const expected = defaultReportEvent(events, ukToday(Math.floor(Date.now() / 1000)));
    expect(expected).not.toBeNull();
    const html = await page("/mem-events-pay");
    expect(selectedOption(html, "event")).toBe(expected!.id);
    expect(summaryHeading(html)).toBe(`Summary: ${expected!.title} (${expected!.date.slice(0, 4) || Y})`);
  });

  it("shows the event's tiles: the sums of its paid tickets only, Total Count the sum of the bands, the amount in pounds", async () => {
    const html = await page(galaPath());
    const b = GALA_TOTALS.bands;
    const total = b.adult + b.parent + b.above13 + b.above5 + b.below5;
    expect(tiles(html)).toEqual({
      Adults: String(b.adult),
      Parents: String(b.parent),
      "Above 13": String(b.above13),
      "Above 5": String(b.above5),
      "Below 5": String(b.below5),
      "Total Count": String(total),
      "Total Amount": money(GALA_TOTALS.amount),
    });
    expect(text(html)).toContain(`Tickets (${GALA_TOTALS.tickets})`);
    expect(
      parseHtml(html)
        .all("[aria-label]")
        .map((element) => element.attribs["aria-label"]),
    ).toContain(`Attendees by band, ${GALA} (${Y}): Adults ${b.adult}, Parents ${b.parent}, Above 13 ${b.above13}, Above 5 ${b.above5}, Below 5 ${b.below5}.`);
  });

  it("gives two events of one year each their own totals", async () => {
    const fair = await page(`/mem-events-pay${q({ event: EVENT_IDS.fair })}`);
    expect(selectedOption(fair, "event")).toBe(EVENT_IDS.fair);
    // Net of what was refunded of the Fair's ticket, with what was paid and refunded under it.
    expect(tiles(fair)).toMatchObject({ Adults: "1", Parents: "0", "Total Count": "1", "Total Amount": money(2500 - FAIR_REFUNDED) });
    expect(parseHtml(fair).all(".events-tile-detail").map(textOf)).toEqual([`${money(2500)} paid, ${money(FAIR_REFUNDED)} refunded`]);
    expect(emails(fair)).toEqual(["fair@example.com"]);
    expect(text(fair)).toContain("Tickets (1)");
    const gala = await page(galaPath({ size: "50" }));
    expect(tiles(gala)["Total Amount"]).toBe(money(GALA_TOTALS.amount));
    expect(parseHtml(gala).all(".events-tile-detail")).toEqual([]);
    expect(emails(gala)).toHaveLength(GALA_TOTALS.tickets);
    expect(emails(gala)).not.toContain("fair@example.com");
    // A ticket of the Gala's title and year but with no event is not the Gala's.
    expect(emails(gala)).not.toContain("gala-no-event@example.com");
  });

  it("lists the tickets newest first, each person in their column, used rows grey and marked Yes", async () => {
    const html = await page(galaPath());
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
    expect(text(html)).toContain("Page 1 of 2");
    // The download link names the event by its id.
    expect(
      parseHtml(html)
        .all("a")
        .map((a) => a.attribs.href),
    ).toContain(`/mem-events-pay/tickets.csv?event=${EVENT_IDS.gala}`);
  });

  it("pages and sizes the table", async () => {
    const second = rows(await page(galaPath({ page: "2" })));
    expect(second).toHaveLength(GALA_TOTALS.tickets - 15);
    expect(second.at(-1)!.cells[col("Email")]).toBe("gala-filler-1@example.com");
    expect(rows(await page(galaPath({ size: "50" })))).toHaveLength(GALA_TOTALS.tickets);
  });

  it("maps old links (a year and a title) to that year's event of that title", async () => {
    const last = await page(`/mem-events-pay${q({ year: String(Y - 1), event: GALA })}`);
    expect(selectedOption(last, "event")).toBe(EVENT_IDS.lastGala);
    expect(emails(last)).toEqual(["gala-last-year@example.com"]);
    const thisYear = await page(`/mem-events-pay${q({ title: GALA })}`);
    expect(selectedOption(thisYear, "event")).toBe(EVENT_IDS.gala);
    expect(text(thisYear)).toContain(`Tickets (${GALA_TOTALS.tickets})`);
    // The year select wins over an event of another year (changing the year submits both).
    const changed = await page(`/mem-events-pay${q({ year: String(Y - 1), event: EVENT_IDS.fair })}`);
    expect(selectedOption(changed, "event")).toBe(EVENT_IDS.lastGala);
  });

  it("shows tickets with no event by their year and title", async () => {
    const raffle = await page(`/mem-events-pay${q({ year: String(RAFFLE_YEAR) })}`);
    expect(options(raffle, "events-event")).toEqual([{ value: `title:${RAFFLE}`, label: `${RAFFLE} (earlier tickets)` }]);
    expect(summaryHeading(raffle)).toBe(`Summary: ${RAFFLE} (${RAFFLE_YEAR})`);
    expect(emails(raffle)).toEqual(["raffle-2@example.com", "raffle-1@example.com"]);
    expect(tiles(raffle)["Total Amount"]).toBe(money(2000));
    const noEvent = await page(`/mem-events-pay${q({ year: String(Y), event: `title:${GALA}` })}`);
    expect(emails(noEvent)).toEqual(["gala-no-event@example.com"]);
    expect(tiles(noEvent)["Total Amount"]).toBe(money(4400));
  });

  it("falls back to the defaults for broken params", async () => {
    const defaults = await page("/mem-events-pay");
    const broken = await page(`/mem-events-pay${q({ year: "1999", event: "No Such Event", page: "-4", size: "13" })}`);
    expect(selectedOption(broken, "event")).toBe(selectedOption(defaults, "event"));
    expect(summaryHeading(broken)).toBe(summaryHeading(defaults));
    expect(rows(broken)).toEqual(rows(defaults));
    expect(rows(broken).length).toBeGreaterThan(0);
  });

  it("downloads one event's tickets as CSV, named after it: BOM, CRLF, the table's headers, formulas neutralised", async () => {
    const { disposition, header, records } = await csvOf(`/mem-events-pay/tickets.csv${q({ event: EVENT_IDS.gala, page: "2", size: "15" })}`);
    expect(disposition).toMatch(new RegExp(`^attachment; filename="event-tickets-${Y}-spring-gala-test-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    // The table's columns, then what was refunded of each ticket (refunds, docs/requirements.md §6.8).
    expect(header).toEqual(HEADERS);
    expect(records).toHaveLength(GALA_TOTALS.tickets);
    const emailsInCsv = records.map((r) => r[col("Email")]);
    expect(emailsInCsv).toContain("gala-used@example.com");
    for (const other of ["fair@example.com", "gala-no-event@example.com", "gala-last-year@example.com", "gala-unpaid@example.com"]) {
      expect(emailsInCsv).not.toContain(other);
    }
    const used = records.find((r) => r[col("Email")] === "gala-used@example.com")!;
    expect(used.slice(col("Amount"), col("Adult 1") + 1)).toEqual(["30.00", "Yes", "Gala Used Adult"]);
    expect(records.some((r) => r[col("Adult 1")] === `'${HOSTILE}`)).toBe(true);
    expect(records.flat().some((cell) => cell.startsWith("="))).toBe(false);
    expect(GALA_FILLER).toBeGreaterThan(0);
    expect(GALA_TICKETS).toHaveLength(3);

    const fair = await csvOf(`/mem-events-pay/tickets.csv${q({ event: EVENT_IDS.fair })}`);
    expect(fair.disposition).toMatch(new RegExp(`^attachment; filename="event-tickets-${Y}-autumn-fair-test-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    expect(fair.records.map((r) => r[col("Email")])).toEqual(["fair@example.com"]);
    expect(fair.records[0]!.at(-1)).toBe("5.00");
    const raffle = await csvOf(`/mem-events-pay/tickets.csv${q({ year: String(RAFFLE_YEAR), event: `title:${RAFFLE}` })}`);
    expect(raffle.disposition).toMatch(new RegExp(`filename="event-tickets-${RAFFLE_YEAR}-old-raffle-test-`));
    expect(raffle.records.map((r) => r[col("Email")])).toEqual(["raffle-2@example.com", "raffle-1@example.com"]);
  });

  it("downloads the same rows as an Excel file: the amount a number of pounds, the date a date, the names text", async () => {
    const response = await get(`/mem-events-pay/tickets.xlsx${q({ event: EVENT_IDS.gala, page: "2", size: "15" })}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Content-Disposition")).toMatch(
      new RegExp(`^attachment; filename="event-tickets-${Y}-spring-gala-test-\\d{4}-\\d{2}-\\d{2}\\.xlsx"$`),
    );
    const sheet = await readSheet(await response.arrayBuffer());
    expect(sheet[0]).toEqual(HEADERS);
    expect(sheet).toHaveLength(1 + GALA_TOTALS.tickets);
    const used = sheet.find((row) => row[col("Email")] === "gala-used@example.com")!;
    expect(used[col("Amount")]).toBe(30);
    expect(used[col("Date")]).toBeInstanceOf(Date);
    expect(used.slice(col("Ticket Used?"), col("Ticket Used?") + 2)).toEqual(["Yes", "Gala Used Adult"]);
    expect(sheet.some((row) => row.includes(HOSTILE))).toBe(true);
    const sheetEmails = sheet.map((row) => row[col("Email")]);
    for (const other of ["fair@example.com", "gala-no-event@example.com", "gala-unpaid@example.com"]) expect(sheetEmails).not.toContain(other);

    const fair = await readSheet(await (await get(`/mem-events-pay/tickets.xlsx${q({ event: EVENT_IDS.fair })}`)).arrayBuffer());
    expect(fair.slice(1).map((row) => row[col("Email")])).toEqual(["fair@example.com"]);
  });
});
