import { Link } from "@remix-run/react";
import type { NewsItem } from "~/domain/records";
import { ContentImage } from "./ContentImage";
import { RichText } from "./RichText";

export type NewsSummary = Pick<NewsItem, "id" | "title" | "excerptHtml" | "image">;

/** A news item in a list: image, title, excerpt and the spec's read-more link. */
export function NewsCard({ item, headingLevel = 2 }: { item: NewsSummary; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  const href = `/blog-details/${item.id}`;
  return (
    <li className="card news-card">
      {item.image ? <ContentImage image={item.image} alt="" sizes="(min-width: 1200px) 380px, (min-width: 700px) 50vw, 100vw" /> : null}
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

export function NewsList({ items, headingLevel }: { items: NewsSummary[]; headingLevel?: 2 | 3 }) {
  return (
    <ul className="card-grid news-list">
      {items.map((item) => (
        <NewsCard key={item.id} item={item} headingLevel={headingLevel} />
      ))}
    </ul>
  );
}

/** What a list needs of a news item (the full content stays on the server). */
export function newsSummary(item: NewsItem): NewsSummary {
  return { id: item.id, title: item.title, excerptHtml: item.excerptHtml, image: item.image };
}
