import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/kernel/layout/back-office/AdminPage";
import { OfflinePaymentFields } from "~/features/payments/components/OfflinePaymentFields";
import { FormMessage, SubmitButton, useFormReply } from "~/kernel/forms";
import {
  MEMBER_PAYMENT_KINDS,
  NOTHING_DUE_MESSAGE,
  NOT_DUE_MESSAGE,
  NO_UNDO_NOTE,
  afterRecordingPath,
  recordedMessage,
  type MemberPaymentKind,
} from "~/features/payments/offline-payment";
import { offlinePaymentSchema } from "~/features/payments/offline-payment-form";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { requireAccountant } from "~/kernel/auth/auth.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { loadMemberPayment, recordMemberPayment } from "~/features/payments/offline-payment.server";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { notFound } from "~/kernel/http/answers.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => privatePageMeta(`Record a payment: ${loaded?.member.name ?? "member"} | Back office`);

export const headers: HeadersFunction = () => privateHeaders();

/** A member's registration, renewal or change to Family paid in cash, by transfer or by cheque (docs/requirements.md §4.9). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  const page = await loadMemberPayment(context, String(params.id));
  if (!page) throw notFound();
  return data(page, { headers: privateHeaders() });
}

export const action = storeSafeAction(async ({ request, params, context }: ActionFunctionArgs) => {
  const accountant = await requireAccountant(request, context);
  const page = await loadMemberPayment(context, String(params.id));
  if (!page) throw notFound();
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: offlinePaymentSchema({ expected: page.due?.amount ?? 0, today: page.today }) });
  const kind = String(form.get("kind") ?? "");
  if (!page.due) return data(submission.reply({ formErrors: [NOTHING_DUE_MESSAGE] }), { status: 409, headers: privateHeaders() });
  // The form was made for what was due then; if that changed meanwhile (paid in another tab), nothing is recorded.
  if (kind !== page.due.kind || !(MEMBER_PAYMENT_KINDS as readonly string[]).includes(kind)) {
    return data(submission.reply({ formErrors: [NOT_DUE_MESSAGE] }), { status: 409, headers: privateHeaders() });
  }
  if (submission.status !== "success") return data(submission.reply(), { status: 400, headers: privateHeaders() });
  const result = await recordMemberPayment(context, accountant, page.member.id, kind as MemberPaymentKind, submission.value);
  if (!result) throw notFound();
  if (!result.ok) return data(submission.reply({ formErrors: [result.message] }), { status: 409, headers: privateHeaders() });
  return redirectWithToast(context, afterRecordingPath(page.due.kind, page.member.id), {
    kind: "success",
    message: recordedMessage(page.due.kind, submission.value.method, `${page.due.label}, ${page.member.name}`),
  });
}, storeErrorReply);

export default function RecordPayment() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { formError, form } = useFormReply(reply);
  return (
    <AdminPage title={`Record a payment: ${page.member.name}`}>
      <p>
        <Link to="/accounts">Back to members</Link>
      </p>
      <p>{`${page.member.name} (${page.member.email}), ${page.member.membership} membership.`}</p>
      <FormMessage message={formError} />
      {page.due ? (
        <Form method="post" noValidate className="offline-payment-form" {...form}>
          <input type="hidden" name="kind" value={page.due.kind} />
          <p className="offline-payment-due">
            Payment for: <strong>{page.due.label}</strong>, <strong>{page.due.amountText}</strong>
          </p>
          <OfflinePaymentFields reply={reply} amount={page.due.amount} today={page.today} />
          <p className="field-hint offline-payment-no-undo">{NO_UNDO_NOTE}</p>
          <SubmitButton>Record payment</SubmitButton>
        </Form>
      ) : (
        <p className="offline-payment-nothing">{NOTHING_DUE_MESSAGE}</p>
      )}
    </AdminPage>
  );
}
