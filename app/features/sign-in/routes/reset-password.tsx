import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { SpentLink } from "~/features/sign-in/components/SpentLink";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Field, FormMessage, SubmitButton, useFormReply } from "~/kernel/forms";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { pageMeta } from "~/kernel/layout/page-meta";
import { LINK_INVALID_MESSAGE, PASSWORD_CHANGED_MESSAGE, PASSWORD_MIN_LENGTH, resetPasswordSchema } from "~/features/sign-in/password-reset";
import { memberForResetLink, resetPassword } from "~/features/sign-in/password-reset.server";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { notFoundPage } from "~/kernel/http/answers.server";
import { newPasswordMessage } from "~/kernel/auth/new-password.server";

export const meta: MetaFunction = () => [
  ...pageMeta("Reset Password", "Choose a new password for your member account."),
  { name: "robots", content: "noindex" },
];

/**
 * The answer depends on the link's state (used, expired), so it is never cached. (The
 * key in the address is not sent to other sites: server.ts sets
 * Referrer-Policy: strict-origin-when-cross-origin on every page.)
 */
export const headers: HeadersFunction = () => privateHeaders();

export async function loader({ params, context }: LoaderFunctionArgs) {
  const member = await memberForResetLink(context, params.id, params.key);
  // The page must show, so the message comes as data with its status (not as a thrown error).
  return member
    ? data({ valid: true as const, invalidMessage: null, minLength: PASSWORD_MIN_LENGTH }, { headers: privateHeaders() })
    : notFoundPage({ valid: false as const, invalidMessage: LINK_INVALID_MESSAGE, minLength: PASSWORD_MIN_LENGTH }, privateHeaders());
}

/** Passwords are never sent back. */
const HIDE = { hideFields: ["password", "confirmPassword"] };

/** A link that matches nobody, has expired or was used (the page shows its message in place of the form). */
const invalidLink = () => ({ status: "error" as const, invalidLink: LINK_INVALID_MESSAGE });

async function act({ request, params, context }: ActionFunctionArgs) {
  const member = await memberForResetLink(context, params.id, params.key);
  if (!member || !params.key) return notFoundPage(invalidLink());
  const submission = parseWithZod(await request.formData(), { schema: resetPasswordSchema });
  if (submission.status !== "success") return data(submission.reply(HIDE), { status: 400 });
  // Not a common password nor the member's own name or e-mail (docs/requirements.md §11.5, ADR 72).
  const weak = newPasswordMessage(submission.value.password, member);
  if (weak) return data(submission.reply({ ...HIDE, fieldErrors: { password: [weak] } }), { status: 400 });
  const result = await resetPassword(context, member, params.key, submission.value.password, request.url);
  if (!result.ok) return notFoundPage(invalidLink());
  return redirectWithToast(context, "/login", { kind: "success", message: PASSWORD_CHANGED_MESSAGE });
}

/** A store outage answers the form again (passwords are never sent back) with one message (503). */
export const action = storeSafeAction(act, storeErrorReply);

export default function ResetAccountPassword() {
  const link = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { errors, formError, form } = useFormReply(reply);
  const invalidMessage = (reply && "invalidLink" in reply ? reply.invalidLink : undefined) ?? link.invalidMessage;

  return (
    <>
      <PageTitle title="Reset Password" />
      <section className="section auth-page">
        <div className="container auth-panel">
          {invalidMessage ? (
            <SpentLink message={invalidMessage} onward={{ to: "/login", label: "Go to Sign In" }} />
          ) : (
            <>
              <h2 id="reset-title">Choose a new password</h2>
              <Form method="post" noValidate className="auth-form" aria-labelledby="reset-title" {...form}>
                <FormMessage message={formError} />
                <Field
                  id="reset-password"
                  name="password"
                  label="New password"
                  type="password"
                  autoComplete="new-password"
                  hint={`At least ${link.minLength} characters.`}
                  error={errors.password}
                />
                <Field
                  id="reset-confirm"
                  name="confirmPassword"
                  label="Confirm new password"
                  type="password"
                  autoComplete="new-password"
                  error={errors.confirmPassword}
                />
                <SubmitButton>Change password</SubmitButton>
              </Form>
            </>
          )}
        </div>
      </section>
    </>
  );
}
