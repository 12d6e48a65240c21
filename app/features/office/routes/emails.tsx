import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/kernel/layout/back-office/AdminPage";
import { OutboxTable } from "~/features/mail/components/OutboxTable";
import { requireAccountant } from "~/kernel/auth/auth.server";
import { OUTBOX_HEADERS, loadOutboxPage } from "~/features/mail/outbox-pages.server";
import { readPageParam } from "~/kernel/store/paging";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";

export const meta: MetaFunction = () => privatePageMeta("E-mails | Back office");

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** Every e-mail the site sent (or kept), newest first, for accountants (docs/requirements.md §6.12). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  const page = readPageParam(new URL(request.url).searchParams.get("page"));
  return data(await loadOutboxPage(context.store, page), { headers: OUTBOX_HEADERS });
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
