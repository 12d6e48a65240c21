import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/AdminPage";
import { ActivityTable } from "~/components/admin/ActivityTable";
import { readPageParam } from "~/domain/paging";
import { privatePageMeta } from "~/domain/private-page-meta";
import { loadActivityPage } from "~/services/activity.server";
import { requireAccountant } from "~/services/auth.server";
import { PRIVATE_CACHE_CONTROL } from "~/services/cache-control.server";

export const meta: MetaFunction = () => privatePageMeta("Activity | Back office");

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** Who changed what in the back office, and when, newest first: accountants only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  const page = readPageParam(new URL(request.url).searchParams.get("page"));
  return data(await loadActivityPage(context.store, page), { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL, "X-Robots-Tag": "noindex" } });
}

export default function AccountsActivity() {
  const activity = useLoaderData<typeof loader>();
  return (
    <AdminPage title="Activity">
      <ActivityTable activity={activity} />
    </AdminPage>
  );
}
