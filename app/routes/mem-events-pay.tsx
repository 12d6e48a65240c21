import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/AdminPage";
import { BandChart, EventsFilterForm, SummaryTiles } from "~/components/admin/EventsReport";
import { ReportTable } from "~/components/admin/RenewalsReport";
import { TICKET_COLUMNS, eventsSearch, reportScope, type EventsReportState } from "~/domain/events-report";
import { eventsReportAction, loadEventsReport } from "~/services/events-report.server";
import { privatePageMeta } from "~/domain/private-page-meta";

export const meta: MetaFunction = () => privatePageMeta("Event Payments | Dashboard");

/** The event payments report (accountants only; the guard is in the service). */
export const loader = ({ request, context }: LoaderFunctionArgs) => loadEventsReport(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => eventsReportAction(request, context);

export default function MemEventsPay() {
  const { thisYear, titles, state, tiles, chart, tickets } = useLoaderData<typeof loader>();
  const href = (changes: Partial<EventsReportState>) => `/mem-events-pay${eventsSearch(state, thisYear, changes)}`;
  const scope = reportScope(state);

  return (
    <AdminPage title="Event Payments">
      <EventsFilterForm state={state} thisYear={thisYear} titles={titles} />
      {state.event === null ? (
        <p className="events-hint">
          {titles.length === 0
            ? `No paid tickets for ${state.year} yet.`
            : `Showing every event of ${state.year}. Choose an event to see its figures alone.`}
        </p>
      ) : null}
      <SummaryTiles tiles={tiles} scope={scope} />
      <BandChart scope={scope} bars={chart} />
      <ReportTable
        id="tickets"
        title={`Tickets (${tickets.count})`}
        caption={`Tickets, ${scope}`}
        columns={TICKET_COLUMNS}
        rows={tickets.rows}
        empty={`No paid tickets for ${scope}.`}
        csvHref={tickets.csvHref}
        paging={state}
        pages={tickets.pages}
        pageHref={(page) => href({ page })}
        sizeHref={(size) => href({ page: 1, size })}
        rowClassName={(row) => (row.isUsed ? "ticket-used" : undefined)}
      />
    </AdminPage>
  );
}
