import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { StudioPage } from "~/features/studio/components/StudioPage";
import { formatNewsDate } from "~/kernel/dates/dates";
import { newsStatus } from "~/features/studio/news-fields";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { requireEditor } from "~/kernel/auth/auth.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import studioNewsStyles from "~/features/studio/styles/studio-news.css?url";
import studioStatusStyles from "~/features/studio/styles/studio-status.css?url";

export const meta: MetaFunction = () => privatePageMeta("News | Studio");
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: studioNewsStyles },
  { rel: "stylesheet", href: studioStatusStyles },
];

/** The studio's news (docs/requirements.md §7.6): every item, drafts too, newest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireEditor(request, context);
  const items = await context.store.content.listAllNews();
  return data(
    {
      items: items.map((item) => ({
        id: item.id,
        title: item.title,
        date: formatNewsDate(item.createdAt),
        status: newsStatus(item),
        published: item.published,
      })),
    },
    { headers: privateHeaders() },
  );
}

export default function StudioNews() {
  const { items } = useLoaderData<typeof loader>();
  return (
    <StudioPage title="News">
      <p className="studio-intro">
        <Link className="button" to="/studio/news/new">
          New news item
        </Link>
      </p>
      {items.length === 0 ? (
        <p className="studio-empty">There are no news items yet. Visitors see an empty News page until one is published.</p>
      ) : (
        <ul className="studio-parts studio-news-list">
          {items.map((item) => (
            <li key={item.id} className="studio-part">
              <h2 id={`news-${item.id}`}>{item.title || "(no title)"}</h2>
              <p>
                {item.date} · <span className={`studio-status studio-status-${item.published ? "published" : "draft"}`}>{item.status}</span>
              </p>
              <p className="studio-part-links">
                <Link to={`/studio/news/${item.id}`} aria-describedby={`news-${item.id}`}>
                  Edit
                </Link>
                {item.published ? (
                  <a href={`/blog-details/${item.id}`} aria-describedby={`news-${item.id}`}>
                    View on site
                  </a>
                ) : null}
              </p>
            </li>
          ))}
        </ul>
      )}
    </StudioPage>
  );
}
