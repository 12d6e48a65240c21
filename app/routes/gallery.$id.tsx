import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { galleryPhoto, LightboxGallery } from "~/components/gallery/Lightbox";
import { PageTitle } from "~/components/layout/Breadcrumbs";
import { describedPhotos, photoCount } from "~/domain/gallery";
import { absoluteUrl, pageMeta } from "~/domain/page-meta";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? pageMeta(data.title, data.description, { image: data.shareImage }) : pageMeta("Gallery", "Photos from the association's events.");

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  // Found in the cached list of galleries, so a made-up id costs no store read.
  const gallery = params.id ? await context.content.getGallery(params.id) : null;
  // Spec §2: with no gallery chosen, the detail page goes back to the list.
  if (!gallery) throw redirect("/gallery");
  return {
    title: gallery.title,
    // Worked out here, so the counting stays out of the page's JavaScript.
    description: `${gallery.title}: ${photoCount(gallery.images.length)} from the association's gallery.`,
    photos: describedPhotos(gallery).map(galleryPhoto),
    shareImage: absoluteUrl(gallery.featuredImage.path, request.url),
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
