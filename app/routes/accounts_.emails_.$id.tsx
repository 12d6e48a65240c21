import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/AdminPage";
import { OutboxMessage } from "~/components/outbox/OutboxMessage";
import { requireAccountant } from "~/services/auth.server";
import { OUTBOX_HEADERS, loadOutboxEmail } from "~/services/outbox-pages.server";
import { resendOutboxEmailAction } from "~/services/outbox-resend.server";
import { privatePageMeta } from "~/domain/private-page-meta";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => privatePageMeta(`${loaded?.email.subject || "E-mail"} | E-mails | Back office`);

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** One e-mail the site sent, for accountants (a reset link's body stays hidden). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  return data({ email: await loadOutboxEmail(context, params.id, { hideConfidential: true }) }, { headers: OUTBOX_HEADERS });
}

/** Send again (a failed e-mail only). */
export const action = resendOutboxEmailAction;

export default function AccountsEmail() {
  const { email } = useLoaderData<typeof loader>();
  // Only a store outage answers with data (storeSafeAction); everything else redirects.
  const formError = (useActionData<typeof action>() as { formError?: string } | undefined)?.formError;
  return (
    <AdminPage title={email.subject || "(no subject)"}>
      {formError ? (
        <p className="form-error" role="alert">
          {formError}
        </p>
      ) : null}
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
