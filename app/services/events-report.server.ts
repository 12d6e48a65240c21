import { data, type AppLoadContext } from "@remix-run/cloudflare";
import {
  bandBars,
  readEventsParams,
  readEventsYear,
  summaryTiles,
  ticketRow,
  ticketsCsv,
  ticketsCsvFilename,
  ticketsCsvHref,
  type EventsReportState,
} from "../domain/events-report";
import { pageCount } from "../domain/member-table";
import { currentYear } from "../domain/renewal";
import { requireAccountant } from "./auth.server";
import { PRIVATE_CACHE_CONTROL } from "./cache-control.server";
import { csvText } from "./member-csv.server";

/**
 * The event payments report (/mem-events-pay): tiles, chart and the Tickets table of
 * a year's paid tickets, of one event or (before one is chosen) of every event, and
 * its CSV export. Accountants only. Everything is summed in SQL (the store's
 * summarizeReport), never in the browser.
 */

/** The state of a request: the year first, then the event checked against that year's titles. */
async function readState(request: Request, context: AppLoadContext) {
  const thisYear = currentYear();
  const params = new URL(request.url).searchParams;
  const titles = await context.store.tickets.listReportTitles(readEventsYear(params, thisYear));
  return { thisYear, titles, state: readEventsParams(params, thisYear, titles) };
}

const storeQuery = (state: EventsReportState) => ({ year: state.year, ...(state.event === null ? {} : { title: state.event }) });

export async function loadEventsReport(request: Request, context: AppLoadContext) {
  await requireAccountant(request, context);
  const { thisYear, titles, state } = await readState(request, context);
  const [summary, page] = await Promise.all([
    context.store.tickets.summarizeReport(storeQuery(state)),
    context.store.tickets.listReport({ ...storeQuery(state), page: state.page - 1, pageSize: state.size }),
  ]);
  return data(
    {
      thisYear,
      titles,
      state,
      tiles: summaryTiles(summary),
      chart: bandBars(summary.bands),
      tickets: {
        count: summary.tickets,
        rows: page.rows.map(ticketRow),
        pages: pageCount(page.total, state.size),
        csvHref: ticketsCsvHref(state, thisYear),
      },
    },
    { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } },
  );
}

/** GET /mem-events-pay/tickets.csv?year=…&event=…: every ticket of the selection. */
export async function eventsCsv(request: Request, context: AppLoadContext) {
  await requireAccountant(request, context);
  const { state } = await readState(request, context);
  const { rows } = await context.store.tickets.listReport(storeQuery(state));
  const { header, records } = ticketsCsv(rows.map(ticketRow));
  return new Response(csvText(header, records), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${ticketsCsvFilename(state)}"`,
      "Cache-Control": PRIVATE_CACHE_CONTROL,
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** The page has nothing to post: after the guard, a POST is 405. */
export async function eventsReportAction(request: Request, context: AppLoadContext): Promise<never> {
  await requireAccountant(request, context);
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET", "Cache-Control": PRIVATE_CACHE_CONTROL } });
}
