import { data, type ActionFunctionArgs, type HeadersFunction, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLocation, useNavigation } from "@remix-run/react";
import { PageTitle } from "~/components/layout/Breadcrumbs";
import { AuthField, FormMessage, SubmitButton, useFocusFirstError } from "~/components/forms/auth-form";
import { useFieldErrors } from "~/components/forms/use-field-errors";
import { pageMeta } from "~/domain/page-meta";
import { CHECK_EMAIL_MESSAGE } from "~/domain/password-reset";
import { requestPasswordReset } from "~/services/password-reset.server";
import { storeSafeAction } from "~/services/store-errors.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => pageMeta("Forgot Password", "Forgotten your password? We e-mail you a link to choose a new one.");

/** A refused post says when to try again (429). */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

interface ForgotAnswer {
  email: string;
  errors: { email?: string };
  /** Our records could not be reached. */
  formError?: string;
}

async function act({ request, context }: ActionFunctionArgs) {
  const result = await requestPasswordReset(request, context);
  if (result.ok) return redirectWithToast(context, "/forgot-password", { kind: "success", message: CHECK_EMAIL_MESSAGE });
  const headers: HeadersInit = result.retryAfter ? { "Retry-After": String(result.retryAfter) } : {};
  return data<ForgotAnswer>({ email: result.email, errors: { email: result.error } }, { status: result.status, headers });
}

/** A store outage answers the form again, with the e-mail and one message (503). */
export const action = storeSafeAction(act, (form, message): ForgotAnswer => ({ email: String(form.get("email") ?? ""), errors: {}, formError: message }));

export default function ForgotPassword() {
  const answer = useActionData<ForgotAnswer>();
  const navigation = useNavigation();
  const location = useLocation();
  const [errors, clearError] = useFieldErrors(answer?.errors);
  const formRef = useFocusFirstError(answer);
  const submitting = navigation.state === "submitting" && navigation.formMethod === "POST";

  return (
    <>
      <PageTitle title="Forgot Password" parent={{ label: "Sign In", to: "/login" }} />
      <section className="section auth-page">
        <div className="container auth-panel">
          <h2 id="forgot-title">Forgot your password?</h2>
          <p>Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
          {/* The key gives a fresh, empty form after each navigation (a sent link redirects here). */}
          <Form
            key={location.key}
            ref={formRef}
            method="post"
            noValidate
            className="auth-form"
            aria-labelledby="forgot-title"
            onChange={(event) => clearError((event.target as HTMLInputElement).name)}
          >
            <FormMessage message={answer?.formError} />
            <AuthField id="forgot-email" name="email" label="E-mail" type="email" autoComplete="email" error={errors.email} defaultValue={answer?.email} />
            <SubmitButton submitting={submitting}>Send reset link</SubmitButton>
          </Form>
          <p className="auth-links">
            <Link to="/login">Back to Sign In</Link>
          </p>
        </div>
      </section>
    </>
  );
}
