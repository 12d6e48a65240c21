import type { InfoPage } from "~/domain/records";
import { youtubeId } from "~/domain/youtube";
import { Picture } from "./Picture";
import { RichText } from "./RichText";
import { VideoModal } from "./VideoModal";

/** The content block of About Us and School: image with play button, pre-title, title, descriptions. */
export function InfoPageView({ page }: { page: InfoPage }) {
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
