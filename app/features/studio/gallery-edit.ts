import { z } from "zod";
import type { MediaRef } from "~/kernel/store/records";

/**
 * The galleries studio's rules (/studio/galleries): its forms' schemas, its texts, and the
 * changes to a gallery's photo list (each a new list; the store writes the whole gallery). Pure.
 */

/** How many photos one upload may carry: a Worker takes 100 MB a request (ADR 40), and a phone photo is 3–5 MB. */
export const PHOTOS_PER_UPLOAD = 12;

export const GALLERY_TEXTS = {
  empty: 'There are no galleries yet. Use "New gallery" to make the first one.',
  noPhotos: "This gallery has no photos yet. Upload some below.",
  uploadHint: `Choose up to ${PHOTOS_PER_UPLOAD} photos at a time (JPEG, PNG, WebP or GIF, up to 25 MB each, 40 MB in all).`,
  // With JavaScript each photo is its own request (ADR 40): no count or total limit, only each photo's size.
  uploadHintWithScript: "Choose as many photos as you like (JPEG, PNG, WebP or GIF, up to 25 MB each): they are sent one at a time.",
  tooMany: `Please choose at most ${PHOTOS_PER_UPLOAD} photos at a time, then upload the rest.`,
  noFile: "Please choose at least one photo.",
  withoutRenditions: "Not shown on the site: this photo could not be resized. Please delete it and upload it again.",
  deleteGallery: (title: string) => `Delete the gallery "${title}" and all its photos? This cannot be undone.`,
  deletePhoto: (n: number) => `Delete photo ${n} from this gallery? This cannot be undone.`,
  titleRequired: "Please enter the gallery's name.",
  orderOutOfDate: "The photos changed since this page was opened, so nothing was moved. Please try again.",
} as const;

const title = z
  .string({ error: GALLERY_TEXTS.titleRequired })
  .trim()
  .min(1, GALLERY_TEXTS.titleRequired)
  .max(120, "Please keep the name under 120 characters.");
const index = z.coerce.number().int().min(0);
/** A move button's value: "up-3" or "down-3" (the photo's index). */
const MOVE_VALUE = /^(up|down)-\d{1,5}$/;
const confirmed = z.literal("1").optional();

export const newGallerySchema = z.object({ title });

/** Every form on a gallery's page, told apart by its button's `intent`. */
export const galleryActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("rename"), title }),
  z.object({ intent: z.literal("upload") }),
  // The captions form also carries the moves, so captions typed before a move are kept (docs/requirements.md §7.12):
  // `move` is a Move up/down button ("up-3": photo index 3 up, without JavaScript too); `order` a drag's or arrow key's
  // whole new order (the photos' paths) with `moved`, the path of the photo that was moved.
  z.object({
    intent: z.literal("captions"),
    // A caption left empty arrives as undefined (conform reads "" as no value): it is no caption, not a refusal.
    caption: z.array(z.string().trim().max(300).optional()).default([]),
    move: z.string().regex(MOVE_VALUE).optional(),
    order: z.array(z.string().max(500)).max(2000).optional(),
    moved: z.string().max(500).optional(),
  }),
  z.object({ intent: z.literal("up"), index }),
  z.object({ intent: z.literal("down"), index }),
  z.object({ intent: z.literal("featured"), index }),
  z.object({ intent: z.literal("delete-photo"), index, confirmed }),
  z.object({ intent: z.literal("delete-gallery"), confirmed }),
]);
export type GalleryAction = z.infer<typeof galleryActionSchema>;

/** The list with photo `index` moved one place (`step` -1 up, +1 down); unchanged at either end. */
export function movePhoto<T>(images: readonly T[], index: number, step: -1 | 1): T[] {
  const to = index + step;
  const next = [...images];
  if (index < 0 || index >= images.length || to < 0 || to >= images.length) return next;
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** The list without photo `index`. */
export function withoutPhoto<T>(images: readonly T[], index: number): T[] {
  return images.filter((_, i) => i !== index);
}

/** Each photo with its caption (the alt text) from the form, in order; an empty caption removes it. */
export function withCaptions(images: readonly MediaRef[], captions: ReadonlyArray<string | undefined>): MediaRef[] {
  return images.map((image, i) => {
    const caption = captions[i]?.trim();
    const { alt: _old, ...rest } = image;
    return caption ? { ...rest, alt: caption } : rest;
  });
}

/** The same photo (by its path), wherever it sits in a list. */
export const samePhoto = (a: Pick<MediaRef, "path">, b: Pick<MediaRef, "path">) => a.path === b.path;

/**
 * The featured image after the photos changed: kept while it is still one of them, else the
 * first photo (a gallery card needs a cover), else none.
 */
export function featuredAfter(featured: MediaRef, images: readonly MediaRef[]): MediaRef {
  const kept = featured.path ? images.find((image) => samePhoto(image, featured)) : undefined;
  return kept ?? images[0] ?? { path: "" };
}

/** "1 photo", "3 photos" in a sentence of the log. */
export const photosWord = (n: number) => `${n} ${n === 1 ? "photo" : "photos"}`;

/** The photo a move button's value names ("up-3"), and the way it goes. */
export function moveOfButton(value: string): { index: number; step: -1 | 1 } | null {
  const match = MOVE_VALUE.exec(value);
  return match ? { index: Number(value.slice(value.indexOf("-") + 1)), step: match[1] === "up" ? -1 : 1 } : null;
}

/**
 * The photos in the order a drag posted (their paths), or null when that order is not exactly
 * the gallery's photos (someone changed it meanwhile). A path there twice is taken in turn.
 */
export function inPostedOrder<T extends Pick<MediaRef, "path">>(images: readonly T[], order: readonly string[]): T[] | null {
  if (order.length !== images.length) return null;
  const left = [...images];
  const next: T[] = [];
  for (const path of order) {
    const at = left.findIndex((image) => image.path === path);
    if (at < 0) return null;
    next.push(left.splice(at, 1)[0]!);
  }
  return next;
}

/** What the toast says after a move, naming the photo by its old number and its new place. */
export function photoMovedMessage(from: number, to: number, total: number): string {
  return `Photo ${from + 1} moved to place ${to + 1} of ${total}.`;
}

/** Whether the captions form changes any photo's caption. */
export function captionsChange(images: readonly MediaRef[], captions: ReadonlyArray<string | undefined>): boolean {
  return withCaptions(images, captions).some((image, i) => (image.alt ?? "") !== (images[i]!.alt ?? ""));
}
