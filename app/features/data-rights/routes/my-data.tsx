import { data, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { MyDataView } from "~/features/data-rights/components/MyDataView";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { requireUser } from "~/kernel/auth/auth.server";
import { privateHeaders, loaderHeadersOnly } from "~/kernel/http/response-headers";
import { collectMyData } from "~/features/data-rights/data-rights.server";
import myDataStyles from "~/features/data-rights/styles/my-data.css?url";

export const meta: MetaFunction = () => privatePageMeta("My data");

export const headers: HeadersFunction = loaderHeadersOnly;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: myDataStyles }];

/** GET /account/data: the signed-in member's own data as a readable, printable page (docs/requirements.md §8.2). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireUser(request, context);
  return data({ myData: await collectMyData(context.store, member) }, { headers: privateHeaders() });
}

export default function AccountData() {
  const { myData } = useLoaderData<typeof loader>();
  return (
    <>
      <PageTitle title="My data" />
      <section className="section">
        <div className="container">
          <MyDataView data={myData} downloads={{ json: "/account/data.json", html: "/account/data.html" }} />
        </div>
      </section>
    </>
  );
}
