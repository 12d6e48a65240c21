import { Link } from "@remix-run/react";
import { shownImage, type ShownImage } from "~/kernel/media/photo-renditions";
import type { NewsItem } from "~/kernel/store/records";
import { Picture } from "~/kernel/media/Picture";
import { RichText } from "~/kernel/layout/RichText";

export type NewsSummary = Pick<NewsItem, "id" | "title" | "excerptHtml"> & { image: ShownImage | null };

/** A news item in a list: image, title, excerpt and the read-more link of docs/requirements.md §1.7. */
export function NewsCard({ item, headingLevel = 2, eager = false }: { item: NewsSummary; headingLevel?: 2 | 3; eager?: boolean }) {
  const Heading = `h${headingLevel}` as const;
  const href = `/blog-details/${item.id}`;
  return (
    <li className="card news-card">
      {item.image ? <Picture image={item.image} alt="" sizes="(min-width: 1200px) 380px, (min-width: 700px) 50vw, 100vw" eager={eager} /> : null}
      <div className="card-body">
        <Heading>
          <Link to={href}>{item.title}</Link>
        </Heading>
        <RichText html={item.excerptHtml} className="news-excerpt" />
        <Link to={href} className="read-more" aria-label={`Click here to read more: ${item.title}`}>
          Click here to read more...
        </Link>
      </div>
    </li>
  );
}

/** `eagerFirst`: the list is the page's top, so its first image is the largest paint: load it at once. */
export function NewsList({ items, headingLevel, eagerFirst = false }: { items: NewsSummary[]; headingLevel?: 2 | 3; eagerFirst?: boolean }) {
  return (
    <ul className="card-grid news-list">
      {items.map((item, index) => (
        <NewsCard key={item.id} item={item} headingLevel={headingLevel} eager={eagerFirst && index === 0} />
      ))}
    </ul>
  );
}

/** What a list needs of a news item (the full content stays on the server), its picture ready to show. */
export function newsSummary(item: NewsItem): NewsSummary {
  return { id: item.id, title: item.title, excerptHtml: item.excerptHtml, image: shownImage(item.image) };
}
