import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AccountPanel } from "~/features/membership/components/AccountPanel";
import { Field, FormMessage, SubmitButton, replyValue, useFormReply } from "~/kernel/forms";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { changeEmailSchema, emailLinkSentMessage, NEW_EMAIL_MAX_LENGTH } from "~/features/membership/own-account";
import { pageMeta } from "~/kernel/layout/page-meta";
import { requestEmailChange } from "~/features/membership/account-email.server";
import { requireUser } from "~/kernel/auth/auth.server";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { limited } from "~/kernel/http/answers.server";

export const meta: MetaFunction = () => [
  ...pageMeta("Change E-mail", "Change the e-mail address of your member account."),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireUser(request, context);
  return { current: member.email };
}

/** The password is never sent back; the new address is. */
const HIDE = { hideFields: ["currentPassword"] };

async function act({ request, context }: ActionFunctionArgs) {
  const member = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: changeEmailSchema });
  if (submission.status !== "success") return data(submission.reply(HIDE), { status: 400 });
  const result = await requestEmailChange(context, member, submission.value, request.url);
  if (!result.ok) {
    const reply = submission.reply({ ...HIDE, fieldErrors: { [result.field]: [result.message] } });
    return result.retryAfter ? limited(reply, result.retryAfter) : data(reply, { status: result.status });
  }
  return redirectWithToast(context, "/mem-account", { kind: "success", message: emailLinkSentMessage(result.to) });
}

/** A store outage answers the form again (the password is never sent back) with one message (503). */
export const action = storeSafeAction(act, storeErrorReply);

export default function ChangeEmail() {
  const { current } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { errors, formError, form } = useFormReply(reply);
  return (
    <>
      <PageTitle title="Change E-mail" />
      <section className="section account-page">
        <div className="container">
          <AccountPanel id="change-email-title" title="Change e-mail address" action={{ to: "/mem-account", label: "BACK", secondary: true }}>
            <p>
              Your address now: <strong>{current}</strong>. We will send a link to the new address; it changes only when you open that link.
            </p>
            <Form method="post" noValidate className="auth-form" aria-labelledby="change-email-title" {...form}>
              <FormMessage message={formError} />
              <Field
                id="new-email"
                name="email"
                label="New e-mail address"
                type="email"
                autoComplete="email"
                maxLength={NEW_EMAIL_MAX_LENGTH}
                defaultValue={replyValue(reply, "email")}
                error={errors.email}
              />
              <Field
                id="email-current-password"
                name="currentPassword"
                label="Current password"
                type="password"
                autoComplete="current-password"
                error={errors.currentPassword}
              />
              <SubmitButton>Send the link</SubmitButton>
            </Form>
          </AccountPanel>
        </div>
      </section>
    </>
  );
}
