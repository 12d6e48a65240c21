import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { isoDate } from "~/kernel/dates/dates";
import { absoluteUrl, pageMeta } from "~/kernel/layout/page-meta";
import { shownImage } from "~/kernel/media/photo-renditions";
import { plainText } from "~/features/site/plain-text";
import { notFound } from "~/kernel/http/answers.server";
import { getUser } from "~/kernel/auth/auth.server";
import { canEditWebsite } from "~/kernel/store/records";
import { NewsArticle } from "~/features/site/components/NewsArticle";

/** The tags come with the loader's data (the same pageMeta), so the page's JavaScript carries none of their words. */
export const meta: MetaFunction<typeof loader> = ({ data }) => data?.meta ?? [];

/** What the draft banner says: visitors never see it (docs/requirements.md §7.6). */
export const DRAFT_BANNER = "Draft \u2014 only editors can see this. Publish it in the studio to show it to visitors.";

/**
 * A published news item, for everyone. A draft answers 404, except to a signed-in editor (or
 * accountant), who sees it as visitors will once it is published, under a "Draft" banner.
 * Reading the session marks the answer personal (auth.server.ts), so a draft's page is never
 * kept in the visitors' page cache (docs/decisions/0011) nor by a browser.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  let item = await context.content.getPublishedNews(params.id ?? "");
  let draft = false;
  if (!item) {
    const user = await getUser(request, context);
    if (!user?.active || !canEditWebsite(user.role)) throw notFound();
    const stored = await context.store.content.getNews(params.id ?? "");
    if (!stored) throw notFound();
    // Stored rich text was cleaned on save (studio-news.server.ts), as the published view's is.
    item = stored;
    draft = true;
  }
  const ogImage = item.image ? absoluteUrl(item.image.path, request.url) : null;
  return {
    item: { ...item, image: shownImage(item.image) },
    draft: draft ? { banner: DRAFT_BANNER, editHref: `/studio/news/${item.id}` } : null,
    meta: [
      ...pageMeta(item.title, plainText(item.excerptHtml || item.contentHtml), { image: ogImage, type: "article" }),
      { property: "article:published_time", content: isoDate(item.createdAt) },
      ...(draft ? [{ name: "robots", content: "noindex" }] : []),
    ],
  };
}

export default function BlogDetails() {
  const { item, draft } = useLoaderData<typeof loader>();
  return (
    <>
      {draft ? (
        <p className="draft-banner" role="note">
          <strong>{draft.banner}</strong> <a href={draft.editHref}>Edit in the studio</a>
        </p>
      ) : null}
      <PageTitle title={item.title} parent={{ label: "News", to: "/blog" }} />
      <NewsArticle
        item={item}
        after={
          <p>
            <Link className="button button-secondary" to="/blog">
              Back
            </Link>
          </p>
        }
      />
    </>
  );
}
