import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/kernel/layout/back-office/AdminPage";
import { FormMessage, replyErrors } from "~/kernel/forms";
import { OutboxMessage } from "~/features/mail/components";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { requireAccountant } from "~/kernel/auth/auth.server";
import { loadOutboxEmail } from "~/features/mail/index.server";
import { resendOutboxEmail } from "~/features/mail/index.server";
import { resendSchema } from "~/features/mail";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { noIndexHeaders, loaderHeadersOnly } from "~/kernel/http/response-headers";
import { notFound } from "~/kernel/http/answers.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => privatePageMeta(`${loaded?.email.subject || "E-mail"} | E-mails | Back office`);

export const headers: HeadersFunction = loaderHeadersOnly;

/** One e-mail the site sent, for accountants (a reset link's body stays hidden). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  const email = await loadOutboxEmail(context.store, params.id, { hideConfidential: true });
  if (!email) throw notFound();
  return data({ email }, { headers: noIndexHeaders() });
}

/** Send again (a failed e-mail only); while our records cannot be reached the page says so (503). */
export const action = storeSafeAction(async ({ request, params, context }: ActionFunctionArgs) => {
  await requireAccountant(request, context);
  const submission = parseWithZod(await request.formData(), { schema: resendSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400, headers: noIndexHeaders() });
  const toast = await resendOutboxEmail(context, params.id);
  if (!toast) throw notFound();
  return redirectWithToast(context, `/accounts/emails/${params.id}`, toast);
}, storeErrorReply);

export default function AccountsEmail() {
  const { email } = useLoaderData<typeof loader>();
  return (
    <AdminPage title={email.subject || "(no subject)"}>
      <FormMessage message={replyErrors(useActionData<typeof action>())[""]} />
      {email.status === "failed" ? (
        <Form method="post">
          <button type="submit" className="button">
            Send again
          </button>
        </Form>
      ) : null}
      <OutboxMessage email={email} backTo="/accounts/emails" />
    </AdminPage>
  );
}
