import type { ShownImage } from "~/kernel/media/photo-renditions";
import type { InfoPage } from "~/kernel/store/records";
import { youtubeId } from "~/features/site/youtube";
import { Picture } from "~/kernel/media/Picture";
import { RichText } from "~/kernel/layout/RichText";
import { VideoModal } from "./VideoModal";

/** The content block of About Us and School: image with play button, pre-title, title, descriptions. */
/** An info page as its loader hands it over: the picture ready to show. */
export type InfoPageShown = Omit<InfoPage, "image"> & { image: ShownImage | null };

export function InfoPageView({ page }: { page: InfoPageShown }) {
  const videoId = youtubeId(page.youtubeVideoId);
  return (
    <section className="container section split info-page">
      <div className="info-page-media">
        {/* The page's largest early image: eager. A photo uploaded in the studio comes in the size the screen needs. */}
        {page.image ? <Picture image={page.image} eager sizes="(min-width: 900px) 560px, 100vw" /> : null}
        {videoId ? <VideoModal videoId={videoId} title={page.title} /> : null}
      </div>
      <div className="info-page-text">
        <p className="eyebrow">{page.preTitle || "ABOUT US"}</p>
        <h2>{page.title}</h2>
        <RichText html={page.descriptionHtml} />
        <RichText html={page.description2Html} className="info-page-more" />
      </div>
    </section>
  );
}
