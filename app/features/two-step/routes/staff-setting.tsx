import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireAccountant } from "~/kernel/auth/auth.server";
import { FormMessage, SubmitButton, replyErrors, type FormReply } from "~/kernel/forms";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { loaderHeadersOnly, privateHeaders } from "~/kernel/http/response-headers";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { AdminPage } from "~/kernel/layout/back-office/AdminPage";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { STAFF_TWO_STEP_PATH, TWO_STEP_MESSAGES, TWO_STEP_PATH, staffSettingSchema } from "~/features/two-step/two-step";
import { setStaffTwoStep, staffTwoStepRequired } from "~/features/two-step/two-step.server";
import { ACTION_NOT_UNDERSTOOD } from "~/kernel/forms/back-office-messages";

export const meta: MetaFunction = () => privatePageMeta("Security | Dashboard");

export const headers: HeadersFunction = loaderHeadersOnly;

/**
 * "Staff must use two-step verification" (docs/requirements.md §2.10, docs/decisions/0071):
 * accountants only. On, every accountant and editor is taken to set-up after signing in and
 * reaches no staff page until it is done.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  return data({ on: await staffTwoStepRequired(context) }, { headers: privateHeaders() });
}

export const action = storeSafeAction(async ({ request, context }: ActionFunctionArgs) => {
  const accountant = await requireAccountant(request, context);
  const submission = parseWithZod(await request.formData(), { schema: staffSettingSchema });
  if (submission.status !== "success") return data(submission.reply({ formErrors: [ACTION_NOT_UNDERSTOOD] }), { status: 400, headers: privateHeaders() });
  const on = submission.value.staffTwoStep === "on";
  await setStaffTwoStep(context, accountant, on);
  return redirectWithToast(context, STAFF_TWO_STEP_PATH, { kind: "success", message: on ? TWO_STEP_MESSAGES.settingOn : TWO_STEP_MESSAGES.settingOff });
}, storeErrorReply);

export default function StaffSecurity() {
  const { on } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as FormReply | undefined;
  return (
    <AdminPage title="Security">
      <FormMessage message={replyErrors(reply)[""]} />
      <section aria-labelledby="staff-two-step-title" className="staff-two-step">
        <h2 id="staff-two-step-title">Staff must use two-step verification</h2>
        <p data-staff-two-step={on ? "on" : "off"}>
          {on
            ? "On. Every accountant and editor signs in with their password and a code from an authenticator app; one who has not set it up is taken to set-up and reaches no staff page until it is done."
            : "Off. Accountants and editors sign in with their password alone, unless they turned two-step verification on for themselves."}
        </p>
        <p>
          Staff can read every member&apos;s record, children included, and change the website: one guessed or reused password would be enough without it. Your
          own set-up: <Link to={TWO_STEP_PATH}>Two-step verification</Link>.
        </p>
        <Form method="post">
          <input type="hidden" name="staffTwoStep" value={on ? "off" : "on"} />
          <SubmitButton className={on ? "button button-secondary" : "button"}>
            {on ? "Turn off the requirement" : "Require two-step verification for staff"}
          </SubmitButton>
        </Form>
      </section>
    </AdminPage>
  );
}
