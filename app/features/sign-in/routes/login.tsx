import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { Field, FormMessage, SubmitButton, replyValue, useFormReply } from "~/kernel/forms";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { pageMeta } from "~/kernel/layout/page-meta";
import { getUser } from "~/kernel/auth/auth.server";
import { roleHome } from "~/kernel/auth/role-home";
import { createAuthenticator } from "~/features/sign-in/authenticator.server";
import { finishSignIn } from "~/features/sign-in/finish-sign-in.server";
import { isSignInRefused } from "~/features/sign-in/sign-in-refused";
import { SendCodeButton, useCodePostPending } from "~/features/sign-in/components/SendCodeForm";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { STORE_UNAVAILABLE_SIGN_IN_MESSAGE } from "~/kernel/forms/store-errors";
import { passRetryAfter } from "~/kernel/http/response-headers";
import { limited } from "~/kernel/http/answers.server";

export const meta: MetaFunction = () => pageMeta("Sign In", "Sign in to your member account.");

/** A refused post says when to try again (429). */
export const headers: HeadersFunction = passRetryAfter();

/** A member who is already signed in has nothing to do here: on to their role's home (ADR 65). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(request, context);
  if (user?.active) throw redirect(roleHome(user));
  return null;
}

/**
 * The password form, through the authenticator's "password" strategy (docs/decisions/0069): the
 * member, or a SignInRefused carrying today's answer (400 per field, 401/403 with the form's
 * message, 429 with Retry-After: docs/decisions/0025).
 */
async function act({ request, context }: ActionFunctionArgs) {
  // The strategy reads the form itself; the route only needs where to go after.
  const redirectTo = (await request.clone().formData()).get("redirectTo");
  try {
    const member = await createAuthenticator(context).authenticate("password", request);
    return await finishSignIn(request, context, member, typeof redirectTo === "string" ? redirectTo : "");
  } catch (error) {
    if (!isSignInRefused(error)) throw error;
    return error.retryAfter ? limited(error.reply, error.retryAfter) : data(error.reply, { status: error.status });
  }
}

/** A store outage answers the form again, with what was typed and one message (503). */
export const action = storeSafeAction(act, storeErrorReply, STORE_UNAVAILABLE_SIGN_IN_MESSAGE);

export default function Login() {
  const reply = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const { errors, formError, form } = useFormReply(reply);
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const codePending = useCodePostPending();

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
            <SubmitButton pending={codePending ? false : undefined}>Sign In</SubmitButton>
            <SendCodeButton />
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
