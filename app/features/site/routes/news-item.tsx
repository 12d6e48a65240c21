import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Picture } from "~/kernel/media/Picture";
import { RichText } from "~/kernel/layout/RichText";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { formatNewsDate, isoDate } from "~/kernel/dates/dates";
import { absoluteUrl, pageMeta } from "~/kernel/layout/page-meta";
import { shownImage } from "~/kernel/media/photo-renditions";
import { plainText } from "~/features/site/plain-text";
import { notFound } from "~/kernel/http/answers.server";

/** The tags come with the loader's data (the same pageMeta), so the page's JavaScript carries none of their words. */
export const meta: MetaFunction<typeof loader> = ({ data }) => data?.meta ?? [];

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const item = await context.content.getPublishedNews(params.id ?? "");
  if (!item) throw notFound();
  const ogImage = item.image ? absoluteUrl(item.image.path, request.url) : null;
  return {
    item: { ...item, image: shownImage(item.image) },
    meta: [
      ...pageMeta(item.title, plainText(item.excerptHtml || item.contentHtml), { image: ogImage, type: "article" }),
      { property: "article:published_time", content: isoDate(item.createdAt) },
    ],
  };
}

export default function BlogDetails() {
  const { item } = useLoaderData<typeof loader>();
  return (
    <>
      <PageTitle title={item.title} parent={{ label: "News", to: "/blog" }} />
      <article className="container section news-article">
        {item.image ? <Picture image={item.image} eager sizes="(min-width: 900px) 860px, 100vw" className="news-article-image" /> : null}
        <p className="news-date">
          <time dateTime={isoDate(item.createdAt)}>{formatNewsDate(item.createdAt)}</time>
        </p>
        <RichText html={item.contentHtml} />
        <p>
          <Link className="button button-secondary" to="/blog">
            Back
          </Link>
        </p>
      </article>
    </>
  );
}
