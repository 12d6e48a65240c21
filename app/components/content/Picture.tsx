import { pictureSources } from "~/domain/photo-renditions";
import type { MediaRef } from "~/domain/records";
import { ContentImage } from "./ContentImage";

/**
 * A photo with renditions (uploaded in the studio, ADR 40) as a <picture>: the WebP widths in
 * `srcset` for the browser to pick by `sizes`, and the JPEG fallback as the <img>, whose
 * width and height (the original's) reserve the space. Lazy unless it is the page's largest
 * early image (`eager`). A photo without renditions is exactly the ContentImage it always was.
 */
export function Picture({
  image,
  alt,
  sizes,
  maxWidth,
  eager = false,
  className,
}: {
  image: MediaRef;
  alt?: string;
  /** How wide it is shown, e.g. "(min-width: 768px) 33vw, 100vw". */
  sizes: string;
  /** The widest rendition to offer (thumbnails: 700). */
  maxWidth?: number;
  eager?: boolean;
  className?: string;
}) {
  const sources = pictureSources(image, maxWidth);
  if (!sources) return <ContentImage image={image} alt={alt} eager={eager} className={className} />;
  return (
    <picture>
      <source type="image/webp" srcSet={sources.webpSrcSet} sizes={sizes} />
      <ContentImage image={{ ...image, path: sources.fallback }} alt={alt} eager={eager} className={className} />
    </picture>
  );
}
