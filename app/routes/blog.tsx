import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { NewsList, newsSummary } from "~/components/content/NewsCard";
import { PageTitle } from "~/components/layout/Breadcrumbs";
import { pageMeta } from "~/domain/page-meta";

export const meta: MetaFunction = () => pageMeta("News", "News and stories from the association: events, school and community.");

export async function loader({ context }: LoaderFunctionArgs) {
  const news = await context.content.listPublishedNews();
  return { news: news.map(newsSummary) };
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
