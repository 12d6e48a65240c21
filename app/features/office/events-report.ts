import { csvFilename } from "./csv-filename";
import type { ExportColumn } from "./export-columns";
import { formatPence } from "~/kernel/values/money";
import { formatDay } from "~/kernel/dates/dates";
import { ATTENDEE_BANDS, BAND_LIMITS, type AttendeeBand, type EventRecord, type PaymentMethod, type Ticket } from "~/kernel/store/records";
import { methodLabel } from "~/features/payments";
import { DEFAULT_PAGE_SIZE, readPaging, type TablePaging } from "~/kernel/store/paging";
import { BAND_NAMES, byEventDate, eventOver, eventRecordYear } from "~/features/tickets";

/**
 * The event payments report (/mem-events-pay, docs/requirements.md §6.10; ADR 60): one
 * event at a time, its paid tickets summed up in tiles and a chart of attendees by band,
 * and listed in the Tickets table. Tickets older than events (no event id) are shown by
 * their year and title instead. The screen and the downloads read the same params.
 */

// ---- Choices: years and events ---------------------------------------------------------

/** What the report needs of an event record. */
export type ReportEvent = Pick<EventRecord, "id" | "title" | "date" | "tickets" | "cancelledAt">;

/** The year an event is listed under: that of its date; with no date, its tickets' year. */
export function eventReportYear(event: Pick<EventRecord, "date" | "tickets">): number {
  return /^\d{4}-/.test(event.date) ? Number(event.date.slice(0, 4)) : eventRecordYear(event);
}

/** Every year with events or paid tickets, and this year (so the select is never empty), newest first. */
export function reportYearChoices(events: readonly Pick<EventRecord, "date" | "tickets">[], ticketYears: readonly number[], thisYear: number): number[] {
  const years = new Set([thisYear, ...ticketYears.filter((year) => year > 0), ...events.map(eventReportYear)]);
  return [...years].sort((a, b) => b - a);
}

/** A year's events, by date (undated last). */
export function eventsOfYear<T extends ReportEvent>(events: readonly T[], year: number): T[] {
  return byEventDate(events.filter((event) => eventReportYear(event) === year));
}

/** The event shown when none is asked for: the next one not over (the soonest, not cancelled), else the latest. */
export function defaultReportEvent<T extends ReportEvent>(events: readonly T[], today: string): T | null {
  const sorted = byEventDate([...events]);
  return sorted.find((event) => event.cancelledAt === null && !eventOver(event, today)) ?? sorted.at(-1) ?? null;
}

/** The Event select's label of an event: its title and, when it has one, its day ("05-03-2026"). */
export function eventChoiceLabel(event: ReportEvent): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(event.date);
  const when = day ? ` (${day[3]}-${day[2]}-${day[1]})` : "";
  return `${event.title}${when}${event.cancelledAt !== null ? " (cancelled)" : ""}`;
}

/** The Event select's value of a title whose tickets have no event (ids never start so). */
export const TITLE_CHOICE = "title:";

/** The Event select's label of such a title. */
export const titleChoiceLabel = (title: string) => `${title} (earlier tickets)`;

// ---- URL state ---------------------------------------------------------------

/** What the report shows: one event, or the tickets of one title with no event (by their year). */
export type EventsSubject = { kind: "event"; id: string; title: string; date: string; ticketYear: number } | { kind: "title"; title: string };

export interface EventsReportState extends TablePaging {
  /** The year chosen: the event's (eventReportYear), or the title's tickets'. */
  year: number;
  /** Null only when the year has neither events nor paid tickets. */
  subject: EventsSubject | null;
}

export interface EventsChoices {
  /** Every event (store.events.list()). */
  events: readonly ReportEvent[];
  /** reportYearChoices. */
  years: readonly number[];
  /** UK day, YYYY-MM-DD (ukToday): which events are over. */
  today: string;
  thisYear: number;
}

/**
 * The year of the URL: `year` when it is one of the choices (the year select wins over an
 * event of another year, so changing the year shows that year); else the `event` id's; an
 * old link's title alone (`?event=Title`, `?title=Title`) meant this year; else the
 * default event's. Unknown or broken values fall back, never an error.
 */
export function readEventsYear(params: URLSearchParams, choices: EventsChoices): number {
  const asked = params.get("year");
  if (asked !== null && choices.years.includes(Number(asked))) return Number(asked);
  const wanted = params.get("event") ?? "";
  const byId = choices.events.find((event) => event.id === wanted);
  if (byId) return eventReportYear(byId);
  if (wanted !== "" || (params.get("title") ?? "") !== "") return choices.thisYear;
  const fallback = defaultReportEvent(choices.events, choices.today);
  return fallback ? eventReportYear(fallback) : choices.thisYear;
}

const eventSubject = (event: ReportEvent): EventsSubject => ({
  kind: "event",
  id: event.id,
  title: event.title,
  date: event.date,
  ticketYear: eventRecordYear(event),
});

/**
 * The state of the URL within its year (`titles`: the year's titles of paid tickets with no
 * event): `event` an event id of the year, or `title:` and one of those titles; an old
 * link's title (`?event=Title` or `?title=Title`) is that year's event of that title when
 * there is one, else those tickets; else the year's default event, else its first title.
 */
export function readEventsParams(params: URLSearchParams, choices: EventsChoices & { year: number; titles: readonly string[] }): EventsReportState {
  const { year, titles } = choices;
  const yearEvents = eventsOfYear(choices.events, year);
  const paging = readPaging(params, "page", "size");
  const wanted = params.get("event") ?? "";
  const byId = yearEvents.find((event) => event.id === wanted);
  if (byId) return { year, subject: eventSubject(byId), ...paging };
  if (wanted.startsWith(TITLE_CHOICE) && titles.includes(wanted.slice(TITLE_CHOICE.length))) {
    return { year, subject: { kind: "title", title: wanted.slice(TITLE_CHOICE.length) }, ...paging };
  }
  for (const title of [wanted, params.get("title") ?? ""].filter((t) => t !== "")) {
    const named = defaultReportEvent(
      yearEvents.filter((event) => event.title === title),
      choices.today,
    );
    if (named) return { year, subject: eventSubject(named), ...paging };
    if (titles.includes(title)) return { year, subject: { kind: "title", title }, ...paging };
  }
  const fallback = defaultReportEvent(yearEvents, choices.today);
  if (fallback) return { year, subject: eventSubject(fallback), ...paging };
  return { year, subject: titles[0] === undefined ? null : { kind: "title", title: titles[0] }, ...paging };
}

/** The Event select's value of a state. */
export function subjectChoice(subject: EventsSubject | null): string {
  if (subject === null) return "";
  return subject.kind === "event" ? subject.id : `${TITLE_CHOICE}${subject.title}`;
}

/** The search string of a state, leaving out defaults: an event's id is enough, a title needs its year. */
export function eventsSearch(state: EventsReportState, changes: Partial<TablePaging> = {}): string {
  const next = { ...state, ...changes };
  const params = new URLSearchParams();
  if (next.subject?.kind !== "event") params.set("year", String(next.year));
  if (next.subject !== null) params.set("event", subjectChoice(next.subject));
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

/** What the report covers, in words: the event (or the title) and its year. */
export function reportScope(state: Pick<EventsReportState, "year" | "subject">): string {
  return state.subject === null ? `${state.year}` : `${state.subject.title} (${state.year})`;
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

/** `/mem-events-pay/tickets.csv?event=…`: every row of the event, whatever page is shown. */
export function ticketsCsvHref(state: EventsReportState): string {
  return `/mem-events-pay/tickets.csv${eventsSearch(state, { page: 1, size: DEFAULT_PAGE_SIZE })}`;
}

/** `event-tickets-2026-christmas-party-2026-11-21.csv`: the year, the event's title, the day it was taken (UK time). */
export function ticketsCsvFilename(state: Pick<EventsReportState, "year" | "subject">, now: Date = new Date()): string {
  const slug =
    (state.subject?.title ?? "no event")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "event";
  return csvFilename(`event-tickets-${state.year}-${slug}`, now);
}
