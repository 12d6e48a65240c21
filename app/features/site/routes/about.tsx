import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { InfoPageView } from "~/features/site/components/InfoPageView";
import { UnderConstruction } from "~/features/site/components/UnderConstruction";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { pageMeta } from "~/kernel/layout/page-meta";
import { loadInfoPage } from "~/features/site/info-page.server";

/** The tags come with the loader's data (the same pageMeta), so the page's JavaScript carries none of their words. */
export const meta: MetaFunction<typeof loader> = ({ data }) => data?.meta ?? [];

export const loader = async ({ context }: LoaderFunctionArgs) => ({
  ...(await loadInfoPage(context, "aboutUs")),
  meta: pageMeta("About Us", "About the association: who we are, what we do and how we are run."),
});

export default function AboutUs() {
  const { page } = useLoaderData<typeof loader>();
  if (!page) return <UnderConstruction />;
  return (
    <>
      <PageTitle title="About Us" />
      <InfoPageView page={page} />
    </>
  );
}
