import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/kernel/layout/back-office/AdminPage";
import { InboxTable } from "~/features/office/components/InboxTable";
import { readPageParam } from "~/kernel/store/paging";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { requireAccountant } from "~/kernel/auth/auth.server";
import { loadInboxPage } from "~/features/office/contact-inbox.server";
import { noIndexHeaders, loaderHeadersOnly } from "~/kernel/http/response-headers";

export const meta: MetaFunction = () => privatePageMeta("Messages | Back office");

export const headers: HeadersFunction = loaderHeadersOnly;

/** The contact form's messages, newest first, for accountants (docs/requirements.md §6.13). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  const page = readPageParam(new URL(request.url).searchParams.get("page"));
  return data(await loadInboxPage(context.store, page), { headers: noIndexHeaders() });
}

export default function AccountsMessages() {
  const inbox = useLoaderData<typeof loader>();
  return (
    <AdminPage title="Messages">
      <p className="outbox-intro">What visitors wrote through the contact form. New messages are in bold; open one to read it, reply or mark it handled.</p>
      <InboxTable inbox={inbox} />
    </AdminPage>
  );
}
