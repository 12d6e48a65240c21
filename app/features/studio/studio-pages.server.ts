import type { AppLoadContext } from "@remix-run/cloudflare";
import type { ActivityActor } from "~/kernel/activity/activity";
import type { HomeSlide, Id, MediaRef } from "~/kernel/store/records";
import { INFO_PAGES, type InfoPageScreen } from "./studio-info-pages";
import { draggedSlide, isSameSlides } from "./slide-order";
import { moveInOrder, slideName, type PageForm, type PageScreenData, type SlideDirection, type SlideForm, type SlideRow } from "./studio-pages";
import { recordActivity } from "~/kernel/activity/activity.server";
import { contentChanged } from "~/kernel/store/content/content-changed.server";
import { studioRichText } from "./studio-rich-text.server";
import { discardOldPhoto } from "./studio-photo-field.server";
import { studioThumbnail } from "~/kernel/media/media";

/**
 * The studio's home slides, About Us and School: each write goes to the store, then is
 * recorded in the activity log and made visible to visitors (contentChanged). Plain input
 * (the parsed forms) in, results out; the routes guard, parse and answer.
 */

export async function loadSlideRows(context: AppLoadContext): Promise<SlideRow[]> {
  const slides = await context.store.content.listSlides();
  return slides.map((slide, index) => ({
    id: slide.id,
    smallText: slide.smallText,
    title: slide.title,
    name: slideName(slide),
    // A thumbnail of the 350 px rendition, not the banner's original (a phone's 3 MB photo for a 120 px box).
    image: slide.bannerImage.path ? studioThumbnail(slide.bannerImage, context.env.CMS_ASSETS_URL) : null,
    first: index === 0,
    last: index === slides.length - 1,
  }));
}

export const loadSlide = (context: AppLoadContext, id: Id): Promise<HomeSlide | null> => context.store.content.getSlide(id);

const slideInput = (form: SlideForm) => ({ smallText: form.smallText, title: form.title, description: form.description });

/** A slide's banner from the photo field: a slide's picture is never null in the store, "" is none. */
const bannerOf = (image: MediaRef | null | undefined): MediaRef | undefined => (image === null ? { path: "" } : (image ?? undefined));

export async function addSlide(context: AppLoadContext, actor: ActivityActor, form: SlideForm, image?: MediaRef | null): Promise<Id> {
  const id = await context.store.content.createSlide({ ...slideInput(form), bannerImage: bannerOf(image) ?? { path: "" } });
  await recordActivity(context, actor, { kind: "slide-added", slide: { id, name: slideName(form) } });
  await contentChanged(context);
  return id;
}

/** False when the slide is gone (removed in another tab). */
export async function changeSlide(context: AppLoadContext, actor: ActivityActor, id: Id, form: SlideForm, image?: MediaRef | null): Promise<boolean> {
  const before = image === undefined ? null : await context.store.content.getSlide(id);
  if (!(await context.store.content.updateSlide(id, { ...slideInput(form), bannerImage: bannerOf(image) }))) return false;
  await discardOldPhoto(context, before?.bannerImage, bannerOf(image));
  await recordActivity(context, actor, { kind: "slide-changed", slide: { id, name: slideName(form) } });
  await contentChanged(context);
  return true;
}

export async function removeSlide(context: AppLoadContext, actor: ActivityActor, slide: HomeSlide): Promise<boolean> {
  if (!(await context.store.content.deleteSlide(slide.id))) return false;
  await discardOldPhoto(context, slide.bannerImage, null);
  await recordActivity(context, actor, { kind: "slide-removed", slide: { id: slide.id, name: slideName(slide) } });
  await contentChanged(context);
  return true;
}

/** Moves a slide one place; false when it cannot move (first up, last down, gone). */
export async function moveSlide(context: AppLoadContext, actor: ActivityActor, id: Id, direction: SlideDirection): Promise<boolean> {
  const slides = await context.store.content.listSlides();
  const ids = slides.map((s) => s.id);
  const next = moveInOrder(ids, id, direction);
  if (next.every((value, index) => value === ids[index])) return false;
  await context.store.content.setSlideOrder(next);
  const slide = slides.find((s) => s.id === id)!;
  await recordActivity(context, actor, { kind: "slide-moved", slide: { id, name: slideName(slide) } });
  await contentChanged(context);
  return true;
}

/**
 * Saves a dragged order (every slide's id, in order). "stale" when the ids are not exactly
 * the slides there are (one added or removed since the page was opened): nothing is saved.
 * One activity entry, for the slide that was dragged.
 */
export async function orderSlides(context: AppLoadContext, actor: ActivityActor, ids: readonly Id[]): Promise<"saved" | "unchanged" | "stale"> {
  const slides = await context.store.content.listSlides();
  const current = slides.map((s) => s.id);
  if (!isSameSlides(current, ids)) return "stale";
  const moved = draggedSlide(current, ids);
  if (!moved) return "unchanged";
  await context.store.content.setSlideOrder([...ids]);
  const slide = slides.find((s) => s.id === moved)!;
  await recordActivity(context, actor, { kind: "slide-moved", slide: { id: moved, name: slideName(slide) } });
  await contentChanged(context);
  return "saved";
}

export async function loadPageScreen(context: AppLoadContext, screen: InfoPageScreen): Promise<PageScreenData> {
  const page = await context.store.content.getPage(INFO_PAGES[screen].key);
  const { image = null, ...fields } = page ?? { preTitle: "", title: "", descriptionHtml: "", description2Html: "", youtubeVideoId: "" };
  return { page: fields, image };
}

/** Saves the page; `image` (from the photo field, already stored): undefined keeps the picture, null removes it. */
export async function savePageForm(
  context: AppLoadContext,
  actor: ActivityActor,
  screen: InfoPageScreen,
  form: PageForm,
  image?: MediaRef | null,
): Promise<void> {
  const { key, name } = INFO_PAGES[screen];
  const before = image === undefined ? null : await context.store.content.getPage(key);
  await context.store.content.savePage(key, {
    preTitle: form.preTitle,
    title: form.title,
    // The same allow-list as the CMS's HTML: what is stored is what the page may show.
    descriptionHtml: studioRichText(form.descriptionHtml),
    description2Html: studioRichText(form.description2Html),
    youtubeVideoId: form.youtubeVideoId,
    ...(image === undefined ? {} : { image }),
  });
  await discardOldPhoto(context, before?.image, image);
  await recordActivity(context, actor, { kind: "page-changed", page: { key, name } });
  await contentChanged(context);
}
