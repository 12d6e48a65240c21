import { data, type ActionFunctionArgs, type HeadersFunction, type MetaFunction } from "@remix-run/cloudflare";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useLocation } from "@remix-run/react";
import { Field, FormMessage, SubmitButton, replyValue, useFormReply } from "~/kernel/forms";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { pageMeta } from "~/kernel/layout/page-meta";
import { CHECK_EMAIL_MESSAGE, forgotPasswordSchema } from "~/features/sign-in/password-reset";
import { signInVisitor } from "~/features/sign-in/login.server";
import { requestPasswordReset } from "~/features/sign-in/password-reset.server";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { passRetryAfter } from "~/kernel/http/response-headers";
import { limited } from "~/kernel/http/answers.server";

export const meta: MetaFunction = () => pageMeta("Forgot Password", "Forgotten your password? We e-mail you a link to choose a new one.");

/** A refused post says when to try again (429). */
export const headers: HeadersFunction = passRetryAfter();

async function act({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await requestPasswordReset(context, submission.value.email, await signInVisitor(request, context), request.url);
  if (!result.ok) {
    const reply = submission.reply({ fieldErrors: { email: [result.message] } });
    return result.retryAfter ? limited(reply, result.retryAfter) : data(reply, { status: result.status });
  }
  return redirectWithToast(context, "/forgot-password", { kind: "success", message: CHECK_EMAIL_MESSAGE });
}

/** A store outage answers the form again, with the e-mail and one message (503). */
export const action = storeSafeAction(act, storeErrorReply);

export default function ForgotPassword() {
  const reply = useActionData<typeof action>();
  const location = useLocation();
  const { errors, formError, form } = useFormReply(reply);

  return (
    <>
      <PageTitle title="Forgot Password" parent={{ label: "Sign In", to: "/login" }} />
      <section className="section auth-page">
        <div className="container auth-panel">
          <h2 id="forgot-title">Forgot your password?</h2>
          <p>Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
          {/* The key gives a fresh, empty form after each navigation (a sent link redirects here). */}
          <Form key={location.key} method="post" noValidate className="auth-form" aria-labelledby="forgot-title" {...form}>
            <FormMessage message={formError} />
            <Field
              id="forgot-email"
              name="email"
              label="E-mail"
              type="email"
              autoComplete="email"
              error={errors.email}
              defaultValue={replyValue(reply, "email")}
            />
            <SubmitButton>Send reset link</SubmitButton>
          </Form>
          <p className="auth-links">
            <Link to="/login">Back to Sign In</Link>
          </p>
        </div>
      </section>
    </>
  );
}
