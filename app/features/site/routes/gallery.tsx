import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { galleryPhoto, LightboxGallery } from "~/features/site/components/Lightbox";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { describedPhotos, photoCount } from "~/features/site/gallery";
import { absoluteUrl, pageMeta } from "~/kernel/layout/page-meta";

/** The tags come with the loader's data (the same pageMeta), so the page's JavaScript carries none of their words. */
export const meta: MetaFunction<typeof loader> = ({ data }) => data?.meta ?? [];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  // Found in the cached list of galleries, so a made-up id costs no store read.
  const gallery = params.id ? await context.content.getGallery(params.id) : null;
  // docs/requirements.md §1.9: with no gallery chosen, the detail page goes back to the list.
  if (!gallery) throw redirect("/gallery");
  return {
    title: gallery.title,
    photos: describedPhotos(gallery).map(galleryPhoto),
    meta: pageMeta(gallery.title, `${gallery.title}: ${photoCount(gallery.images.length)} from the association's gallery.`, {
      image: absoluteUrl(gallery.featuredImage.path, request.url),
    }),
  };
}

export default function GalleryDetail() {
  const { title, photos } = useLoaderData<typeof loader>();
  return (
    <>
      <PageTitle title={title} parent={{ label: "Gallery", to: "/gallery" }} />
      <section className="container section">
        <p className="gallery-back">
          <Link className="button button-secondary" to="/gallery">
            <span aria-hidden="true">←</span>Back
          </Link>
        </p>
        {photos.length ? <LightboxGallery photos={photos} /> : <p className="empty-state">There are no photos in this gallery yet.</p>}
      </section>
    </>
  );
}
