import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/AdminPage";
import { PendingReminder, RenewalsChart, ReportTable, ReportYearForm } from "~/components/admin/RenewalsReport";
import { PENDING_COLUMNS, RENEWED_COLUMNS, renewalsSearch } from "~/domain/renewals-report";
import { formatPence } from "~/domain/money";
import { loadRenewalsReport, renewalsReportAction, type RenewalsActionData } from "~/services/renewals-report.server";
import { storeSafeAction } from "~/services/store-errors.server";
import { privatePageMeta } from "~/domain/page-meta";

export const meta: MetaFunction = () => privatePageMeta("Subscriptions | Dashboard");

/** The subscriptions report (accountants only; the guard is in the service, for the loader and the action). */
export const loader = ({ request, context }: LoaderFunctionArgs) => loadRenewalsReport(request, context);
/** The reminder while our records cannot be reached: the page says so (503). */
export const action = storeSafeAction(({ request, context }: ActionFunctionArgs) => renewalsReportAction(request, context), (_form, formError) => ({ formError }));

export default function MemRenewals() {
  const { thisYear, state, search, delivers, renewed, pending, chart } = useLoaderData<typeof loader>();
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
      <ReportYearForm state={state} thisYear={thisYear} />
      <RenewalsChart year={state.year} bars={chart} />
      <ReportTable
        id="renewed"
        title={`Renewed (${renewed.count})`}
        caption={`Renewed in ${state.year}`}
        columns={RENEWED_COLUMNS}
        rows={renewed.rows}
        empty={`No renewals have been paid for ${state.year}.`}
        footer={`Total ${formatPence(renewed.amount)}`}
        csvHref={renewed.csvHref}
        paging={state.renewed}
        pages={renewed.pages}
        pageHref={(page) => href({ renewed: { page } })}
        sizeHref={(size) => href({ renewed: { page: 1, size } })}
      />
      <ReportTable
        id="pending"
        title={`Pending (${pending.count})`}
        caption={`Not renewed for ${thisYear}`}
        columns={PENDING_COLUMNS}
        rows={pending.rows}
        empty={`Every active member has paid the ${thisYear} subscription.`}
        csvHref={pending.csvHref}
        paging={state.pending}
        pages={pending.pages}
        pageHref={(page) => href({ pending: { page } })}
        sizeHref={(size) => href({ pending: { page: 1, size } })}
      >
        <PendingReminder count={pending.count} delivers={delivers} action={`/mem-renewals${search}`} answer={answer} />
      </ReportTable>
    </AdminPage>
  );
}
