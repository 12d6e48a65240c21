import { describe, expect, it } from "vitest";
import {
  TICKET_COLUMNS,
  bandBars,
  bandChartSummary,
  eventsSearch,
  readEventsParams,
  reportScope,
  summaryTiles,
  ticketRow,
  ticketExport,
  ticketsCsvFilename,
  ticketsCsvHref,
} from "~/features/office/events-report";
import { exportCsv } from "~/features/office/export-columns";
import type { Ticket } from "~/kernel/store/records";

const TITLES = ["Christmas Party", "Summer Picnic"];
const params = (query: string) => new URLSearchParams(query);

describe("event payments report: URL state", () => {
  it("reads the year (this or last), the event (a listed title), the page and size", () => {
    expect(readEventsParams(params("year=2025&event=Summer+Picnic&page=3&size=250"), 2026, TITLES)).toEqual({
      year: 2025,
      event: "Summer Picnic",
      page: 3,
      size: 250,
    });
  });

  it("falls back to the defaults for anything broken or not offered", () => {
    const fallback = { year: 2026, event: null, page: 1, size: 15 };
    expect(readEventsParams(params(""), 2026, TITLES)).toEqual(fallback);
    expect(readEventsParams(params("year=2024&event=Nope&page=-2&size=16"), 2026, TITLES)).toEqual(fallback);
    expect(readEventsParams(params("year=abc&event=&page=1.5&size=x"), 2026, TITLES)).toEqual(fallback);
    expect(readEventsParams(params("event=christmas+party"), 2026, TITLES).event).toBeNull();
  });

  it("writes the search string without defaults, and the CSV link without paging", () => {
    const state = { year: 2025, event: "Christmas Party", page: 2, size: 50 as const };
    expect(eventsSearch(state, 2026)).toBe("?year=2025&event=Christmas+Party&page=2&size=50");
    expect(eventsSearch(state, 2026, { page: 1, size: 15, year: 2026, event: null })).toBe("");
    expect(ticketsCsvHref(state, 2026)).toBe("/mem-events-pay/tickets.csv?year=2025&event=Christmas+Party");
  });
});

describe("event payments report: tiles, chart, rows, CSV", () => {
  const summary = { tickets: 3, amount: 123456, bands: { adult: 10, parent: 2, above13: 3, above5: 4, below5: 1 } };

  it("makes the seven tiles: five bands, Total Count (their sum), Total Amount in pounds", () => {
    expect(summaryTiles(summary)).toEqual([
      { label: "Adults", value: "10" },
      { label: "Parents", value: "2" },
      { label: "Above 13", value: "3" },
      { label: "Above 5", value: "4" },
      { label: "Below 5", value: "1" },
      { label: "Total Count", value: "20" },
      { label: "Total Amount", value: "£1,234.56" },
    ]);
  });

  it("shows Total Amount net of refunds, with what was paid and refunded under it", () => {
    const tiles = summaryTiles(summary, 23456);
    expect(tiles).toHaveLength(7);
    expect(tiles[6]).toEqual({ label: "Total Amount", value: "£1,000.00", detail: "£1,234.56 paid, £234.56 refunded" });
    expect(summaryTiles(summary, 0)[6]).toEqual({ label: "Total Amount", value: "£1,234.56" });
  });

  it("scales the chart to the largest band and says it in words", () => {
    const bars = bandBars(summary.bands);
    expect(bars.map((b) => b.height)).toEqual([100, 20, 30, 40, 10]);
    expect(bandBars({ adult: 0, parent: 0, above13: 0, above5: 0, below5: 0 }).every((b) => b.height === 0)).toBe(true);
    expect(bandChartSummary(reportScope({ year: 2026, event: null }), bars)).toBe(
      "Attendees by band, all events in 2026: Adults 10, Parents 2, Above 13 3, Above 5 4, Below 5 1.",
    );
    expect(reportScope({ year: 2025, event: "Summer Picnic" })).toBe("Summer Picnic (2025)");
  });

  it("has the required columns in their order, one per person", () => {
    expect(TICKET_COLUMNS.map((c) => c.header)).toEqual([
      "Date",
      "Type",
      "Email",
      "Amount",
      "Ticket Used?",
      "Adult 1",
      "Adult 2",
      "Parent 1",
      "Parent 2",
      "Parent 3",
      "Parent 4",
      ...[1, 2, 3, 4, 5].map((i) => `Above13 Child ${i}`),
      ...[1, 2, 3, 4, 5].map((i) => `Above5 Child ${i}`),
      "Below5 Child 1",
      "Below5 Child 2",
      "Below5 Child 3",
      "Method",
    ]);
  });

  const ticket: Ticket = {
    id: "t1",
    userId: "u1",
    eventId: null,
    title: "Christmas Party",
    email: "fam@example.com",
    membership: "Family",
    year: 2026,
    price: 4550,
    paid: true,
    used: true,
    code: "ABC",
    createdAt: Date.UTC(2026, 10, 3, 12) / 1000,
    attendees: [
      { band: "adult", position: 1, name: "Ann", admittedAt: null },
      { band: "above13", position: 2, name: "Teo", admittedAt: null },
      { band: "below5", position: 3, name: "=Bee", admittedAt: null },
    ],
  };

  it("fills a row: date, type, email, £ amount, Yes/No, each name in its own column", () => {
    const row = ticketRow(ticket);
    expect(row).toMatchObject({ date: "03-11-2026", type: "Family", email: "fam@example.com", amount: "£45.50", used: "Yes", isUsed: true });
    expect(row.adult1).toBe("Ann");
    expect(row.adult2).toBe("");
    expect(row.above132).toBe("Teo");
    expect(row.below53).toBe("=Bee");
    expect(ticketRow({ ...ticket, used: false }).used).toBe("No");
  });

  it("says how each ticket was paid (offline payments): its transaction's method, Free when it cost nothing", () => {
    expect(ticketRow(ticket, "cash").method).toBe("Cash");
    expect(ticketRow(ticket, "card").method).toBe("Card");
    expect(ticketRow({ ...ticket, price: 0 }).method).toBe("Free");
    const { records } = exportCsv({ columns: ticketExport({ t1: "cash" }, { t2: 1550 }), rows: [ticket, { ...ticket, id: "t2" }] });
    expect(records.map((r) => r.at(-2))).toEqual(["Cash", "Card"]);
    // Refunds (docs/requirements.md §6.10): what was refunded of each ticket, a plain amount in pounds, 0 when nothing.
    expect(records.map((r) => r.at(-1))).toEqual(["0.00", "15.50"]);
  });

  it("writes the download in the table's columns, and a filename naming the year and event", () => {
    const { header, records } = exportCsv({ columns: ticketExport({}), rows: [ticket] });
    expect(header).toEqual([...TICKET_COLUMNS.map((column) => (column.header === "Amount" ? "Amount (£)" : column.header)), "Refunded (£)"]);
    expect(records[0]!.slice(0, 6)).toEqual(["03-11-2026", "Family", "fam@example.com", "45.50", "Yes", "Ann"]);
    // Every name in the same column as the table shows it.
    const row = ticketRow(ticket);
    expect(records[0]).toEqual([
      ...TICKET_COLUMNS.map((column) => (column.id === "date" ? "03-11-2026" : column.id === "amount" ? "45.50" : row[column.id])),
      "0.00",
    ]);
    const now = new Date(Date.UTC(2026, 10, 21, 12));
    expect(ticketsCsvFilename({ year: 2026, event: "Christmas & New Year Party!" }, now)).toBe("event-tickets-2026-christmas-new-year-party-2026-11-21.csv");
    expect(ticketsCsvFilename({ year: 2025, event: null }, now)).toBe("event-tickets-2025-all-events-2026-11-21.csv");
  });
});
