import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireAccountant } from "~/kernel/auth/auth.server";
import { Field, FormMessage, SubmitButton, replyValue, useFormReply, type FormReply } from "~/kernel/forms";
import { ConfirmStep } from "~/kernel/forms/ConfirmStep";
import { confirmStep, type Confirmation } from "~/kernel/forms/confirm-step";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { notFound } from "~/kernel/http/answers.server";
import { loaderHeadersOnly, privateHeaders } from "~/kernel/http/response-headers";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { AdminPage } from "~/kernel/layout/back-office/AdminPage";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { RESET_REASON_MAX, TWO_STEP_MESSAGES, resetRefusal, resetSchema } from "~/features/two-step/two-step";
import { resetTwoStep, twoStepStatus } from "~/features/two-step/two-step.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) =>
  privatePageMeta(`Reset two-step verification of ${loaded?.name ?? "a member"} | Dashboard`);

export const headers: HeadersFunction = loaderHeadersOnly;

const memberPath = (id: string) => `/accounts/members/${encodeURIComponent(id)}`;

/**
 * A lost phone (docs/requirements.md §2.10, docs/decisions/0071): another accountant resets a
 * colleague's two-step verification with a reason, kept in the activity log under the member's
 * id. The reason first, then a confirmation set apart; nobody resets their own (the server
 * refuses, whatever is posted).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const accountant = await requireAccountant(request, context);
  const member = await context.store.members.getById(String(params.id));
  if (!member) throw notFound(privateHeaders());
  const status = await twoStepStatus(context, member.id);
  const refusal = resetRefusal(accountant.id, member.id) ?? (status.state === "on" ? null : TWO_STEP_MESSAGES.resetNone(member.fullName));
  return data({ id: member.id, name: member.fullName, email: member.email, refusal }, { headers: privateHeaders() });
}

export const action = storeSafeAction(async ({ request, params, context }: ActionFunctionArgs) => {
  const accountant = await requireAccountant(request, context);
  const member = await context.store.members.getById(String(params.id));
  if (!member) throw notFound(privateHeaders());
  const submission = parseWithZod(await request.formData(), { schema: resetSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400, headers: privateHeaders() });
  const refusal = resetRefusal(accountant.id, member.id);
  if (refusal) return data(submission.reply({ formErrors: [refusal] }), { status: 403, headers: privateHeaders() });
  if (!submission.value.confirmed) {
    return data(
      confirmStep(
        `Reset the two-step verification of ${member.fullName}? Their app's codes and recovery codes stop working; they sign in with their password alone until they set it up again. Reason: ${submission.value.reason}`,
        { reason: submission.value.reason },
      ),
      { headers: privateHeaders() },
    );
  }
  const result = await resetTwoStep(context, accountant, member, submission.value.reason);
  if (!result.ok) return data(submission.reply({ formErrors: [result.message] }), { status: result.status, headers: privateHeaders() });
  return redirectWithToast(context, memberPath(member.id), { kind: "success", message: TWO_STEP_MESSAGES.resetDone(member.fullName) });
}, storeErrorReply);

export default function ResetTwoStep() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as FormReply | { confirm: Confirmation } | undefined;
  const confirm = answer && "confirm" in answer ? answer.confirm : null;
  const reply = answer && !("confirm" in answer) ? answer : undefined;
  const { errors, formError, form } = useFormReply(reply);
  const back = memberPath(loaded.id);
  return (
    <AdminPage title={`Reset the two-step verification of ${loaded.name}`} parent={{ label: "Members", to: "/accounts" }}>
      <p>
        <Link to={back}>Back to {loaded.name}</Link>
      </p>
      <FormMessage message={formError ?? loaded.refusal ?? undefined} />
      {loaded.refusal ? null : confirm ? (
        <div className="member-confirm">
          <ConfirmStep confirm={confirm} cancelTo={back} yes="Reset two-step verification" titleId="two-step-reset-confirm-title" />
        </div>
      ) : (
        <Form method="post" noValidate className="reject-form" {...form}>
          <p>{`For a lost or broken phone: ${loaded.name} (${loaded.email}) can then sign in with their password alone, and sets up two-step verification again.`}</p>
          <Field
            id="two-step-reset-reason"
            name="reason"
            label="Reason"
            hint="Kept in the activity log, e.g. how they asked and how you knew it was them."
            as="textarea"
            rows={4}
            maxLength={RESET_REASON_MAX}
            defaultValue={replyValue(reply, "reason")}
            error={errors.reason}
          />
          <SubmitButton>Continue</SubmitButton>{" "}
          <Link to={back} className="button button-secondary">
            Cancel
          </Link>
        </Form>
      )}
    </AdminPage>
  );
}
