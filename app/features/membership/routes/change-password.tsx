import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData } from "@remix-run/react";
import { AccountPanel } from "~/features/membership/components/AccountPanel";
import { Field, FormMessage, SubmitButton, useFormReply } from "~/kernel/forms";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { OWN_PASSWORD_CHANGED_MESSAGE, changePasswordSchema } from "~/features/membership/own-account";
import { pageMeta } from "~/kernel/layout/page-meta";
import { PASSWORD_MIN_LENGTH } from "~/features/sign-in";
import { changeOwnPassword } from "~/features/membership/account-password.server";
import { createUserSession, requireUser, secondStepDone } from "~/kernel/auth/auth.server";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { limited } from "~/kernel/http/answers.server";

export const meta: MetaFunction = () => [...pageMeta("Change Password", "Change the password of your member account."), { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

/** Passwords are never sent back. */
const HIDE = { hideFields: ["currentPassword", "password", "confirmPassword"] };

async function act({ request, context }: ActionFunctionArgs) {
  const member = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: changePasswordSchema });
  if (submission.status !== "success") return data(submission.reply(HIDE), { status: 400 });
  const result = await changeOwnPassword(context, member, submission.value);
  if (!result.ok) {
    const reply = submission.reply({ ...HIDE, fieldErrors: { currentPassword: [result.message] } });
    return result.retryAfter ? limited(reply, result.retryAfter) : data(reply, { status: result.status });
  }
  // The change signed out every session from before it, this one too: this browser gets a fresh
  // one, which keeps this one's second step if it did one (ADR 70, ADR 71).
  const didSecondStep = await secondStepDone(request, context);
  return createUserSession(request, context, member, "/mem-account", { kind: "success", message: OWN_PASSWORD_CHANGED_MESSAGE }, [], {
    secondStepDone: didSecondStep,
  });
}

/** A store outage answers the form again (passwords are never sent back) with one message (503). */
export const action = storeSafeAction(act, storeErrorReply);

export default function ChangePassword() {
  const reply = useActionData<typeof action>();
  const { errors, formError, form } = useFormReply(reply);
  return (
    <>
      <PageTitle title="Change Password" />
      <section className="section account-page">
        <div className="container">
          <AccountPanel id="change-password-title" title="Change password" action={{ to: "/mem-account", label: "BACK", secondary: true }}>
            <p>Every other device signed in to your account will be signed out.</p>
            <Form method="post" noValidate className="auth-form" aria-labelledby="change-password-title" {...form}>
              <FormMessage message={formError} />
              <Field
                id="current-password"
                name="currentPassword"
                label="Current password"
                type="password"
                autoComplete="current-password"
                error={errors.currentPassword}
              />
              <Field
                id="new-password"
                name="password"
                label="New password"
                type="password"
                autoComplete="new-password"
                hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
                error={errors.password}
              />
              <Field
                id="confirm-password"
                name="confirmPassword"
                label="New password again"
                type="password"
                autoComplete="new-password"
                error={errors.confirmPassword}
              />
              <SubmitButton>Change password</SubmitButton>
            </Form>
          </AccountPanel>
        </div>
      </section>
    </>
  );
}
