import { currentYear } from "~/kernel/dates/dates";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/kernel/layout/back-office/AdminPage";
import { PendingReminder, ReminderStages, RenewalsChart } from "~/features/office/components/RenewalsReport";
import { RenewalsSearch } from "~/features/office/components/RenewalsSearch";
import { FormMessage, replyErrors } from "~/kernel/forms";
import { ReportTable } from "~/features/office/components/ReportTable";
import { ACTION_NOT_UNDERSTOOD } from "~/kernel/forms/back-office-messages";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";

import { refundPath, totalWithRefunds } from "~/features/payments";
import { PENDING_COLUMNS, RENEWED_COLUMNS, renewalsSearch, reportTitle } from "~/features/office/renewals-report";
import { requireAccountant } from "~/kernel/auth/auth.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { loadReminderStages, loadRenewalsReport, renewalsBack, sendRenewalReminder } from "~/features/office/renewals-report.server";
import { reminderSchema } from "~/features/office/renewal-reminder-post";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { redirectWithToast } from "~/kernel/http/toast.server";

export const meta: MetaFunction = () => privatePageMeta("Subscriptions | Dashboard");

/** The subscriptions report. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  const params = new URL(request.url).searchParams;
  const [report, reminderStages] = await Promise.all([
    loadRenewalsReport(context.store, { params, thisYear: currentYear(), delivers: Boolean(context.env.RESEND_API_KEY) }),
    loadReminderStages(context, currentYear()),
  ]);
  return data({ ...report, reminderStages }, { headers: privateHeaders() });
}

/** 'Send Notification To All'; while our records cannot be reached the page says so (503). */
export const action = storeSafeAction(async ({ request, context }: ActionFunctionArgs) => {
  const accountant = await requireAccountant(request, context);
  const url = new URL(request.url);
  const thisYear = currentYear();
  const back = renewalsBack(url.searchParams, thisYear);
  const submission = parseWithZod(await request.formData(), { schema: reminderSchema });
  if (submission.status !== "success") return data(submission.reply({ formErrors: [ACTION_NOT_UNDERSTOOD] }), { status: 400, headers: privateHeaders() });
  const outcome = await sendRenewalReminder(context, {
    accountantId: accountant.id,
    confirmed: submission.value.confirmed === "1",
    thisYear,
    origin: url.origin,
  });
  return "toast" in outcome ? redirectWithToast(context, back, outcome.toast) : data(outcome, { headers: privateHeaders() });
}, storeErrorReply);

export default function MemRenewals() {
  const { thisYear, state, search, searching, delivers, renewed, pending, chart, reminderStages } = useLoaderData<typeof loader>();
  // The panel or the question (RenewalsActionData), or the form's reply: refused (400) or our records unreachable (503).
  const answer = useActionData<typeof action>();
  const asked = answer && ("panel" in answer || "confirm" in answer) ? answer : undefined;
  const reply = answer && !("panel" in answer || "confirm" in answer) ? answer : undefined;
  const href = (changes: Parameters<typeof renewalsSearch>[2]) => `/mem-renewals${renewalsSearch(state, thisYear, changes)}`;

  return (
    <AdminPage title="Subscriptions">
      <FormMessage message={replyErrors(reply)[""]} />
      <RenewalsSearch state={state} thisYear={thisYear} />
      <RenewalsChart year={state.year} bars={chart} />
      <ReportTable
        id="renewed"
        title={reportTitle("Renewed", renewed.count, renewed.allCount, searching)}
        caption={`Renewed in ${state.year}`}
        columns={RENEWED_COLUMNS}
        rows={renewed.rows}
        rowLink={{ header: "Refund", cell: (row) => <Link to={refundPath(row.id)}>Refund</Link> }}
        empty={searching ? `No renewal paid for ${state.year} matches "${state.q}".` : `No renewals have been paid for ${state.year}.`}
        footer={totalWithRefunds(renewed.amount, renewed.refunded)}
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
        empty={
          searching
            ? `No member who has not paid the ${thisYear} subscription matches "${state.q}".`
            : `Every active member has paid the ${thisYear} subscription.`
        }
        csvHref={pending.csvHref}
        paging={state.pending}
        pages={pending.pages}
        pagesOpen={pending.count.atLeast}
        pageHref={(page) => href({ pending: { page } })}
        sizeHref={(size) => href({ pending: { page: 1, size } })}
      >
        <ReminderStages lines={reminderStages} />
        <PendingReminder count={pending.allCount} delivers={delivers} action={`/mem-renewals${search}`} answer={asked} />
      </ReportTable>
    </AdminPage>
  );
}
