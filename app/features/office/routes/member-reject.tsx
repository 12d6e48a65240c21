import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/kernel/layout/back-office/AdminPage";
import { Field, FormMessage, SubmitButton, replyValue, useFormReply } from "~/kernel/forms";
import { REASON_MAX, REJECTION_MESSAGES, rejectionSchema } from "~/features/office/member-rejection";
import { formatMemberNumber } from "~/kernel/store/member-number";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { recordActivity } from "~/kernel/activity/activity.server";
import { requireAccountant } from "~/kernel/auth/auth.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { loadApplicant, rejectApplicant } from "~/features/office/member-rejection.server";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { notFound } from "~/kernel/http/answers.server";
import { memberPagePath } from "~/features/office/member-page-actions";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => privatePageMeta(`Reject ${loaded?.name ?? "application"} | Dashboard`);

/**
 * Rejecting an application with a reason (docs/requirements.md §6.6, ADR 0052). This page is the confirmation
 * step: the row's "Reject" link opens it, and nothing changes until its button is pressed.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  const found = await loadApplicant(context, String(params.id));
  if (!found) throw notFound(privateHeaders());
  const { member, refusal } = found;
  return data(
    { id: member.id, name: member.fullName, number: formatMemberNumber(member.memberNumber) ?? "No member number", email: member.email, refusal },
    { headers: privateHeaders() },
  );
}

export const action = storeSafeAction(async ({ request, params, context }: ActionFunctionArgs) => {
  const accountant = await requireAccountant(request, context);
  const submission = parseWithZod(await request.formData(), { schema: rejectionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400, headers: privateHeaders() });
  const result = await rejectApplicant(context, String(params.id), submission.value.reason);
  if (!result.ok && result.status === 404) throw notFound(privateHeaders());
  if (!result.ok) return data(submission.reply({ formErrors: [result.message] }), { status: 409, headers: privateHeaders() });
  await recordActivity(context, accountant, result.activity);
  // The member's own page, by id (docs/requirements.md §6.3.1): it says the application was rejected, and why.
  return redirectWithToast(context, memberPagePath(result.member.id), { kind: "success", message: REJECTION_MESSAGES.done(result.member.fullName) });
}, storeErrorReply);

export default function RejectApplication() {
  const loaded = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { errors, formError, form } = useFormReply(reply);
  return (
    <AdminPage title={`Reject the application of ${loaded.name}`}>
      <p>
        <Link to={memberPagePath(loaded.id)}>{`Back to ${loaded.name}'s page`}</Link>
      </p>
      <FormMessage message={formError ?? loaded.refusal ?? undefined} />
      {loaded.refusal ? null : (
        <Form method="post" noValidate className="reject-form" {...form}>
          <p>{`${loaded.name} (${loaded.number}, ${loaded.email}) will get an e-mail with your reason. The record leaves the members list and cannot sign in; the activity log keeps that it was rejected.`}</p>
          <Field
            id="reject-reason"
            name="reason"
            label="Reason"
            hint="Sent to the applicant as you write it."
            as="textarea"
            rows={5}
            maxLength={REASON_MAX}
            defaultValue={replyValue(reply, "reason")}
            error={errors.reason}
          />
          <SubmitButton>Reject the application</SubmitButton>{" "}
          <Link to={memberPagePath(loaded.id)} className="button button-secondary">
            Cancel
          </Link>
        </Form>
      )}
    </AdminPage>
  );
}
