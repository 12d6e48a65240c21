import { useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import { Picture } from "~/kernel/media/Picture";
import { pictureSources, shownImage, type ShownImage } from "~/kernel/media/photo-renditions";
import { stepPhoto } from "~/features/site/gallery";
import type { MediaRef } from "~/kernel/store/records";

/** A gallery photo ready to show: its thumbnail, its large picture, and what its link opens without JavaScript. */
export interface Photo {
  alt: string;
  href: string;
  thumbnail: ShownImage;
  large: ShownImage;
}

/** For the loader: the thumbnail offers widths up to 700 px; without JavaScript the link opens the largest rendition, not a phone's 5 MB original. */
export function galleryPhoto(image: MediaRef & { alt: string }): Photo {
  return { alt: image.alt, href: pictureSources(image)?.largest ?? image.path, thumbnail: shownImage(image, 700), large: shownImage(image) };
}

/** How wide a thumbnail is laid out (gallery.css): 350 px from 748 px, else two columns: half of the screen less half of the page's padding (2 × 16 px) and the gap (16 px). */
export const THUMBNAIL_SIZES = "(min-width: 748px) 350px, calc(50vw - 24px)";

/** A click the browser should handle itself: another button, or a new tab or window. */
function isModifiedClick(event: MouseEvent) {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/**
 * The thumbnails of a gallery, and a lightbox to see them large. Each thumbnail
 * is a link to the full image, so without JavaScript it simply opens it. With
 * JavaScript a click opens a native modal <dialog> instead: Escape closes it (the
 * browser's own), the arrow keys and the Previous/Next buttons move through the
 * photos, a click on the backdrop closes it, and focus goes back to the
 * thumbnail of the photo last shown, so the place in the grid is kept.
 * Deliberately small: this page's whole JavaScript budget is a few kB.
 */
export function LightboxGallery({ photos }: { photos: Photo[] }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const thumbnails = useRef<Array<HTMLAnchorElement | null>>([]);
  const [current, setCurrent] = useState<number | null>(null);
  const photo = current === null ? null : photos[current];

  function open(event: MouseEvent<HTMLAnchorElement>, index: number) {
    if (isModifiedClick(event) || !dialog.current?.showModal) return;
    event.preventDefault();
    setCurrent(index);
    dialog.current.showModal();
  }

  const move = (step: number) => setCurrent((index) => (index === null ? null : stepPhoto(index, step, photos.length)));

  function onKeyDown(event: KeyboardEvent) {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    move(step);
  }

  function onClose() {
    if (current !== null) thumbnails.current[current]?.focus();
    setCurrent(null);
  }

  return (
    <>
      <ul className="gallery-grid">
        {photos.map((image, index) => (
          <li key={`${index}-${image.href}`}>
            <a
              // Without JavaScript the link opens the photo itself.
              href={image.href}
              className="gallery-thumb"
              ref={(element) => {
                thumbnails.current[index] = element;
              }}
              onClick={(event) => open(event, index)}
            >
              {/* Without stored sizes the CSS box (aspect-ratio 4/3) holds the space, so no spinner is needed while images load. */}
              <Picture image={image.thumbnail} eager={index === 0} sizes={THUMBNAIL_SIZES} />
            </a>
          </li>
        ))}
      </ul>
      {/* The arrow keys move between images and Escape closes (the browser's own, for a modal
          <dialog>): a key handler on the dialog is how a lightbox is used from the keyboard. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <dialog
        ref={dialog}
        className="lightbox"
        aria-labelledby="lightbox-caption"
        onClose={onClose}
        onKeyDown={onKeyDown}
        onClick={(event) => {
          // The frame fills the dialog, so a click on the <dialog> itself is on its backdrop.
          if (event.target === event.currentTarget) event.currentTarget.close();
        }}
      >
        <div className="lightbox-frame">
          <button type="button" className="button button-secondary lightbox-close" onClick={() => dialog.current?.close()}>
            Close
          </button>
          {photo ? (
            <figure className="lightbox-figure">
              {photo.large.webpSrcSet ? (
                <Picture key={photo.href} image={photo.large} alt={photo.alt} sizes="100vw" eager />
              ) : (
                <img key={photo.href} src={photo.large.path} alt={photo.alt} width={photo.large.width} height={photo.large.height} />
              )}
              <figcaption id="lightbox-caption" aria-live="polite">
                {photo.alt} <span className="lightbox-count">{`${current! + 1} of ${photos.length}`}</span>
              </figcaption>
            </figure>
          ) : null}
          {photos.length > 1 ? (
            <div className="lightbox-nav">
              <button type="button" className="button button-secondary" onClick={() => move(-1)}>
                <span aria-hidden="true">‹</span>Previous
              </button>
              <button type="button" className="button button-secondary" onClick={() => move(1)}>
                Next<span aria-hidden="true">›</span>
              </button>
            </div>
          ) : null}
        </div>
      </dialog>
    </>
  );
}
