import {
  bandBars,
  eventChoiceLabel,
  eventsOfYear,
  readEventsParams,
  readEventsYear,
  reportYearChoices,
  subjectChoice,
  summaryTiles,
  ticketExport,
  ticketRow,
  ticketsCsvFilename,
  ticketsCsvHref,
  titleChoiceLabel,
  TITLE_CHOICE,
  type EventsSubject,
} from "./events-report";
import { exportFile, type ExportFile } from "./export-columns";
import { pageCount, storePage } from "~/kernel/store/paging";
import type { Store, TicketReportQuery } from "~/kernel/store/port";
import { ukToday } from "~/features/tickets";
import { nowSeconds } from "~/kernel/store/ids";

/**
 * The event payments report (/mem-events-pay, docs/requirements.md §6.10; ADR 60): tiles,
 * chart and the Tickets table of one event's paid tickets (or, for tickets older than
 * events, of one title in a year), and its downloads (accountants only: the routes guard).
 * Everything is summed in SQL (the store's summarizeReport), never in the browser.
 */

interface ReadInput {
  params: URLSearchParams;
  thisYear: number;
  /** Unix seconds (default: now): which events are over, by the UK day. */
  now?: number;
}

/** The state of the URL: the year first (from every event and every year of paid tickets), then the event within it. */
async function readState(store: Store, input: ReadInput) {
  const [events, ticketYears] = await Promise.all([store.events.list(), store.tickets.listReportYears()]);
  const choices = {
    events,
    years: reportYearChoices(events, ticketYears, input.thisYear),
    today: ukToday(input.now ?? nowSeconds()),
    thisYear: input.thisYear,
  };
  const year = readEventsYear(input.params, choices);
  const titles = await store.tickets.listReportTitles(year, { noEvent: true });
  return { choices, titles, state: readEventsParams(input.params, { ...choices, year, titles }) };
}

/** The store's query of the subject: an event's tickets by its id; a title's with no event by their year. */
const storeQuery = (subject: EventsSubject, year: number): TicketReportQuery =>
  subject.kind === "event" ? { eventId: subject.id } : { year, title: subject.title, noEvent: true };

/**
 * The tiles' and chart's figures: an event's running totals (one row, ADR 62), kept with each
 * settlement, refund and admission; tickets older than events are summed from their rows.
 */
async function figuresOf(store: Store, subject: EventsSubject, year: number) {
  if (subject.kind === "event") {
    const totals = await store.events.totals(subject.id);
    return { summary: { tickets: totals.ticketsPaid, amount: totals.amountPaid, bands: totals.bands }, refunded: totals.amountRefunded };
  }
  const [summary, refunded] = await Promise.all([
    store.tickets.summarizeReport(storeQuery(subject, year)),
    // Tickets of no event have refunds recorded by their title and year only (docs/requirements.md §4.10).
    store.refunds.sumRefunded({ year, paymentType: "ticket", eventTitle: subject.title }),
  ]);
  return { summary, refunded };
}

const EMPTY_SUMMARY = { tickets: 0, amount: 0, bands: { adult: 0, parent: 0, above13: 0, above5: 0, below5: 0 } };

/** The report for the URL's params: the choices, then the tiles, chart and one page of tickets. */
export async function loadEventsReport(store: Store, input: ReadInput) {
  const { choices, titles, state } = await readState(store, input);
  const eventChoices = [
    ...eventsOfYear(choices.events, state.year).map((event) => ({ value: event.id, label: eventChoiceLabel(event) })),
    ...titles.map((title) => ({ value: `${TITLE_CHOICE}${title}`, label: titleChoiceLabel(title) })),
  ];
  const subject = state.subject;
  const [{ summary, refunded }, page] = subject
    ? await Promise.all([figuresOf(store, subject, state.year), store.tickets.listReport({ ...storeQuery(subject, state.year), ...storePage(state) })])
    : [
        { summary: EMPTY_SUMMARY, refunded: 0 },
        { rows: [], total: 0 },
      ];
  const methods = await store.transactions.ticketPaymentMethods(page.rows.map((ticket) => ticket.id));
  return {
    years: choices.years,
    eventChoices,
    chosen: subjectChoice(subject),
    state,
    tiles: summaryTiles(summary, refunded),
    chart: bandBars(summary.bands),
    tickets: {
      count: summary.tickets,
      rows: page.rows.map((ticket) => ticketRow(ticket, methods[ticket.id])),
      pages: pageCount(page.total, state.size),
      csvHref: ticketsCsvHref(state),
    },
  };
}

/** Every ticket of the event (/mem-events-pay/tickets.csv?event=…, or .xlsx), ready for either format. */
export async function eventsExportFile(store: Store, input: ReadInput): Promise<ExportFile> {
  const { state } = await readState(store, input);
  const rows = state.subject ? (await store.tickets.listReport(storeQuery(state.subject, state.year))).rows : [];
  const ids = rows.map((ticket) => ticket.id);
  const [methods, refunded] = await Promise.all([store.transactions.ticketPaymentMethods(ids), store.refunds.refundedBy("ticket", ids)]);
  return exportFile(ticketsCsvFilename(state), { columns: ticketExport(methods, refunded), rows });
}
