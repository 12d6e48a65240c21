import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { PageTitle } from "~/components/layout/Breadcrumbs";
import { AuthField, FormMessage, SubmitButton, useFocusFirstError } from "~/components/forms/auth-form";
import { useFieldErrors } from "~/components/forms/use-field-errors";
import { LOGIN_SUCCESS_MESSAGE, type LoginErrors } from "~/domain/login";
import { pageMeta } from "~/domain/page-meta";
import { createUserSession, getUser } from "~/services/auth.server";
import { authenticateLogin } from "~/services/login.server";
import { storeSafeAction } from "~/services/store-errors.server";
import { STORE_UNAVAILABLE_SIGN_IN_MESSAGE } from "~/domain/store-errors";

export const meta: MetaFunction = () => pageMeta("Sign In", "Sign in to your member account.");

/** A refused post says when to try again (429). */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

/** A member who is already signed in has nothing to do here. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(request, context);
  if (user?.active) throw redirect("/mem-account");
  return null;
}

interface LoginAnswer {
  email: string;
  errors: LoginErrors;
  formError: string | null;
}

async function act({ request, context }: ActionFunctionArgs) {
  const redirectTo = (await request.clone().formData()).get("redirectTo");
  const result = await authenticateLogin(request, context);
  if (result.ok) {
    return createUserSession(
      context,
      result.member.id,
      typeof redirectTo === "string" ? redirectTo : "",
      { kind: "success", message: LOGIN_SUCCESS_MESSAGE },
      [result.deviceCookie],
    );
  }
  const headers: HeadersInit = result.retryAfter ? { "Retry-After": String(result.retryAfter) } : {};
  return data<LoginAnswer>({ email: result.email, errors: result.errors, formError: result.formError }, { status: result.status, headers });
}

/** A store outage answers the form again, with what was typed and one message (503). */
export const action = storeSafeAction(act, (form, message) => ({ email: String(form.get("email") ?? ""), errors: {}, formError: message }), STORE_UNAVAILABLE_SIGN_IN_MESSAGE);

export default function Login() {
  const answer = useActionData<LoginAnswer>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const [errors, clearError] = useFieldErrors(answer?.errors);
  const formRef = useFocusFirstError(answer);
  const submitting = navigation.state === "submitting" && navigation.formMethod === "POST";
  const redirectTo = searchParams.get("redirectTo") ?? "";

  // A refused password is never kept (without JavaScript the server never sends it back either).
  useEffect(() => {
    const password = formRef.current?.elements.namedItem("password");
    if (answer && password instanceof HTMLInputElement) password.value = "";
  }, [answer, formRef]);

  return (
    <>
      <PageTitle title="Sign In" />
      <section className="section auth-page">
        <div className="container auth-panel">
          <h2 id="login-title">Sign In</h2>
          <Form
            ref={formRef}
            method="post"
            noValidate
            className="auth-form"
            aria-labelledby="login-title"
            onChange={(event) => clearError((event.target as HTMLInputElement).name)}
          >
            <FormMessage message={answer?.formError} />
            {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
            <AuthField id="login-email" name="email" label="E-mail" type="email" autoComplete="email" error={errors.email} defaultValue={answer?.email} />
            <AuthField id="login-password" name="password" label="Password" type="password" autoComplete="current-password" error={errors.password} />
            <p className="auth-aside">
              <Link to="/forgot-password">Forgot your password?</Link>
            </p>
            <SubmitButton submitting={submitting}>Sign In</SubmitButton>
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
