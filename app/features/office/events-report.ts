import { csvFilename } from "./csv-filename";
import type { ExportColumn } from "./export-columns";
import { formatPence } from "~/kernel/values/money";
import { formatDay } from "~/kernel/dates/dates";
import { ATTENDEE_BANDS, BAND_LIMITS, type AttendeeBand, type PaymentMethod, type Ticket } from "~/kernel/store/records";
import { methodLabel } from "~/features/payments";
import { DEFAULT_PAGE_SIZE, readPaging, type TablePaging } from "~/kernel/store/paging";
import { reportYears } from "./renewals-report";
import { BAND_NAMES } from "~/features/tickets";

/**
 * The event payments report (/mem-events-pay, docs/requirements.md §6.10):
 * the paid tickets of a year, of one event or of all, summed up in tiles and a chart
 * of attendees by band, and listed in the Tickets table. The screen and the CSV
 * export read the same params.
 */

// ---- URL state ---------------------------------------------------------------

export interface EventsReportState extends TablePaging {
  /** This year or the previous one. */
  year: number;
  /** One of the year's event titles; null: 'Please Select' (every event of the year). */
  event: string | null;
}

/** Unknown or broken values fall back to the defaults (this year, every event, page 1, 15 rows), never an error. */
export function readEventsParams(params: URLSearchParams, thisYear: number, titles: readonly string[]): EventsReportState {
  const year = Number(params.get("year"));
  const event = params.get("event");
  return {
    year: reportYears(thisYear).includes(year) ? year : thisYear,
    event: event !== null && titles.includes(event) ? event : null,
    ...readPaging(params, "page", "size"),
  };
}

/** The year alone, before the titles of that year are known. */
export function readEventsYear(params: URLSearchParams, thisYear: number): number {
  return readEventsParams(params, thisYear, []).year;
}

/** The search string of a state, leaving out defaults. */
export function eventsSearch(state: EventsReportState, thisYear: number, changes: Partial<EventsReportState> = {}): string {
  const next = { ...state, ...changes };
  const params = new URLSearchParams();
  if (next.year !== thisYear) params.set("year", String(next.year));
  if (next.event !== null) params.set("event", next.event);
  if (next.page !== 1) params.set("page", String(next.page));
  if (next.size !== DEFAULT_PAGE_SIZE) params.set("size", String(next.size));
  const text = params.toString();
  return text ? `?${text}` : "";
}

// ---- Tiles and chart --------------------------------------------------------------

export interface EventsSummary {
  tickets: number;
  amount: number;
  bands: Record<AttendeeBand, number>;
}

export interface Tile {
  label: string;
  value: string;
  /** A line under the figure: how Total Amount was reached when some of it was refunded. */
  detail?: string;
}

/**
 * The seven tiles: the five bands, Total Count (their sum) and Total Amount in pounds.
 * `refunded` (pence, docs/requirements.md §4.10): given back on these tickets, so Total Amount is what the
 * association kept, with what was paid and refunded under it (the renewals total is net too).
 */
export function summaryTiles(summary: EventsSummary, refunded = 0): Tile[] {
  const total = ATTENDEE_BANDS.reduce((sum, band) => sum + summary.bands[band], 0);
  const amount: Tile =
    refunded > 0
      ? {
          label: "Total Amount",
          value: formatPence(summary.amount - refunded),
          detail: `${formatPence(summary.amount)} paid, ${formatPence(refunded)} refunded`,
        }
      : { label: "Total Amount", value: formatPence(summary.amount) };
  return [
    ...ATTENDEE_BANDS.map((band) => ({ label: BAND_NAMES[band].tile, value: summary.bands[band].toLocaleString("en-GB") })),
    { label: "Total Count", value: total.toLocaleString("en-GB") },
    amount,
  ];
}

export interface BandBar {
  label: string;
  count: number;
  /** 0–100, of the largest band. */
  height: number;
}

export function bandBars(bands: Record<AttendeeBand, number>): BandBar[] {
  const max = Math.max(0, ...ATTENDEE_BANDS.map((band) => bands[band]));
  return ATTENDEE_BANDS.map((band) => ({
    label: BAND_NAMES[band].tile,
    count: bands[band],
    height: max === 0 ? 0 : Math.round((bands[band] / max) * 100),
  }));
}

/** What the report covers, in words: the event (or every event) and the year. */
export function reportScope(state: Pick<EventsReportState, "year" | "event">): string {
  return state.event === null ? `all events in ${state.year}` : `${state.event} (${state.year})`;
}

/** The chart in words, for people who cannot see it. */
export function bandChartSummary(scope: string, bars: readonly BandBar[]): string {
  return `Attendees by band, ${scope}: ${bars.map((bar) => `${bar.label} ${bar.count}`).join(", ")}.`;
}

// ---- Tickets table -------------------------------------------------------------

/** One column per place of each band: Adult 1-2, Parent 1-4, Above13 Child 1-5, Above5 Child 1-5, Below5 Child 1-3. */
const PERSON_COLUMNS = ATTENDEE_BANDS.flatMap((band) =>
  Array.from({ length: BAND_LIMITS[band].max }, (_, i) => ({ id: `${band}${i + 1}`, header: `${BAND_NAMES[band].column} ${i + 1}` })),
);

/** The columns of docs/requirements.md §6.10, in its order. */
export const TICKET_COLUMNS: ReadonlyArray<{ id: string; header: string }> = [
  { id: "date", header: "Date" },
  { id: "type", header: "Type" },
  { id: "email", header: "Email" },
  { id: "amount", header: "Amount" },
  { id: "used", header: "Ticket Used?" },
  ...PERSON_COLUMNS,
  // Offline payments (docs/requirements.md §4.9): how the ticket was paid
  { id: "method", header: "Method" },
];

export type TicketRow = { id: string; isUsed: boolean } & Record<string, string | boolean>;

/** A ticket's row; `method`: how it was paid (its paid transaction's method), none for a free ticket. */
export function ticketRow(ticket: Ticket, method?: PaymentMethod): TicketRow {
  const row: TicketRow = {
    id: ticket.id,
    isUsed: ticket.used,
    date: formatDay(ticket.createdAt),
    type: ticket.membership,
    email: ticket.email,
    amount: formatPence(ticket.price),
    used: ticket.used ? "Yes" : "No",
  };
  for (const column of PERSON_COLUMNS) row[column.id] = "";
  for (const person of ticket.attendees) row[`${person.band}${person.position}`] = person.name;
  row.method = ticketMethodLabel(ticket, method);
  return row;
}

// ---- Downloads (CSV and Excel) ------------------------------------------------------

/** The tickets download (CSV and Excel): the table's columns, with the amount and the date as values. */
export const TICKET_EXPORT: ReadonlyArray<ExportColumn<Ticket>> = [
  { header: "Date", kind: "date", value: (t) => t.createdAt },
  { header: "Type", kind: "text", value: (t) => t.membership },
  { header: "Email", kind: "text", value: (t) => t.email },
  { header: "Amount", kind: "money", value: (t) => t.price },
  { header: "Ticket Used?", kind: "text", value: (t) => (t.used ? "Yes" : "No") },
  ...PERSON_COLUMNS.map((column) => ({
    header: column.header,
    kind: "text" as const,
    value: (t: Ticket) => t.attendees.find((person) => `${person.band}${person.position}` === column.id)?.name ?? "",
  })),
];

/** How a ticket was paid: its transaction's method; "Free" when it cost nothing. */
export function ticketMethodLabel(ticket: Pick<Ticket, "price">, method: PaymentMethod | undefined): string {
  return ticket.price === 0 && !method ? "Free" : methodLabel(method);
}

/** The tickets download with how each was paid (`methods`: by ticket id) and what was refunded of it (`refunded`: pence by ticket id), last. */
export function ticketExport(
  methods: Readonly<Record<string, PaymentMethod>>,
  refunded: Readonly<Record<string, number>> = {},
): ReadonlyArray<ExportColumn<Ticket>> {
  return [
    ...TICKET_EXPORT,
    { header: "Method", kind: "text", value: (t) => ticketMethodLabel(t, methods[t.id]) },
    { header: "Refunded", kind: "money", value: (t) => refunded[t.id] ?? 0 },
  ];
}

/** `/mem-events-pay/tickets.csv?year=…&event=…`: every row of the selection, whatever page is shown. */
export function ticketsCsvHref(state: EventsReportState, thisYear: number): string {
  return `/mem-events-pay/tickets.csv${eventsSearch(state, thisYear, { page: 1, size: DEFAULT_PAGE_SIZE })}`;
}

/** `event-tickets-2026-christmas-party-2026-11-21.csv`: the year, the event (or "all-events"), the day it was taken (UK time). */
export function ticketsCsvFilename(state: Pick<EventsReportState, "year" | "event">, now: Date = new Date()): string {
  const slug =
    (state.event ?? "all events")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "event";
  return csvFilename(`event-tickets-${state.year}-${slug}`, now);
}
