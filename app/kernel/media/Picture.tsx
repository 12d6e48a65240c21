import type { ShownImage } from "~/kernel/media/photo-renditions";

/**
 * An image from the content service as the loader hands it over (`shownImage`: path resolved,
 * sources worked out on the server, so this only renders them). A photo with renditions
 * (uploaded in the studio, ADR 40) is a <picture>: the WebP widths in `srcset` for the browser
 * to pick by `sizes`, and the JPEG fallback as the <img>. Any other image is the plain <img>.
 * Width and height (the original's) reserve the space before it loads; without them the CSS
 * box (aspect-ratio) holds it. Lazy unless it is the page's largest early image (`eager`).
 */
export function Picture({
  image,
  alt,
  sizes,
  eager = false,
  className,
}: {
  image: ShownImage;
  /** Overrides the stored alt text; "" for decorative images. */
  alt?: string;
  /** How wide it is shown, e.g. "(min-width: 768px) 33vw, 100vw". */
  sizes: string;
  /** Above the fold: load at once, with high priority. */
  eager?: boolean;
  className?: string;
}) {
  const img = (
    <img
      src={image.path}
      alt={alt ?? image.alt ?? ""}
      width={image.width}
      height={image.height}
      loading={eager ? "eager" : "lazy"}
      // Lower case: React 18 does not know the camel-case prop (the attribute is the same).
      {...(eager ? { fetchpriority: "high" } : {})}
      decoding="async"
      className={className}
    />
  );
  return image.webpSrcSet ? (
    <picture>
      <source type="image/webp" srcSet={image.webpSrcSet} sizes={sizes} />
      {img}
    </picture>
  ) : (
    img
  );
}
