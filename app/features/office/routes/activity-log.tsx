import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/kernel/layout/back-office/AdminPage";
import { ActivityTable } from "~/features/office/components/ActivityTable";
import { readPageParam } from "~/kernel/store/paging";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { loadActivityPage } from "~/kernel/activity/activity.server";
import { requireAccountant } from "~/kernel/auth/auth.server";
import { noIndexHeaders, loaderHeadersOnly } from "~/kernel/http/response-headers";

export const meta: MetaFunction = () => privatePageMeta("Activity | Back office");

export const headers: HeadersFunction = loaderHeadersOnly;

/** Who changed what in the back office, and when, newest first: accountants only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  const page = readPageParam(new URL(request.url).searchParams.get("page"));
  return data(await loadActivityPage(context.store, page), { headers: noIndexHeaders() });
}

export default function AccountsActivity() {
  const activity = useLoaderData<typeof loader>();
  return (
    <AdminPage title="Activity">
      <ActivityTable activity={activity} />
    </AdminPage>
  );
}
