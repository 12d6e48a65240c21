import { describe, expect, it } from "vitest";
import {
  TICKET_COLUMNS,
  bandBars,
  bandChartSummary,
  TITLE_CHOICE,
  defaultReportEvent,
  eventChoiceLabel,
  eventReportYear,
  eventsOfYear,
  eventsSearch,
  readEventsParams,
  readEventsYear,
  reportScope,
  reportYearChoices,
  subjectChoice,
  summaryTiles,
  ticketRow,
  ticketExport,
  ticketsCsvFilename,
  ticketsCsvHref,
  type EventsReportState,
  type ReportEvent,
} from "~/features/office/events-report";
import { exportCsv } from "~/features/office/export-columns";
import type { Ticket } from "~/kernel/store/records";

const params = (query: string) => new URLSearchParams(query);

/** An event of the report: what the choices read of an EventRecord. */
function event(id: string, title: string, date: string, lastBookingDate = date || "2026-12-01", cancelledAt: number | null = null): ReportEvent {
  return { id, title, date, cancelledAt, tickets: { lastBookingDate } as ReportEvent["tickets"] };
}

const PARTY_25 = event("party25", "Christmas Party", "2025-12-20");
const PICNIC = event("picnic26", "Summer Picnic", "2026-07-04");
const PARTY = event("party26", "Christmas Party", "2026-12-19");
// No date: listed under its tickets' year (that of its last booking day).
const QUIZ = event("quiz", "Quiz Night", "", "2027-01-31");
const EVENTS = [PARTY, QUIZ, PICNIC, PARTY_25];
const TODAY = "2026-11-28";
const choices = (years: number[] = [2026, 2025]) => ({ events: EVENTS, years, today: TODAY, thisYear: 2026 });
const subject = (e: ReportEvent) => ({ kind: "event", id: e.id, title: e.title, date: e.date, ticketYear: Number(e.tickets.lastBookingDate.slice(0, 4)) });

describe("event payments report: choices", () => {
  it("lists an event under its date's year, or with no date its tickets' year", () => {
    expect(eventReportYear(PARTY_25)).toBe(2025);
    expect(eventReportYear(event("x", "X", "2027-01-02", "2026-12-31"))).toBe(2027);
    expect(eventReportYear(QUIZ)).toBe(2027);
  });

  it("offers every year with events or paid tickets, and this year, newest first, once each", () => {
    expect(reportYearChoices(EVENTS, [2026, 2019, 2025], 2026)).toEqual([2027, 2026, 2025, 2019]);
    expect(reportYearChoices([], [], 2026)).toEqual([2026]);
    expect(reportYearChoices([], [0], 2026)).toEqual([2026]);
  });

  it("gives a year's events by date, and the next one not over by default, else the latest", () => {
    expect(eventsOfYear(EVENTS, 2026).map((e) => e.id)).toEqual(["picnic26", "party26"]);
    expect(defaultReportEvent(EVENTS, TODAY)?.id).toBe("party26");
    expect(defaultReportEvent(EVENTS, "2026-07-04")?.id).toBe("picnic26");
    // Everything over (the undated one once its booking closed): the latest by date.
    expect(defaultReportEvent([PARTY_25, PICNIC], TODAY)?.id).toBe("picnic26");
    expect(defaultReportEvent([], TODAY)).toBeNull();
    // A cancelled event is not the next one.
    const cancelled = event("off", "Called Off", "2026-12-01", "2026-11-30", 1_700_000_000);
    expect(defaultReportEvent([cancelled, PARTY], TODAY)?.id).toBe("party26");
  });

  it("labels an event with its day, and a cancelled one so", () => {
    expect(eventChoiceLabel(PARTY)).toBe("Christmas Party (19-12-2026)");
    expect(eventChoiceLabel(QUIZ)).toBe("Quiz Night");
    expect(eventChoiceLabel(event("c", "Ceilidh", "2026-03-01", "2026-02-28", 1_700_000_000))).toBe("Ceilidh (01-03-2026) (cancelled)");
  });
});

describe("event payments report: URL state", () => {
  const read = (query: string, titles: string[] = [], years?: number[]) => {
    const p = params(query);
    const year = readEventsYear(p, choices(years));
    return readEventsParams(p, { ...choices(years), year, titles });
  };

  it("reads an event by id (its year with it), the page and size", () => {
    expect(read("event=party25&page=3&size=250")).toEqual({ year: 2025, subject: subject(PARTY_25), page: 3, size: 250 });
    expect(read("event=picnic26&year=2026").subject).toEqual(subject(PICNIC));
  });

  it("shows the next event not over by default, else the year's latest, else its first title with no event", () => {
    expect(read("")).toEqual({ year: 2026, subject: subject(PARTY), page: 1, size: 15 });
    expect(read("year=2025").subject).toEqual(subject(PARTY_25));
    expect(read("year=2019", ["Raffle", "Barn Dance"], [2026, 2025, 2019])).toEqual({
      year: 2019,
      subject: { kind: "title", title: "Raffle" },
      page: 1,
      size: 15,
    });
    expect(read("year=2019", [], [2026, 2025, 2019]).subject).toBeNull();
  });

  it("lets the year select win over an event of another year (changing the year submits both)", () => {
    expect(read("year=2025&event=picnic26")).toMatchObject({ year: 2025, subject: subject(PARTY_25) });
  });

  it("maps old links' titles to the year's event of that title, else to the tickets with no event", () => {
    expect(read("year=2025&event=Christmas+Party").subject).toEqual(subject(PARTY_25));
    expect(read("title=Christmas+Party").subject).toEqual(subject(PARTY));
    expect(read("year=2025&title=Raffle", ["Raffle"]).subject).toEqual({ kind: "title", title: "Raffle" });
    expect(read("year=2025&event=title%3ARaffle", ["Raffle"]).subject).toEqual({ kind: "title", title: "Raffle" });
    // "title:" picks the tickets with no event even when an event has the title.
    expect(read("year=2025&event=title%3AChristmas+Party", ["Christmas Party"]).subject).toEqual({ kind: "title", title: "Christmas Party" });
  });

  it("falls back to the defaults for anything broken or not offered", () => {
    const fallback = { year: 2026, subject: subject(PARTY), page: 1, size: 15 };
    expect(read("year=1999&event=nope&page=-2&size=16")).toEqual(fallback);
    expect(read("year=abc&event=&page=1.5&size=x")).toEqual(fallback);
    expect(read("event=christmas+party").subject).toEqual(subject(PARTY));
    expect(read("year=2026&event=title%3ANope", ["Raffle"]).subject).toEqual(subject(PARTY));
  });

  it("writes the search string without defaults (an event's id is enough), and the CSV link without paging", () => {
    const state = { year: 2025, subject: subject(PARTY_25) as EventsReportState["subject"], page: 2, size: 50 as const };
    expect(eventsSearch(state)).toBe("?event=party25&page=2&size=50");
    expect(eventsSearch(state, { page: 1, size: 15 })).toBe("?event=party25");
    expect(ticketsCsvHref(state)).toBe("/mem-events-pay/tickets.csv?event=party25");
    const byTitle = { year: 2019, subject: { kind: "title" as const, title: "Raffle" }, page: 1, size: 15 as const };
    expect(ticketsCsvHref(byTitle)).toBe("/mem-events-pay/tickets.csv?year=2019&event=title%3ARaffle");
    expect(subjectChoice(byTitle.subject)).toBe(`${TITLE_CHOICE}Raffle`);
    expect(subjectChoice(null)).toBe("");
    // What it writes reads back to the same state.
    expect(read(eventsSearch(state).slice(1))).toEqual(state);
    expect(read(eventsSearch(byTitle).slice(1), ["Raffle"], [2026, 2025, 2019])).toEqual(byTitle);
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
    expect(bandChartSummary(reportScope({ year: 2025, subject: subject(PARTY_25) as EventsReportState["subject"] }), bars)).toBe(
      "Attendees by band, Christmas Party (2025): Adults 10, Parents 2, Above 13 3, Above 5 4, Below 5 1.",
    );
    expect(reportScope({ year: 2019, subject: { kind: "title", title: "Raffle" } })).toBe("Raffle (2019)");
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
    const party = { ...subject(PARTY), title: "Christmas & New Year Party!" } as EventsReportState["subject"];
    expect(ticketsCsvFilename({ year: 2026, subject: party }, now)).toBe("event-tickets-2026-christmas-new-year-party-2026-11-21.csv");
    expect(ticketsCsvFilename({ year: 2019, subject: { kind: "title", title: "Raffle" } }, now)).toBe("event-tickets-2019-raffle-2026-11-21.csv");
    expect(ticketsCsvFilename({ year: 2025, subject: null }, now)).toBe("event-tickets-2025-no-event-2026-11-21.csv");
  });
});
