import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPage } from "~/kernel/layout/back-office/AdminPage";
import { AdminTable } from "~/kernel/layout/back-office/AdminTable";
import { FormMessage, SubmitButton, replyErrors } from "~/kernel/forms";
import { readPageParam } from "~/kernel/store/paging";
import { reconcileSchema, type PendingPaymentRow } from "~/features/payments/pending-payments";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { requireAccountant } from "~/kernel/auth/auth.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { UNKNOWN_TRANSACTION, loadPendingPayments, reconcilePayment } from "~/features/payments/pending-payments.server";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { refundPath } from "~/features/payments/refunds";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";

export const meta: MetaFunction = () => privatePageMeta("Pending payments | Dashboard");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  const page = readPageParam(new URL(request.url).searchParams.get("page"));
  return data(await loadPendingPayments(context.store, page), { headers: privateHeaders() });
}

/** Reconcile one payment. */
async function act({ request, context }: ActionFunctionArgs) {
  await requireAccountant(request, context);
  const submission = parseWithZod(await request.formData(), { schema: reconcileSchema });
  if (submission.status !== "success") return data(submission.reply({ formErrors: [UNKNOWN_TRANSACTION] }), { status: 400, headers: privateHeaders() });
  return redirectWithToast(context, "/accounts/payments", await reconcilePayment(context, submission.value.id));
}

/** A store outage answers the list again with one message (503, ADR 59). */
export const action = storeSafeAction(act, storeErrorReply);

/** Payments started but not settled: Reconcile asks the card provider what became of each. */
export default function PendingPayments() {
  const { rows, total, page, pages } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busyId = navigation.state === "submitting" ? navigation.formData?.get("id") : null;
  return (
    <AdminPage title="Pending payments">
      <FormMessage message={replyErrors(useActionData<typeof action>())[""]} />
      <AdminTable<PendingPaymentRow>
        caption="Pending payments"
        above={
          <p>
            {total === 1 ? "1 payment" : `${total} payments`} started but not settled, oldest first. A member who closed the tab before returning, or a webhook
            that never came, leaves one here: Reconcile asks the card provider and settles or fails it.
          </p>
        }
        columns={[
          { id: "created", header: "Started" },
          { id: "name", header: "Member", rowHeader: { id: (row) => `payment-${row.id}` } },
          { id: "email", header: "Email" },
          {
            id: "title",
            header: "Description",
            cell: (row) => (
              <>
                {row.title}
                {row.started ? null : <span className="row-notes"> (checkout never opened)</span>}
              </>
            ),
          },
          { id: "amount", header: "Amount" },
          {
            id: "action",
            header: "Action",
            cell: (row) => (
              <Form method="post">
                <input type="hidden" name="id" value={row.id} />
                <SubmitButton className="button button-secondary" pending={busyId === row.id} aria-describedby={`payment-${row.id}`}>
                  Reconcile
                </SubmitButton>
                {/* Refunds (docs/requirements.md §4.8, §4.10): Reconcile's "paid twice" case is refunded from here. */}
                {row.started ? <Link to={refundPath(row.id)}>Refund</Link> : null}
              </Form>
            ),
          },
        ]}
        rows={rows}
        rowId={(row) => row.id}
        empty="No pending payments."
        pager={{ page, pages, label: "Pending payments pages", href: (to) => `?page=${to}`, steps: { previous: "Previous", next: "Next" } }}
      />
    </AdminPage>
  );
}
