import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { homeButtonHref } from "~/features/site/home-button";
import { Link, useLoaderData } from "@remix-run/react";
import carouselStyles from "react-responsive-carousel/lib/styles/carousel.min.css?url";
import { Picture } from "~/kernel/media/Picture";
import { NewsList, newsSummary } from "~/features/site/components/NewsCard";
import { RichText } from "~/kernel/layout/RichText";
import { HeroSlider } from "~/features/site/components/HeroSlider";
import { ASSOCIATION } from "~/kernel/layout/association";
import { shownImage } from "~/kernel/media/photo-renditions";
import { NO_UPCOMING_EVENT } from "~/kernel/store/site-settings-defaults";
import { absoluteUrl, pageMeta } from "~/kernel/layout/page-meta";
import { BOOK_TICKETS, homeEvent } from "~/features/site/public-events.server";
import { telHref } from "~/kernel/layout/tel-href";

/** docs/requirements.md §1.4: the home page shows the first five news items. */
const HOME_NEWS_COUNT = 5;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: carouselStyles }];

/** The tags come with the loader's data (the same pageMeta), so the page's JavaScript carries none of their words. */
export const meta: MetaFunction<typeof loader> = ({ data }) => data?.meta ?? [];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const [settings, slides, news, upcoming] = await Promise.all([
    context.content.getSiteSettings(),
    context.content.listSlides(),
    context.content.listPublishedNews(),
    homeEvent(context),
  ]);
  // The next event shown (a record, ADR 60); the button's words, its link if set elsewhere, and the video stay the settings' (docs/requirements.md §1.4).
  const shown = settings.upcomingEvent;
  return {
    slides: slides.map(({ id, bannerImage, smallText, title, description }) => ({ id, bannerImage: shownImage(bannerImage), smallText, title, description })),
    // Formatted on the server, so neither the dates nor the empty state cost the page JavaScript.
    event: upcoming
      ? {
          image: upcoming.image,
          title: upcoming.title,
          descriptionHtml: upcoming.descriptionHtml,
          facts: upcoming.facts,
          buttonText: shown.buttonText.trim() || BOOK_TICKETS,
          link: homeButtonHref(shown.bookingLink, upcoming.bookHref),
          note: upcoming.bookingNote,
        }
      : { image: null, title: NO_UPCOMING_EVENT, descriptionHtml: "", facts: [], buttonText: "", link: null, note: null },
    // The type is worked out here, so the function stays out of the page's JavaScript.
    video: { title: shown.videoTitle, file: shown.video, type: shown.video ? videoType(shown.video.path) : undefined },
    news: news.slice(0, HOME_NEWS_COUNT).map(newsSummary),
    contactNumber: settings.primaryContactNumber,
    contactEmail: settings.primaryContactEmail,
    meta: pageMeta("Home", `${ASSOCIATION.name}: our community, school, events and membership in Greater Manchester.`, {
      image: slides[0] ? absoluteUrl(slides[0].bannerImage.path, request.url) : null,
    }),
  };
}

function videoType(path: string): string | undefined {
  const extension = /\.(\w+)(?:[?#].*)?$/.exec(path)?.[1]?.toLowerCase();
  return extension ? { mp4: "video/mp4", webm: "video/webm", ogg: "video/ogg", mov: "video/quicktime" }[extension] : undefined;
}

export default function Home() {
  const { slides, event, video, news, contactNumber, contactEmail } = useLoaderData<typeof loader>();
  return (
    <>
      {/* Without slides (a fresh site) nothing else names the page: the heading shows. */}
      <h1 className={slides.length ? "visually-hidden" : "container section"}>{ASSOCIATION.name}</h1>
      <HeroSlider slides={slides} />

      <section className="container section split upcoming-event" aria-labelledby="upcoming-event">
        {event.image ? <Picture image={event.image} sizes="(min-width: 900px) 560px, 100vw" className="upcoming-event-image" /> : null}
        <div>
          <p className="eyebrow">Upcoming event</p>
          <h2 id="upcoming-event">{event.title}</h2>
          {event.facts.length ? (
            <dl className="event-facts">
              {event.facts.map((fact) => (
                <div key={fact.term}>
                  <dt>{fact.term}</dt>
                  <dd>{fact.dateTime ? <time dateTime={fact.dateTime}>{fact.text}</time> : fact.text}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          <RichText html={event.descriptionHtml} />
          {event.link ? (
            <p>
              <a className="button" href={event.link}>
                {event.buttonText}
              </a>
            </p>
          ) : event.note ? (
            <p className="event-note">{event.note}</p>
          ) : null}
        </div>
      </section>

      {video.file ? (
        <section className="section video-block" aria-labelledby="video-title">
          <div className="container">
            <h2 id="video-title">{video.title}</h2>
            {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the home page's video (docs/requirements.md §1.4) comes from the CMS, which has no field for a captions file to put in a <track>. */}
            <video controls preload="metadata" width={video.file.width} height={video.file.height}>
              <source src={video.file.path} type={video.type} />
              Your browser does not support the video tag.
            </video>
          </div>
        </section>
      ) : null}

      <section className="container section" aria-labelledby="latest-news">
        <p className="eyebrow">News</p>
        <h2 id="latest-news">Latest news</h2>
        {news.length ? <NewsList items={news} headingLevel={3} /> : <p className="empty-state">There is no news yet.</p>}
        <p>
          <Link to="/blog">All news</Link>
        </p>
      </section>

      {/* Until the association sets its phone and e-mail (a fresh site), no callout with blanks. */}
      {contactNumber && contactEmail ? (
        <section className="section contact-callout" aria-labelledby="contact-callout">
          <div className="container">
            <h2 id="contact-callout">Get in touch</h2>
            <p>
              Call <a href={telHref(contactNumber)}>{contactNumber}</a> or e-mail <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
            </p>
          </div>
        </section>
      ) : null}
    </>
  );
}
