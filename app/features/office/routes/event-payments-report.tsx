import { currentYear } from "~/kernel/dates/dates";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/kernel/layout/back-office/AdminPage";
import { BandChart, EventsFilterForm, SummaryTiles } from "~/features/office/components/EventsReport";
import { ReportTable } from "~/features/office/components/ReportTable";
import { TICKET_COLUMNS, eventsSearch, reportScope, type EventsReportState } from "~/features/office/events-report";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";

import { requireAccountant } from "~/kernel/auth/auth.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { loadEventsReport } from "~/features/office/events-report.server";

export const meta: MetaFunction = () => privatePageMeta("Event Payments | Dashboard");

/** The event payments report (docs/requirements.md §6.10): one event at a time. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  const params = new URL(request.url).searchParams;
  return data(await loadEventsReport(context.store, { params, thisYear: currentYear() }), { headers: privateHeaders() });
}

/** The page has nothing to post: after the guard (so a stranger learns nothing), a POST is 405 (it writes nothing: no storeSafeAction, ADR 59). */
export async function action({ request, context }: ActionFunctionArgs): Promise<never> {
  await requireAccountant(request, context);
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET", ...privateHeaders() } });
}

export default function MemEventsPay() {
  const { years, eventChoices, chosen, state, tiles, chart, tickets } = useLoaderData<typeof loader>();
  const href = (changes: Partial<EventsReportState>) => `/mem-events-pay${eventsSearch(state, changes)}`;
  const scope = reportScope(state);

  return (
    <AdminPage title="Event Payments">
      <EventsFilterForm state={state} years={years} choices={eventChoices} chosen={chosen} />
      {state.subject === null ? (
        <p className="events-hint">No events or paid tickets for {state.year} yet.</p>
      ) : (
        <>
          <SummaryTiles tiles={tiles} scope={scope} />
          <BandChart scope={scope} bars={chart} />
          <ReportTable
            id="tickets"
            title={`Tickets (${tickets.count})`}
            caption={`Tickets, ${scope}`}
            columns={TICKET_COLUMNS}
            rows={tickets.rows}
            rowLink={{ header: "Refund", cell: (row) => <Link to={`/accounts/tickets/${row.id}/refund`}>Refund</Link> }}
            empty={`No paid tickets for ${scope}.`}
            csvHref={tickets.csvHref}
            paging={state}
            pages={tickets.pages}
            pageHref={(page) => href({ page })}
            sizeHref={(size) => href({ page: 1, size })}
            rowClassName={(row) => (row.isUsed ? "ticket-used" : undefined)}
          />
        </>
      )}
    </AdminPage>
  );
}
