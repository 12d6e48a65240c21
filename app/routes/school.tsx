import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { InfoPageView } from "~/components/content/InfoPageView";
import { UnderConstruction } from "~/components/content/UnderConstruction";
import { PageTitle } from "~/components/layout/Breadcrumbs";
import { pageMeta } from "~/domain/page-meta";
import { loadInfoPage } from "~/services/info-page.server";

/** The tags come with the loader's data (the same pageMeta), so the page's JavaScript carries none of their words. */
export const meta: MetaFunction<typeof loader> = ({ data }) => data?.meta ?? [];

export const loader = async ({ context }: LoaderFunctionArgs) => ({
  ...(await loadInfoPage(context, "aboutSchool")),
  meta: pageMeta("School", "Our Saturday school: language, music and dance classes for children."),
});

export default function School() {
  const { page } = useLoaderData<typeof loader>();
  if (!page) return <UnderConstruction />;
  return (
    <>
      <PageTitle title="School" />
      <InfoPageView page={page} />
    </>
  );
}
