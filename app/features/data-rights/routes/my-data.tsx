import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { MyDataView } from "~/features/data-rights/components/MyDataView";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { requireUser } from "~/kernel/auth/auth.server";
import { privateHeaders, loaderHeadersOnly } from "~/kernel/http/response-headers";
import { collectMyData } from "~/features/data-rights/data-rights.server";

export const meta: MetaFunction = () => privatePageMeta("My data");

export const headers: HeadersFunction = loaderHeadersOnly;

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
          <MyDataView data={myData} jsonHref="/account/data.json" />
        </div>
      </section>
    </>
  );
}
