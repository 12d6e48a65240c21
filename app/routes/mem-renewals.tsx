import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/AdminPage";
import { PendingReminder, RenewalsChart, ReportTable } from "~/components/admin/RenewalsReport";
import { RenewalsSearch } from "~/components/admin/RenewalsSearch";
import { PENDING_COLUMNS, RENEWED_COLUMNS, renewalsSearch, reportTitle } from "~/domain/renewals-report";
import { formatPence } from "~/domain/money";
import { loadRenewalsReport, renewalsReportAction, type RenewalsActionData } from "~/services/renewals-report.server";
import { storeSafeAction } from "~/services/store-errors.server";
import { privatePageMeta } from "~/domain/private-page-meta";

export const meta: MetaFunction = () => privatePageMeta("Subscriptions | Dashboard");

/** The subscriptions report (accountants only; the guard is in the service, for the loader and the action). */
export const loader = ({ request, context }: LoaderFunctionArgs) => loadRenewalsReport(request, context);
/** The reminder while our records cannot be reached: the page says so (503). */
export const action = storeSafeAction(({ request, context }: ActionFunctionArgs) => renewalsReportAction(request, context), (_form, formError) => ({ formError }));

export default function MemRenewals() {
  const { thisYear, state, search, searching, delivers, renewed, pending, chart } = useLoaderData<typeof loader>();
  const reply = useActionData<RenewalsActionData | { formError: string }>();
  const answer = reply && "formError" in reply ? undefined : reply;
  const href = (changes: Parameters<typeof renewalsSearch>[2]) => `/mem-renewals${renewalsSearch(state, thisYear, changes)}`;

  return (
    <AdminPage title="Subscriptions">
      {reply && "formError" in reply ? (
        <p className="form-error" role="alert">
          {reply.formError}
        </p>
      ) : null}
      <RenewalsSearch state={state} thisYear={thisYear} />
      <RenewalsChart year={state.year} bars={chart} />
      <ReportTable
        id="renewed"
        title={reportTitle("Renewed", renewed.count, renewed.allCount, searching)}
        caption={`Renewed in ${state.year}`}
        columns={RENEWED_COLUMNS}
        rows={renewed.rows}
        empty={searching ? `No renewal paid for ${state.year} matches "${state.q}".` : `No renewals have been paid for ${state.year}.`}
        footer={`Total ${formatPence(renewed.amount)}`}
        csvHref={renewed.csvHref}
        paging={state.renewed}
        pages={renewed.pages}
        pageHref={(page) => href({ renewed: { page } })}
        sizeHref={(size) => href({ renewed: { page: 1, size } })}
      />
      <ReportTable
        id="pending"
        title={reportTitle("Pending", pending.count, pending.allCount, searching)}
        caption={`Not renewed for ${thisYear}`}
        columns={PENDING_COLUMNS}
        rows={pending.rows}
        empty={searching ? `No member who has not paid the ${thisYear} subscription matches "${state.q}".` : `Every active member has paid the ${thisYear} subscription.`}
        csvHref={pending.csvHref}
        paging={state.pending}
        pages={pending.pages}
        pageHref={(page) => href({ pending: { page } })}
        sizeHref={(size) => href({ pending: { page: 1, size } })}
      >
        <PendingReminder count={pending.allCount} delivers={delivers} action={`/mem-renewals${search}`} answer={answer} />
      </ReportTable>
    </AdminPage>
  );
}
