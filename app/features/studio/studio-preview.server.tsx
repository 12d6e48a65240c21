import type { AppLoadContext } from "@remix-run/cloudflare";
import { renderToStaticMarkup } from "react-dom/server";
import { InfoPageView, NewsArticle } from "~/features/site/components";
import { shownImage } from "~/kernel/media/photo-renditions";
import appStyles from "~/styles/app.css?url";
import { newsTime } from "./news-fields";
import { isCalendarDay } from "./news-fields";
import { INFO_PAGES, type InfoPageScreen } from "./studio-info-pages";
import { youtubeIdFromInput } from "./studio-pages";
import { studioRichText } from "./studio-rich-text.server";

/**
 * The studio's preview (docs/requirements.md §7.6): a news item or an info page as the form holds
 * it now, unsaved, drawn by the site's own components (features/site/components.ts) with the
 * site's stylesheet, as one HTML document. The studio's preview page shows it in a frame of a
 * phone's or a desktop's width, so the site's own layout rules for that width apply. Nothing is
 * stored; the rich text is cleaned exactly as a save would clean it. The picture is the stored
 * one (a newly chosen photo is only kept on Save).
 */

export type PreviewKind = "news" | InfoPageScreen;
export const isPreviewKind = (kind: string | undefined): kind is PreviewKind => kind === "news" || (kind !== undefined && kind in INFO_PAGES);

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

/** The page's heading band, as PageTitle draws it, with links that go nowhere (it is a picture of the page). */
function PreviewTitle({ title, parent }: { title: string; parent?: string }) {
  return (
    <div className="page-title">
      <div className="container">
        <h1>{title}</h1>
        <nav aria-label="Breadcrumb" className="breadcrumbs">
          <ol>
            <li>
              <span>Home</span>
            </li>
            {parent ? (
              <li>
                <span>{parent}</span>
              </li>
            ) : null}
            <li>
              <span aria-current="page">{title}</span>
            </li>
          </ol>
        </nav>
      </div>
    </div>
  );
}

function documentOf(title: string, body: JSX.Element): string {
  const page = renderToStaticMarkup(<main id="main">{body}</main>);
  return `<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeText(title)}</title><link rel="stylesheet" href="${appStyles}"></head><body>${page}</body></html>`;
}

const escapeText = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The previewed page: its title (for the studio's heading) and the whole document for the frame. */
export async function previewDocument(context: AppLoadContext, kind: PreviewKind, id: string | undefined, form: FormData) {
  if (kind === "news") {
    const stored = id ? await context.store.content.getNews(id) : null;
    const day = text(form, "date");
    const title = text(form, "title") || "(No title yet)";
    const item = {
      createdAt: newsTime(isCalendarDay(day) ? day : new Date().toISOString().slice(0, 10)),
      contentHtml: studioRichText(text(form, "content")),
      image: shownImage(stored?.image ?? null),
    };
    return {
      title,
      html: documentOf(
        title,
        <>
          <PreviewTitle title={title} parent="News" />
          <NewsArticle item={item} />
        </>,
      ),
    };
  }
  const info = INFO_PAGES[kind];
  const stored = await context.store.content.getPage(info.key);
  const page = {
    preTitle: text(form, "preTitle"),
    title: text(form, "title") || "(No title yet)",
    descriptionHtml: studioRichText(text(form, "descriptionHtml")),
    description2Html: studioRichText(text(form, "description2Html")),
    youtubeVideoId: youtubeIdFromInput(text(form, "youtubeVideoId")) ?? "",
    image: shownImage(stored?.image ?? null),
  };
  return {
    title: info.name,
    html: documentOf(
      info.name,
      <>
        <PreviewTitle title={info.name} />
        <InfoPageView page={page} />
      </>,
    ),
  };
}
