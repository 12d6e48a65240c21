import type { AppLoadContext } from "@remix-run/cloudflare";
import type { ActivityEvent } from "~/kernel/activity/activity";
import { featuredAfter, GALLERY_TEXTS, movePhoto, photosWord, samePhoto, withCaptions, withoutPhoto, type GalleryAction } from "./gallery-edit";
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
    case "captions":
      await save(withCaptions(images, action.caption));
      return done("Captions saved.", "changed the captions");
    case "up":
    case "down":
      if (!inRange(action.index)) return nothing;
      await save(movePhoto(images, action.index, action.intent === "up" ? -1 : 1));
      return done(
        `Photo ${action.index + 1} moved ${action.intent}.`,
        `moved photo ${action.index + 1} ${action.intent}`,
        `${here}#photo-${action.intent === "up" ? action.index : action.index + 2}`,
      );
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
