import type { AppLoadContext } from "@remix-run/cloudflare";
import type { ActivityActor, NewsActivityKind } from "~/kernel/activity/activity";
import { newsTime } from "./news-fields";
import type { NewsFormInput } from "./news-form";
import type { Id, MediaRef, NewsItem } from "~/kernel/store/records";
import { recordActivity } from "~/kernel/activity/activity.server";
import { contentChanged } from "~/kernel/store/content/content-changed.server";
import { studioRichText } from "./studio-rich-text.server";
import type { NewsInput } from "~/kernel/store/port";
import { discardOldPhoto } from "./studio-photo-field.server";

/**
 * The studio's news (docs/requirements.md §7.6): each write goes to the store, then makes visitors see it
 * (contentChanged), then is recorded in the activity log. Rich text is sanitized here, with
 * the CMS allow-list, so what is stored is what the site shows. Returns results, never Responses.
 */

/**
 * The item as stored from the form's fields; `previous` keeps its time when the day is the
 * same. `image` comes from the photo field (already stored): undefined keeps the item's
 * picture (a path typed before uploads existed too), null removes it.
 */
export function newsFromForm(form: NewsFormInput, published: boolean, previous?: NewsItem, image?: MediaRef | null): NewsInput {
  return {
    title: form.title,
    excerptHtml: studioRichText(form.excerpt),
    contentHtml: studioRichText(form.content),
    image: image === undefined ? (previous?.image ?? null) : image,
    published,
    createdAt: newsTime(form.date, previous?.createdAt),
  };
}

async function after(context: AppLoadContext, actor: ActivityActor, kind: NewsActivityKind, item: Pick<NewsItem, "id" | "title">) {
  await contentChanged(context);
  await recordActivity(context, actor, { kind, news: { id: item.id, title: item.title } });
}

export async function createNews(
  context: AppLoadContext,
  actor: ActivityActor,
  form: NewsFormInput,
  publish: boolean,
  image?: MediaRef | null,
): Promise<NewsItem> {
  const item = await context.store.content.createNews(newsFromForm(form, publish, undefined, image));
  await after(context, actor, "news-created", item);
  if (publish) await recordActivity(context, actor, { kind: "news-published", news: { id: item.id, title: item.title } });
  return item;
}

/** Saves the form over `existing`; Publish also publishes it. Null when it was deleted meanwhile. */
export async function updateNews(
  context: AppLoadContext,
  actor: ActivityActor,
  existing: NewsItem,
  form: NewsFormInput,
  publish: boolean,
  image?: MediaRef | null,
): Promise<NewsItem | null> {
  const item = await context.store.content.updateNews(existing.id, newsFromForm(form, publish || existing.published, existing, image));
  if (!item) return null;
  await discardOldPhoto(context, existing.image, image);
  await after(context, actor, "news-updated", item);
  if (publish && !existing.published) await recordActivity(context, actor, { kind: "news-published", news: { id: item.id, title: item.title } });
  return item;
}

export async function unpublishNews(context: AppLoadContext, actor: ActivityActor, id: Id): Promise<NewsItem | null> {
  const item = await context.store.content.setNewsPublished(id, false);
  if (item) await after(context, actor, "news-unpublished", item);
  return item;
}

export async function deleteNews(context: AppLoadContext, actor: ActivityActor, existing: NewsItem): Promise<boolean> {
  const deleted = await context.store.content.deleteNews(existing.id);
  if (!deleted) return false;
  await discardOldPhoto(context, existing.image, null);
  await after(context, actor, "news-deleted", existing);
  return true;
}
