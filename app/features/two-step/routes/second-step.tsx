import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type AppLoadContext,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import { completeSecondStep, getPendingSecondStep, getUser } from "~/kernel/auth/auth.server";
import { roleHome } from "~/kernel/auth/role-home";
import { Field, FormMessage, SubmitButton, useFormReply } from "~/kernel/forms";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { limited } from "~/kernel/http/answers.server";
import { passRetryAfter, privateHeaders } from "~/kernel/http/response-headers";
import { safeRedirect } from "~/kernel/http/safe-redirect";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { TWO_STEP_MESSAGES, secondStepSchema } from "~/features/two-step/two-step";
import { checkSecondStep } from "~/features/two-step/two-step.server";

export const meta: MetaFunction = () => privatePageMeta("Two-step verification");

/** A refused post says when to try again (429). */
export const headers: HeadersFunction = passRetryAfter();

/**
 * The second step of a sign-in (docs/requirements.md §2.10, docs/decisions/0071): the password (or
 * e-mailed code) made a session that signs nobody in until this page accepts the app's code or
 * an unused recovery code; then it goes where the member was going, or to their role's home.
 * Without such a session there is nothing to do here: on to /login.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await pendingMember(request, context);
  return data(null, { headers: privateHeaders() });
}

/** The member waiting for their second step; anyone else is sent on: a signed-in member to their home, others to /login. */
async function pendingMember(request: Request, context: AppLoadContext) {
  const member = await getPendingSecondStep(request, context);
  if (member) return member;
  const user = await getUser(request, context);
  throw redirect(user?.active ? roleHome(user) : "/login");
}

async function act({ request, context }: ActionFunctionArgs) {
  const member = await pendingMember(request, context);
  const submission = parseWithZod(await request.formData(), { schema: secondStepSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400, headers: privateHeaders() });
  const result = await checkSecondStep(context, member.id, submission.value.code);
  if (!result.ok) {
    const reply = submission.reply({ fieldErrors: { code: [result.message] }, hideFields: ["code"] });
    return result.retryAfter ? limited(reply, result.retryAfter, privateHeaders()) : data(reply, { status: 401, headers: privateHeaders() });
  }
  await completeSecondStep(request, context);
  const to = safeRedirect(submission.value.redirectTo, roleHome(member));
  if (result.by === "recovery") {
    const left = await context.store.twoStep.unusedRecoveryCodes(member.id);
    return redirectWithToast(context, to, {
      kind: "success",
      message: `You are now logged in with a recovery code (${left} left). You can make new ones under Two-step verification in your account.`,
    });
  }
  return redirectWithToast(context, to, { kind: "success", message: TWO_STEP_MESSAGES.signedIn });
}

/** A store outage answers the form again with one message (503). */
export const action = storeSafeAction(act, storeErrorReply);

export default function SecondStep() {
  const reply = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const { errors, formError, form } = useFormReply(reply);
  const redirectTo = searchParams.get("redirectTo") ?? "";
  return (
    <>
      <PageTitle title="Two-step verification" />
      <section className="section auth-page">
        <div className="container auth-panel">
          <h2 id="second-step-title">Two-step verification</h2>
          <p>Open the authenticator app on your phone and enter the code it shows for this site.</p>
          <Form method="post" noValidate className="auth-form" aria-labelledby="second-step-title" {...form}>
            <FormMessage message={formError} />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <Field
              id="second-step-code"
              name="code"
              label="Code"
              hint="6 digits from your app. No phone? Enter one of your recovery codes instead."
              autoComplete="one-time-code"
              autoCapitalize="characters"
              spellCheck={false}
              error={errors.code}
            />
            <SubmitButton>Continue</SubmitButton>
          </Form>
          <p className="auth-links">Lost your phone and your recovery codes? Ask an accountant of the association to reset your two-step verification.</p>
          <p className="auth-links">
            <Link to="/logout" className="button button-secondary">
              Cancel
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
