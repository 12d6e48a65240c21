import {
  bandBars,
  readEventsParams,
  readEventsYear,
  summaryTiles,
  ticketExport,
  ticketRow,
  ticketsCsvFilename,
  ticketsCsvHref,
  type EventsReportState,
} from "./events-report";
import { exportFile, type ExportFile } from "./export-columns";
import { pageCount, storePage } from "~/kernel/store/paging";
import type { Store } from "~/kernel/store/port";

/**
 * The event payments report (/mem-events-pay): tiles, chart and the Tickets table of
 * a year's paid tickets, of one event or (before one is chosen) of every event, and
 * its CSV export (accountants only: the routes guard). Everything is summed in SQL
 * (the store's summarizeReport), never in the browser.
 */

/** The state of the URL: the year first, then the event checked against that year's titles. */
async function readState(store: Store, params: URLSearchParams, thisYear: number) {
  const titles = await store.tickets.listReportTitles(readEventsYear(params, thisYear));
  return { titles, state: readEventsParams(params, thisYear, titles) };
}

const storeQuery = (state: EventsReportState) => ({ year: state.year, ...(state.event === null ? {} : { title: state.event }) });

/** The report for the URL's params: tiles, chart and one page of tickets. */
export async function loadEventsReport(store: Store, input: { params: URLSearchParams; thisYear: number }) {
  const { thisYear } = input;
  const { titles, state } = await readState(store, input.params, thisYear);
  const [summary, page, refunded] = await Promise.all([
    store.tickets.summarizeReport(storeQuery(state)),
    store.tickets.listReport({ ...storeQuery(state), ...storePage(state) }),
    store.refunds.sumRefunded({ year: state.year, paymentType: "ticket", ...(state.event === null ? {} : { eventTitle: state.event }) }),
  ]);
  const methods = await store.transactions.ticketPaymentMethods(page.rows.map((ticket) => ticket.id));
  return {
    thisYear,
    titles,
    state,
    tiles: summaryTiles(summary, refunded),
    chart: bandBars(summary.bands),
    tickets: {
      count: summary.tickets,
      rows: page.rows.map((ticket) => ticketRow(ticket, methods[ticket.id])),
      pages: pageCount(page.total, state.size),
      csvHref: ticketsCsvHref(state, thisYear),
    },
  };
}

/** Every ticket of the selection (/mem-events-pay/tickets.csv?year=…&event=…, or .xlsx), ready for either format. */
export async function eventsExportFile(store: Store, input: { params: URLSearchParams; thisYear: number }): Promise<ExportFile> {
  const { state } = await readState(store, input.params, input.thisYear);
  const { rows } = await store.tickets.listReport(storeQuery(state));
  const ids = rows.map((ticket) => ticket.id);
  const [methods, refunded] = await Promise.all([store.transactions.ticketPaymentMethods(ids), store.refunds.refundedBy("ticket", ids)]);
  return exportFile(ticketsCsvFilename(state), { columns: ticketExport(methods, refunded), rows });
}
