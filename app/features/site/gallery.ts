import type { Gallery, MediaRef } from "~/kernel/store/records";

/** "1 photo", "6 photos": the count on a gallery card. */
export function photoCount(count: number): string {
  return `${count} ${count === 1 ? "photo" : "photos"}`;
}

/**
 * A gallery's photos, each with alt text: the stored one, or the gallery's title
 * and the photo's place ("Picnic, photo 3"), since a thumbnail is the only
 * content of its link and Cockpit's gallery images carry no alt text.
 */
export function describedPhotos(gallery: Pick<Gallery, "title" | "images">): Array<MediaRef & { alt: string }> {
  return gallery.images.map((image, index) => ({ ...image, alt: image.alt?.trim() || `${gallery.title}, photo ${index + 1}` }));
}

/** The photo `step` places from `index` in a gallery of `count`, wrapping round at either end. */
export function stepPhoto(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}
