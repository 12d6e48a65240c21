import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Picture } from "~/kernel/media/Picture";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { photoCount } from "~/features/site/gallery";
import { pageMeta } from "~/kernel/layout/page-meta";
import { shownImage } from "~/kernel/media/photo-renditions";

/** The tags come with the loader's data (the same pageMeta), so the page's JavaScript carries none of their words. */
export const meta: MetaFunction<typeof loader> = ({ data }) => data?.meta ?? [];

export async function loader({ context }: LoaderFunctionArgs) {
  const galleries = await context.content.listGalleries();
  // Only what a card shows: the photos themselves load on the gallery's own page.
  return {
    galleries: galleries.map(({ id, title, featuredImage, images }) => ({
      id,
      title,
      featuredImage: shownImage(featuredImage, 700),
      count: photoCount(images.length),
    })),
    meta: pageMeta("Gallery", "Photos from the association's celebrations, festivals, school and sports days."),
  };
}

export default function GalleryIndex() {
  const { galleries } = useLoaderData<typeof loader>();
  return (
    <>
      <PageTitle title="Gallery" />
      <section className="container section">
        {galleries.length ? (
          <ul className="card-grid gallery-cards">
            {galleries.map((gallery, index) => (
              <li key={gallery.id} className="card gallery-card">
                {/* The title names the link; the cover photo adds nothing to read out. */}
                <Picture image={gallery.featuredImage} alt="" eager={index === 0} sizes="(min-width: 768px) 33vw, 100vw" />
                <div className="card-body">
                  <h2>
                    {/* Its ::after covers the card, so the whole card is the link. */}
                    <Link to={`/gallery/${gallery.id}`} className="gallery-card-link">
                      {gallery.title}
                    </Link>
                  </h2>
                  <p className="gallery-card-count">{gallery.count}</p>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="empty-state">There are no photo galleries yet. Please check back soon.</p>
        )}
      </section>
    </>
  );
}
