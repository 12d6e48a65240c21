import type { ReactNode } from "react";
import { formatNewsDate, isoDate } from "~/kernel/dates/dates";
import { RichText } from "~/kernel/layout/RichText";
import { Picture } from "~/kernel/media/Picture";
import type { ShownImage } from "~/kernel/media/photo-renditions";
import type { NewsItem } from "~/kernel/store/records";

export type NewsArticleShown = Pick<NewsItem, "createdAt" | "contentHtml"> & { image: ShownImage | null };

/**
 * A news item's article as visitors see it on /blog-details/:id: its picture, date and text.
 * The studio's preview draws the same component (docs/requirements.md §7.6), so what an editor
 * previews is what the site shows. `after` is what follows the text (the page's Back link).
 */
export function NewsArticle({ item, after }: { item: NewsArticleShown; after?: ReactNode }) {
  return (
    <article className="container section news-article">
      {item.image ? <Picture image={item.image} eager sizes="(min-width: 900px) 860px, 100vw" className="news-article-image" /> : null}
      <p className="news-date">
        <time dateTime={isoDate(item.createdAt)}>{formatNewsDate(item.createdAt)}</time>
      </p>
      <RichText html={item.contentHtml} />
      {after}
    </article>
  );
}
