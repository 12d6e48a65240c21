import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { Field, FormMessage, SubmitButton, replyValue, useFormReply } from "~/kernel/forms";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { LOGIN_SUCCESS_MESSAGE, loginSchema } from "~/features/sign-in/login";
import { pageMeta } from "~/kernel/layout/page-meta";
import { createUserSession, getUser } from "~/kernel/auth/auth.server";
import { roleHome } from "~/kernel/auth/role-home";
import { signIn, signInVisitor } from "~/features/sign-in/login.server";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { STORE_UNAVAILABLE_SIGN_IN_MESSAGE } from "~/kernel/forms/store-errors";
import { passRetryAfter } from "~/kernel/http/response-headers";
import { limited } from "~/kernel/http/answers.server";
import { SECOND_STEP_PATH } from "~/features/two-step";
import { twoStepRequiredFor } from "~/features/two-step/index.server";

export const meta: MetaFunction = () => pageMeta("Sign In", "Sign in to your member account.");

/** A refused post says when to try again (429). */
export const headers: HeadersFunction = passRetryAfter();

/** A member who is already signed in has nothing to do here: on to their role's home (ADR 65). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(request, context);
  if (user?.active) throw redirect(roleHome(user));
  return null;
}

/** Passwords are never sent back. */
const HIDE = { hideFields: ["password"] };

async function act({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: loginSchema });
  if (submission.status !== "success") return data(submission.reply(HIDE), { status: 400 });
  const result = await signIn(context, submission.value, await signInVisitor(request, context));
  if (!result.ok) {
    const reply = submission.reply({ formErrors: [result.message], ...HIDE });
    return result.retryAfter ? limited(reply, result.retryAfter) : data(reply, { status: result.status });
  }
  const redirectTo = form.get("redirectTo");
  // Two-step verification on (ADR 71): a session that signs nobody in until /login/two-step accepts a code.
  if (await twoStepRequiredFor(context, result.member.id)) {
    const back = typeof redirectTo === "string" && redirectTo ? `?${new URLSearchParams({ redirectTo })}` : "";
    return createUserSession(request, context, result.member, `${SECOND_STEP_PATH}${back}`, undefined, [result.deviceCookie], { secondStepPending: true });
  }
  return createUserSession(
    request,
    context,
    result.member,
    typeof redirectTo === "string" ? redirectTo : "",
    { kind: "success", message: LOGIN_SUCCESS_MESSAGE },
    [result.deviceCookie],
  );
}

/** A store outage answers the form again, with what was typed and one message (503). */
export const action = storeSafeAction(act, storeErrorReply, STORE_UNAVAILABLE_SIGN_IN_MESSAGE);

export default function Login() {
  const reply = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const { errors, formError, form } = useFormReply(reply);
  const redirectTo = searchParams.get("redirectTo") ?? "";

  // A refused password is never kept (without JavaScript the server never sends it back either).
  useEffect(() => {
    const password = form.ref.current?.elements.namedItem("password");
    if (reply && password instanceof HTMLInputElement) password.value = "";
  }, [reply, form.ref]);

  return (
    <>
      <PageTitle title="Sign In" />
      <section className="section auth-page">
        <div className="container auth-panel">
          <h2 id="login-title">Sign In</h2>
          <Form method="post" noValidate className="auth-form" aria-labelledby="login-title" {...form}>
            <FormMessage message={formError} />
            {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
            <Field
              id="login-email"
              name="email"
              label="E-mail"
              type="email"
              autoComplete="email"
              error={errors.email}
              defaultValue={replyValue(reply, "email")}
            />
            <Field id="login-password" name="password" label="Password" type="password" autoComplete="current-password" error={errors.password} />
            <p className="auth-aside">
              <Link to="/forgot-password">Forgot your password?</Link>
            </p>
            <SubmitButton>Sign In</SubmitButton>
          </Form>
          <p className="auth-links">
            Not a member yet? <Link to="/signup">Sign Up</Link>
          </p>
          <p className="auth-links">
            <Link to="/" className="button button-secondary">
              Go Back
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
