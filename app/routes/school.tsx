import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { InfoPageView } from "~/components/content/InfoPageView";
import { UnderConstruction } from "~/components/content/UnderConstruction";
import { PageTitle } from "~/components/layout/Breadcrumbs";
import { pageMeta } from "~/domain/page-meta";
import { loadInfoPage } from "~/services/info-page.server";

export const meta: MetaFunction = () => pageMeta("School", "Our Saturday school: language, music and dance classes for children.");

export const loader = ({ context }: LoaderFunctionArgs) => loadInfoPage(context, "aboutSchool");

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
