import { parseWithZod } from "@conform-to/zod/v4";
import { SpentLink } from "~/features/sign-in/components";
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { SubmitButton, replyErrors } from "~/kernel/forms";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { buttonPostSchema } from "~/kernel/forms/button-post-form";
import { EMAIL_CHANGED_MESSAGE, EMAIL_LINK_MESSAGES, EMAIL_TAKEN_MESSAGE } from "~/features/membership/own-account";
import { pageMeta } from "~/kernel/layout/page-meta";
import { confirmEmailChange, readEmailChangeLink } from "~/features/membership/account-email.server";
import { logoutCookie } from "~/kernel/auth/auth.server";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { notFoundPage } from "~/kernel/http/answers.server";

export const meta: MetaFunction = () => [
  ...pageMeta("Confirm E-mail", "Confirm the new e-mail address of your member account."),
  { name: "robots", content: "noindex" },
];

/** The answer depends on the link's state (used, expired), so it is never cached. */
export const headers: HeadersFunction = () => privateHeaders();

/**
 * The signed link is the key (no sign-in: it may be opened on another device). A GET only
 * shows the button, so a mail scanner that follows links changes nothing; the POST applies.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const link = await readEmailChangeLink(context, params.token);
  return link.ok
    ? data({ to: link.to, problem: null }, { headers: privateHeaders() })
    : notFoundPage({ to: null, problem: EMAIL_LINK_MESSAGES[link.state] }, privateHeaders());
}

async function act({ request, params, context }: ActionFunctionArgs) {
  // Only the button is posted; anything else in the form is ignored.
  parseWithZod(await request.formData(), { schema: buttonPostSchema });
  const result = await confirmEmailChange(context, params.token);
  if (!result.ok) {
    return "taken" in result ? data({ problem: EMAIL_TAKEN_MESSAGE }, { status: 409 }) : notFoundPage({ problem: EMAIL_LINK_MESSAGES[result.state] });
  }
  // Whoever was signed in here signs in again, with the new address.
  return redirectWithToast(
    context,
    "/login",
    { kind: "success", message: EMAIL_CHANGED_MESSAGE },
    { headers: { "Set-Cookie": await logoutCookie(request, context) } },
  );
}

/** A store outage answers with one message (503). */
export const action = storeSafeAction(act, storeErrorReply);

export default function ConfirmEmail() {
  const link = useLoaderData<typeof loader>();
  // A refused link or address (`problem`), or a store outage (the form reply's message).
  const answer = useActionData<typeof action>();
  const problem = (answer && "problem" in answer ? answer.problem : replyErrors(answer)[""]) ?? link.problem;
  return (
    <>
      <PageTitle title="Confirm E-mail" />
      <section className="section auth-page">
        <div className="container auth-panel">
          {problem ? (
            <SpentLink message={problem} onward={{ to: "/mem-account", label: "Go to My Account" }} />
          ) : (
            <>
              <h2 id="confirm-email-title">Confirm your new e-mail address</h2>
              <p>
                From now on you will sign in with <strong>{link.to}</strong>.
              </p>
              <Form method="post" className="auth-form" aria-labelledby="confirm-email-title">
                <SubmitButton>Confirm</SubmitButton>
              </Form>
            </>
          )}
        </div>
      </section>
    </>
  );
}
