import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { NewsList, newsSummary } from "~/features/site/components/NewsCard";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { pageMeta } from "~/kernel/layout/page-meta";

/** The tags come with the loader's data (the same pageMeta), so the page's JavaScript carries none of their words. */
export const meta: MetaFunction<typeof loader> = ({ data }) => data?.meta ?? [];

export async function loader({ context }: LoaderFunctionArgs) {
  const news = await context.content.listPublishedNews();
  return { news: news.map(newsSummary), meta: pageMeta("News", "News and stories from the association: events, school and community.") };
}

export default function Blog() {
  const { news } = useLoaderData<typeof loader>();
  return (
    <>
      <PageTitle title="News" />
      <section className="container section">
        {news.length ? <NewsList items={news} eagerFirst /> : <p className="empty-state">There is no news yet. Please check back soon.</p>}
      </section>
    </>
  );
}
