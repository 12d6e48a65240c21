import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Field, FormMessage, SubmitButton, useFormReply, type FormReply } from "~/kernel/forms";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { pageMeta } from "~/kernel/layout/page-meta";
import { sendCodeSchema } from "~/features/sign-in/sign-in-code";
import { CODE_SENT_MESSAGE } from "~/features/sign-in/sign-in-code-messages";
import { TOO_MANY_ATTEMPTS_MESSAGE } from "~/features/sign-in/login";
import { signInVisitor } from "~/features/sign-in/login.server";
import { readPendingCode, requestSignInCode } from "~/features/sign-in/sign-in-code.server";
import { signInByCode } from "~/features/sign-in/finish-sign-in.server";
import { LOGIN_CODE_PATH, SendCodeForm, useCodePostPending } from "~/features/sign-in/components/SendCodeForm";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { STORE_UNAVAILABLE_SIGN_IN_MESSAGE } from "~/kernel/forms/store-errors";
import { passRetryAfter, privateHeaders } from "~/kernel/http/response-headers";
import { limited } from "~/kernel/http/answers.server";

export const meta: MetaFunction = () => pageMeta("Sign-in code", "Sign in with a code we e-mail you.");

/** The page depends on this browser's cookie, so it is never cached; a refused post says when to try again (429). */
export const headers: HeadersFunction = passRetryAfter(privateHeaders());

/** Whether this browser is waiting for a code (its cookie), so the page shows the code form; nothing else is told. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return { waiting: (await readPendingCode(request, context)) !== null };
}

/** The Sign In form's password may come along with its "E-mail me a sign-in code" button: never read, never sent back. */
const HIDE = { hideFields: ["password"] };

type Answer = { step: "send" | "code"; reply: FormReply };

/**
 * Two forms post here (docs/decisions/0069): "send" asks for a code (the same answer whether the
 * e-mail is a member's or not: a cookie and the code form), "code" signs in with it through the
 * authenticator's "email-code" strategy, whose refusals become this page's answer.
 */
async function act({ request, context }: ActionFunctionArgs) {
  const form = await request.clone().formData();
  if (form.get("intent") === "send") {
    const submission = parseWithZod(form, { schema: sendCodeSchema });
    if (submission.status !== "success") return data<Answer>({ step: "send", reply: submission.reply(HIDE) }, { status: 400 });
    const redirectTo = form.get("redirectTo");
    const visitor = await signInVisitor(request, context);
    const result = await requestSignInCode(context, submission.value.email, visitor, request.url, typeof redirectTo === "string" ? redirectTo : "");
    if (!result.ok) return limited<Answer>({ step: "send", reply: submission.reply({ formErrors: [TOO_MANY_ATTEMPTS_MESSAGE], ...HIDE }) }, result.retryAfter);
    // Post, then get: reloading the code form never asks for another code.
    return redirect(LOGIN_CODE_PATH, { headers: { "Set-Cookie": result.cookie } });
  }
  const outcome = await signInByCode(request, context);
  if ("signedIn" in outcome) return outcome.signedIn;
  return data<Answer>({ step: "code", reply: outcome.refused.reply }, { status: outcome.refused.status });
}

/** A store outage answers the form again, with one message (503). */
export const action = storeSafeAction(
  act,
  (form, message): Answer => ({ step: form.get("intent") === "send" ? "send" : "code", reply: storeErrorReply(form, message) }),
  STORE_UNAVAILABLE_SIGN_IN_MESSAGE,
);

export default function LoginCode() {
  const { waiting } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // A refused code keeps the code form even if this browser's cookie has gone; a refused request shows the e-mail form again.
  const showCode = answer ? answer.step === "code" : waiting;
  return (
    <>
      <PageTitle title="Sign-in code" parent={{ label: "Sign In", to: "/login" }} />
      <section className="section auth-page">
        <div className="container auth-panel">
          {showCode ? <EnterCodeForm reply={answer?.step === "code" ? answer.reply : null} /> : <SendCodeForm reply={answer?.reply} />}
          <p className="auth-links">
            <Link to="/login">Back to Sign In</Link>
          </p>
        </div>
      </section>
    </>
  );
}

function EnterCodeForm({ reply }: { reply: FormReply | null }) {
  const { errors, formError, form } = useFormReply(reply);
  const pending = useCodePostPending();
  return (
    <>
      <h2 id="enter-code-title">Enter your sign-in code</h2>
      <p>{CODE_SENT_MESSAGE}</p>
      <Form method="post" action={LOGIN_CODE_PATH} noValidate className="auth-form" aria-labelledby="enter-code-title" {...form}>
        <FormMessage message={formError} />
        <input type="hidden" name="intent" value="code" />
        <Field
          id="enter-code"
          name="code"
          label="Sign-in code"
          hint="The 6 digits in the e-mail, or tap its link in this browser."
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]{6}"
          maxLength={6}
          error={errors.code}
        />
        <SubmitButton pending={pending}>Sign In</SubmitButton>
      </Form>
      <p className="auth-links">
        No e-mail after a few minutes? Check your spam folder, or <Link to="/login">ask for a new code</Link>.
      </p>
    </>
  );
}
