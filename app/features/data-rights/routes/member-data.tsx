import { data, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/kernel/layout/back-office/AdminPage";
import { MyDataView } from "~/features/data-rights/components/MyDataView";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { requireAccountant } from "~/kernel/auth/auth.server";
import { privateHeaders, loaderHeadersOnly } from "~/kernel/http/response-headers";
import { collectMyData } from "~/features/data-rights/data-rights.server";
import { notFound } from "~/kernel/http/answers.server";
import myDataStyles from "~/features/data-rights/styles/my-data.css?url";

export const meta: MetaFunction = () => privatePageMeta("Member's data | Back office");

export const headers: HeadersFunction = loaderHeadersOnly;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: myDataStyles }];

/** GET /accounts/members/:id/data: a member's data, as they would see it at /account/data (docs/requirements.md §8.2). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  const member = await context.store.members.getById(String(params.id));
  if (!member) throw notFound();
  return data({ myData: await collectMyData(context.store, member) }, { headers: privateHeaders() });
}

export default function MemberData() {
  const { myData } = useLoaderData<typeof loader>();
  return (
    <AdminPage title={`Data held about ${myData.member.fullName}`}>
      <MyDataView
        data={myData}
        downloads={{ json: `/accounts/members/${myData.member.id}/data.json`, html: `/accounts/members/${myData.member.id}/data.html` }}
        accountant
      />
    </AdminPage>
  );
}
