import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { PageTitle } from "~/components/layout/Breadcrumbs";
import { AuthField, FormMessage, SubmitButton, useFocusFirstError } from "~/components/forms/auth-form";
import { useFieldErrors } from "~/components/forms/use-field-errors";
import { pageMeta } from "~/domain/page-meta";
import { LINK_INVALID_MESSAGE, PASSWORD_CHANGED_MESSAGE, PASSWORD_MIN_LENGTH, type ResetErrors } from "~/domain/password-reset";
import { memberForResetLink, resetPassword } from "~/services/password-reset.server";
import { storeSafeAction } from "~/services/store-errors.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [...pageMeta("Reset Password", "Choose a new password for your member account."), { name: "robots", content: "noindex" }];

/**
 * The answer depends on the link's state (used, expired), so it is never cached. (The
 * key in the address is not sent to other sites: server.ts sets
 * Referrer-Policy: strict-origin-when-cross-origin on every page.)
 */
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ params, context }: LoaderFunctionArgs) {
  const member = await memberForResetLink(context, params.id, params.key);
  // The page must show, so the message comes as data with its status (not as a thrown error).
  const init = { headers: { "Cache-Control": "private, no-store" } };
  return member ? data({ valid: true as const, invalidMessage: null, minLength: PASSWORD_MIN_LENGTH }, init) : data({ valid: false as const, invalidMessage: LINK_INVALID_MESSAGE, minLength: PASSWORD_MIN_LENGTH }, { ...init, status: 404 });
}

interface ResetAnswer {
  errors: ResetErrors;
  invalidMessage: string | null;
  /** Our records could not be reached. */
  formError?: string;
}

async function act({ request, params, context }: ActionFunctionArgs) {
  const result = await resetPassword(request, context, params.id, params.key);
  if (result.ok) return redirectWithToast(context, "/login", { kind: "success", message: PASSWORD_CHANGED_MESSAGE });
  if ("invalid" in result) return data<ResetAnswer>({ errors: {}, invalidMessage: LINK_INVALID_MESSAGE }, { status: 404 });
  return data<ResetAnswer>({ errors: result.errors, invalidMessage: null }, { status: 400 });
}

/** A store outage answers the form again (passwords are never sent back) with one message (503). */
export const action = storeSafeAction(act, (_form, message): ResetAnswer => ({ errors: {}, invalidMessage: null, formError: message }));

export default function ResetAccountPassword() {
  const link = useLoaderData<typeof loader>();
  const answer = useActionData<ResetAnswer>();
  const navigation = useNavigation();
  const [errors, clearError] = useFieldErrors(answer?.errors);
  const formRef = useFocusFirstError(answer);
  const submitting = navigation.state === "submitting" && navigation.formMethod === "POST";
  const invalidMessage = answer?.invalidMessage ?? link.invalidMessage;

  return (
    <>
      <PageTitle title="Reset Password" />
      <section className="section auth-page">
        <div className="container auth-panel">
          {invalidMessage ? (
            <div className="auth-invalid">
              <p className="form-error" role="alert">
                {invalidMessage}
              </p>
              <p className="auth-links">
                <Link to="/login">Go to Sign In</Link>
              </p>
            </div>
          ) : (
            <>
              <h2 id="reset-title">Choose a new password</h2>
              <Form
                ref={formRef}
                method="post"
                noValidate
                className="auth-form"
                aria-labelledby="reset-title"
                onChange={(event) => clearError((event.target as HTMLInputElement).name)}
              >
                <FormMessage message={answer?.formError} />
                <AuthField
                  id="reset-password"
                  name="password"
                  label="New password"
                  type="password"
                  autoComplete="new-password"
                  hint={`At least ${link.minLength} characters.`}
                  error={errors.password}
                />
                <AuthField id="reset-confirm" name="confirmPassword" label="Confirm new password" type="password" autoComplete="new-password" error={errors.confirmPassword} />
                <SubmitButton submitting={submitting}>Change password</SubmitButton>
              </Form>
            </>
          )}
        </div>
      </section>
    </>
  );
}
