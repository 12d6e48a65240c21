import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/AdminPage";
import { InboxTable } from "~/components/inbox/InboxTable";
import { readPageParam } from "~/domain/paging";
import { privatePageMeta } from "~/domain/private-page-meta";
import { requireAccountant } from "~/services/auth.server";
import { loadInboxPage } from "~/services/contact-inbox.server";
import { OUTBOX_HEADERS } from "~/services/outbox-pages.server";

export const meta: MetaFunction = () => privatePageMeta("Messages | Back office");

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** The contact form's messages, newest first, for accountants (issue 19). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  const page = readPageParam(new URL(request.url).searchParams.get("page"));
  return data(await loadInboxPage(context.store, page), { headers: OUTBOX_HEADERS });
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
