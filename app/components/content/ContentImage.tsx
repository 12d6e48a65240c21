import type { MediaRef } from "~/domain/records";

/**
 * An image from the content service (its path already resolved to a URL).
 * Width and height reserve the space before it loads; images below the fold
 * load lazily. Without known sizes the CSS box (aspect-ratio) holds the space.
 */
export function ContentImage({
  image,
  alt,
  sizes,
  eager = false,
  className,
}: {
  image: MediaRef;
  /** Overrides the stored alt text; "" for decorative images. */
  alt?: string;
  sizes?: string;
  /** Above the fold: load at once, with high priority for the first. */
  eager?: boolean;
  className?: string;
}) {
  return (
    <img
      src={image.path}
      alt={alt ?? image.alt ?? ""}
      width={image.width}
      height={image.height}
      sizes={sizes}
      loading={eager ? "eager" : "lazy"}
      // Lower case: React 18 does not know the camel-case prop (the attribute is the same).
      {...(eager ? { fetchpriority: "high" } : {})}
      decoding="async"
      className={className}
    />
  );
}
