import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/kernel/layout/back-office/AdminPage";
import { OutboxTable } from "~/features/mail/components";
import { requireAccountant } from "~/kernel/auth/auth.server";
import { loadOutboxPage } from "~/features/mail/index.server";
import { readPageParam } from "~/kernel/store/paging";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { noIndexHeaders, loaderHeadersOnly } from "~/kernel/http/response-headers";

export const meta: MetaFunction = () => privatePageMeta("E-mails | Back office");

export const headers: HeadersFunction = loaderHeadersOnly;

/** Every e-mail the site sent (or kept), newest first, for accountants (docs/requirements.md §6.12). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  const page = readPageParam(new URL(request.url).searchParams.get("page"));
  return data(await loadOutboxPage(context.store, page), { headers: noIndexHeaders() });
}

export default function AccountsEmails() {
  const outbox = useLoaderData<typeof loader>();
  return (
    <AdminPage title="E-mails">
      <p className="outbox-intro">
        What the site e-mailed, to whom and whether the provider took it. &ldquo;Kept (no provider)&rdquo; means no e-mail provider is configured, so the
        message was kept here and not sent.
      </p>
      <OutboxTable outbox={outbox} basePath="/accounts/emails" empty="No e-mails yet: the site has not sent any." />
    </AdminPage>
  );
}
