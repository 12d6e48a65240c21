import type { ShownImage } from "~/domain/photo-renditions";
import { ContentImage } from "./ContentImage";

/**
 * A photo with renditions (uploaded in the studio, ADR 40) as a <picture>: the WebP widths in
 * `srcset` for the browser to pick by `sizes`, and the JPEG fallback as the <img>, whose
 * width and height (the original's) reserve the space. Lazy unless it is the page's largest
 * early image (`eager`). A photo without renditions is exactly the ContentImage it always was.
 * The loader works the sources out (`shownImage`), so this only renders them.
 */
export function Picture({
  image,
  alt,
  sizes,
  eager = false,
  className,
}: {
  image: ShownImage;
  alt?: string;
  /** How wide it is shown, e.g. "(min-width: 768px) 33vw, 100vw". */
  sizes: string;
  eager?: boolean;
  className?: string;
}) {
  const img = <ContentImage image={image} alt={alt} eager={eager} className={className} />;
  if (!image.webpSrcSet) return img;
  return (
    <picture>
      <source type="image/webp" srcSet={image.webpSrcSet} sizes={sizes} />
      {img}
    </picture>
  );
}
