import type { AppLoadContext } from "@remix-run/cloudflare";
import type { ActivityEvent } from "~/kernel/activity/activity";
import {
  captionsChange,
  featuredAfter,
  GALLERY_TEXTS,
  inPostedOrder,
  moveOfButton,
  movePhoto,
  photoMovedMessage,
  photosWord,
  samePhoto,
  withCaptions,
  withoutPhoto,
  type GalleryAction,
} from "./gallery-edit";
import type { Gallery, MediaRef } from "~/kernel/store/records";
import type { Toast } from "~/kernel/http/toast";
import { photoStoreFor } from "~/kernel/media/photo-store.server";
import { storeUploadedPhotos } from "./photo-uploads.server";

/**
 * What the galleries studio does with a gallery's forms (/studio/galleries/:id): plain results,
 * the route makes the answers, records the activity and says the content changed.
 */

export type GalleryOutcome =
  | { kind: "done"; toast: Toast; activity?: ActivityEvent; redirectTo: string }
  | { kind: "confirm"; question: string; intent: "delete-photo" | "delete-gallery"; index?: number }
  | { kind: "refused"; status: number; message: string; field: "photos" | "form" };

const galleryOf = (g: Gallery) => ({ id: g.id, title: g.title });

/** Deletes the files of photos we stored that no remaining photo of the gallery uses. */
async function deleteUnused(context: AppLoadContext, removed: readonly MediaRef[], kept: readonly MediaRef[]) {
  const photos = photoStoreFor(context);
  if (!photos) return;
  for (const photo of removed) if (!kept.some((other) => samePhoto(other, photo))) await photos.remove(photo);
}

/** A photo moved one place by its button: the new list, with where it was and is; null at either end. */
function moveByButton(images: MediaRef[], index: number, step: -1 | 1) {
  const to = index + step;
  if (index < 0 || index >= images.length || to < 0 || to >= images.length) return null;
  return { images: movePhoto(images, index, step), from: index, to };
}

/** The photos in a dragged order: "stale" when it is not the gallery's photos, null when nothing moved. */
function moveByOrder(images: MediaRef[], order: readonly string[], movedPath: string | undefined) {
  const next = inPostedOrder(images, order);
  if (!next) return "stale" as const;
  if (next.every((image, i) => image === images[i])) return null;
  // The photo the editor moved (by its path), else the first out of place.
  const first = images.findIndex((image, i) => image !== next[i]);
  const from = movedPath ? images.findIndex((image) => image.path === movedPath) : first;
  const photo = images[from < 0 ? first : from]!;
  return { images: next, from: images.indexOf(photo), to: next.indexOf(photo) };
}

export async function applyGalleryAction(context: AppLoadContext, gallery: Gallery, action: GalleryAction, formData: FormData): Promise<GalleryOutcome> {
  const content = context.store.content;
  const here = `/studio/galleries/${gallery.id}`;
  const save = async (images: MediaRef[], title = gallery.title) => {
    await content.updateGallery(gallery.id, { title, images, featuredImage: featuredAfter(gallery.featuredImage, images) });
  };
  const done = (message: string, change: string, redirectTo = here): GalleryOutcome => ({
    kind: "done",
    toast: { kind: "success", message },
    activity: { kind: "gallery-changed", gallery: galleryOf(gallery), change },
    redirectTo,
  });
  const nothing: GalleryOutcome = { kind: "done", toast: { kind: "info", message: "Nothing changed." }, redirectTo: here };
  const images = gallery.images;
  const inRange = (index: number) => index >= 0 && index < images.length;
  const saveCaptionsOnly = async (captioned: MediaRef[]): Promise<GalleryOutcome> => {
    await save(captioned);
    return done("Captions saved.", "changed the captions");
  };

  switch (action.intent) {
    case "rename":
      await save(images, action.title);
      return {
        kind: "done",
        toast: { kind: "success", message: "Gallery renamed." },
        activity: { kind: "gallery-changed", gallery: { id: gallery.id, title: action.title }, change: `renamed from "${gallery.title}"` },
        redirectTo: here,
      };
    case "upload": {
      const photos = photoStoreFor(context);
      if (!photos) return { kind: "refused", status: 503, message: "Photos cannot be stored at the moment. Please try again later.", field: "photos" };
      const uploaded = await storeUploadedPhotos(photos, formData, "photos");
      if (!uploaded.ok) return { kind: "refused", status: uploaded.status, message: uploaded.message, field: "photos" };
      await save([...images, ...uploaded.stored]);
      const n = uploaded.stored.length;
      return done(`${photosWord(n)} added.`, `added ${photosWord(n)}`);
    }
    case "captions": {
      const captioned = withCaptions(images, action.caption);
      const captionsChanged = captionsChange(images, action.caption);
      const button = action.move ? moveOfButton(action.move) : null;
      // A move from the captions form: the captions typed on the page are saved with it, never lost.
      const moved = button ? moveByButton(captioned, button.index, button.step) : action.order ? moveByOrder(captioned, action.order, action.moved) : null;
      if (moved === "stale") return { kind: "refused", status: 409, message: GALLERY_TEXTS.orderOutOfDate, field: "form" };
      if (!moved) {
        if (button || action.order) return captionsChanged ? saveCaptionsOnly(captioned) : nothing;
        return saveCaptionsOnly(captioned);
      }
      await save(moved.images);
      const change = `moved photo ${moved.from + 1} to place ${moved.to + 1}`;
      return done(
        photoMovedMessage(moved.from, moved.to, images.length) + (captionsChanged ? " Captions saved." : ""),
        captionsChanged ? `changed the captions and ${change}` : change,
        `${here}#photo-${moved.to + 1}`,
      );
    }
    case "up":
    case "down": {
      const moved = moveByButton(images, action.index, action.intent === "up" ? -1 : 1);
      if (!moved) return nothing;
      await save(moved.images);
      return done(
        photoMovedMessage(moved.from, moved.to, images.length),
        `moved photo ${moved.from + 1} to place ${moved.to + 1}`,
        `${here}#photo-${moved.to + 1}`,
      );
    }
    case "featured": {
      const chosen = images[action.index];
      if (!chosen) return nothing;
      await content.updateGallery(gallery.id, { title: gallery.title, images, featuredImage: chosen });
      return done(`Photo ${action.index + 1} is now the gallery's cover.`, `chose photo ${action.index + 1} as its cover`);
    }
    case "delete-photo": {
      if (!inRange(action.index)) return nothing;
      if (action.confirmed !== "1")
        return { kind: "confirm", question: GALLERY_TEXTS.deletePhoto(action.index + 1), intent: "delete-photo", index: action.index };
      const kept = withoutPhoto(images, action.index);
      await save(kept);
      await deleteUnused(context, [images[action.index]!], kept);
      return done(`Photo ${action.index + 1} deleted.`, `deleted photo ${action.index + 1}`);
    }
    case "delete-gallery": {
      if (action.confirmed !== "1") return { kind: "confirm", question: GALLERY_TEXTS.deleteGallery(gallery.title), intent: "delete-gallery" };
      await content.deleteGallery(gallery.id);
      await deleteUnused(context, [...images, gallery.featuredImage], []);
      return {
        kind: "done",
        toast: { kind: "success", message: `Gallery "${gallery.title}" deleted.` },
        activity: { kind: "gallery-deleted", gallery: galleryOf(gallery) },
        redirectTo: "/studio/galleries",
      };
    }
  }
}
