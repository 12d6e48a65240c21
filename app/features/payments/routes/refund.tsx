import { parseWithZod } from "@conform-to/zod/v4";
import { confirmStep, type Confirmation } from "~/kernel/forms/confirm-step";
import { ConfirmStep } from "~/kernel/forms/ConfirmStep";
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { AdminPage } from "~/kernel/layout/back-office/AdminPage";
import { Field, FormMessage, fieldBinder, SubmitButton, replyValue, useFormReply, type FormReply } from "~/kernel/forms";
import { MEMBERSHIP_QUESTION, refundPath } from "~/features/payments/refunds";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { requireAccountant } from "~/kernel/auth/auth.server";
import { loadRefundPage, refundTransaction } from "~/features/payments/refunds.server";
import { refundSchema } from "~/features/payments/refund-request";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { noIndexHeaders, loaderHeadersOnly } from "~/kernel/http/response-headers";
import { notFound } from "~/kernel/http/answers.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => privatePageMeta(`Refund ${loaded?.page.transaction.title ?? "payment"} | Back office`);

export const headers: HeadersFunction = loaderHeadersOnly;

/** Refund a paid transaction, in full or in part (docs/requirements.md §4.10, ADR 0055): accountants only. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  const page = await loadRefundPage(context, String(params.id));
  if (!page) throw notFound();
  return data({ page }, { headers: noIndexHeaders() });
}

type ActionAnswer = { reply: FormReply } | { confirm: Confirmation };

/** guard, parse, ask first ("Please confirm", with or without JavaScript), refund, redirect with a toast. */
export const action = storeSafeAction(async ({ request, params, context }: ActionFunctionArgs) => {
  const accountant = await requireAccountant(request, context);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: refundSchema });
  if (submission.status !== "success") return data<ActionAnswer>({ reply: submission.reply() }, { status: 400, headers: noIndexHeaders() });
  const id = String(params.id);
  const outcome = await refundTransaction(context, accountant, id, submission.value);
  switch (outcome.kind) {
    case "not-found":
      throw notFound();
    case "refused": {
      const reply = outcome.field
        ? submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] } })
        : submission.reply({ formErrors: [outcome.message] });
      return data<ActionAnswer>({ reply }, { status: 400, headers: noIndexHeaders() });
    }
    case "confirm": {
      const values: Record<string, string> = {};
      for (const name of ["refundId", "amount", "reason", "membership"]) {
        const value = form.get(name);
        if (typeof value === "string") values[name] = value;
      }
      return data<ActionAnswer>(confirmStep(outcome.question, values), { headers: noIndexHeaders() });
    }
    case "done":
      return redirectWithToast(context, refundPath(id), outcome.toast);
  }
}, storeErrorReply);

export default function RefundTransaction() {
  const { page } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const location = useLocation();
  const reply = answer && "reply" in answer ? answer.reply : undefined;
  const { errors, formError, form } = useFormReply(reply);
  const field = fieldBinder("refund", errors, (name) => replyValue(reply, name));
  const { transaction } = page;
  const left = page.remaining !== "£0.00";

  return (
    <AdminPage title={`Refund: ${transaction.title}`}>
      <FormMessage message={formError} />
      <dl className="refund-details">
        <dt>Paid by</dt>
        <dd>{`${transaction.memberName} (${transaction.memberEmail})`}</dd>
        <dt>Paid on</dt>
        <dd>{transaction.date}</dd>
        <dt>Amount paid</dt>
        <dd>{transaction.paid}</dd>
        <dt>Refunded so far</dt>
        <dd className="refund-refunded">{page.refunded}</dd>
        <dt>Left to refund</dt>
        <dd className="refund-remaining">{page.remaining}</dd>
      </dl>

      {page.refunds.length > 0 ? (
        <>
          <h2>Refunds</h2>
          <ul className="refund-list">
            {page.refunds.map((refund) => (
              <li key={refund.id}>{`${refund.date}: ${refund.amount}, ${refund.how.toLowerCase()}, by ${refund.by} (${refund.status}). ${refund.reason}`}</li>
            ))}
          </ul>
        </>
      ) : null}

      {answer && "confirm" in answer ? (
        <ConfirmStep confirm={answer.confirm} cancelTo={location.pathname} yes="Yes, refund" titleId="refund-confirm-title" />
      ) : left ? (
        <Form key={location.key} method="post" noValidate className="refund-form" {...form}>
          <p>{page.card ? "The money goes back to the card it was paid with, through the card provider." : page.recordOnlyNote}</p>
          {page.ticket ? <p>A full refund cancels the ticket and frees its places. A partial refund keeps the ticket valid.</p> : null}
          <input type="hidden" name="refundId" value={replyValue(reply, "refundId") ?? page.refundId} />
          <Field
            {...field("amount")}
            defaultValue={replyValue(reply, "amount") ?? page.remainingPounds}
            label="Amount to refund (£)"
            inputMode="decimal"
            hint={`At most ${page.remaining}.`}
          />
          <Field {...field("reason")} label="Reason" as="textarea" rows={3} maxLength={500} />
          {page.membershipChoices ? (
            <Field {...field("membership")} label={MEMBERSHIP_QUESTION} as="select">
              <option value="">Choose...</option>
              <option value="kept">{page.membershipChoices.kept}</option>
              <option value="undone">{page.membershipChoices.undone}</option>
            </Field>
          ) : null}
          <SubmitButton>Refund</SubmitButton>
        </Form>
      ) : (
        <p className="refund-done">This payment has been refunded in full.</p>
      )}
    </AdminPage>
  );
}
