import { useEffect, useState } from "react";
import { Carousel } from "react-responsive-carousel";
import type { ShownImage } from "~/kernel/media/photo-renditions";
import type { HomeSlide } from "~/kernel/store/records";
import { Picture } from "~/kernel/media/Picture";
import { useHydrated } from "~/kernel/layout/use-hydrated";

/** docs/requirements.md §1.4: fade, 1200 ms transition, a new slide every 2500 ms, one at a time, dots and arrows. */
export const SLIDER = { transitionMs: 1200, intervalMs: 2500 } as const;

export type SlideView = Pick<HomeSlide, "id" | "smallText" | "title" | "description"> & { bannerImage: ShownImage };

function Slide({ slide, first, drawn }: { slide: SlideView; first: boolean; drawn: boolean }) {
  return (
    <div className="hero-slide">
      {/* The first banner is the page's largest paint: eager, high priority. With renditions the browser takes one by the
          screen's width (a phone: 700 or 1100 px, not the 2400 px original); the demo's banners, without, are the plain
          <img> they were. A banner not yet drawn leaves the slide's dark green under its text. */}
      {drawn ? <Picture image={slide.bannerImage} alt="" sizes="100vw" eager={first} className="hero-slide-image" /> : null}
      <div className="hero-slide-text container">
        <p className="eyebrow">{slide.smallText}</p>
        <h2>{slide.title}</h2>
        <p>{slide.description}</p>
      </div>
    </div>
  );
}

/**
 * How many banners are drawn, and what to call when slide `index` shows. The fade stacks every
 * slide in the same place, so a lazy <img> does not wait: each banner drawn at once was fetched
 * with the first and slowed the page's largest paint. So the first is drawn at once, the second
 * once the page has loaded (it is ready when autoplay fades it in), and each next one when the
 * slide before it shows. Without JavaScript only the first slide ever shows, and only it is drawn.
 */
function useBannersDrawn(): [number, (index: number) => void] {
  const [drawn, setDrawn] = useState(1);
  const drawUpTo = (index: number) => setDrawn((count) => Math.max(count, index + 2));
  useEffect(() => {
    const next = () => drawUpTo(0);
    if (document.readyState === "complete") next();
    else window.addEventListener("load", next, { once: true });
    return () => window.removeEventListener("load", next);
  }, []);
  return [drawn, drawUpTo];
}

/**
 * The home page's hero. The server renders the whole carousel with the first
 * slide showing, so the page is complete without JavaScript; the arrows, dots
 * and autoplay appear only once React runs (dead controls help nobody).
 */
export function HeroSlider({ slides }: { slides: SlideView[] }) {
  const hydrated = useHydrated();
  const [drawn, drawUpTo] = useBannersDrawn();
  if (!slides.length) return null;
  const live = hydrated && slides.length > 1;
  return (
    <section className="hero-slider" aria-roledescription="carousel" aria-label="Highlights">
      <Carousel
        animationHandler="fade"
        swipeable={false}
        transitionTime={SLIDER.transitionMs}
        interval={SLIDER.intervalMs}
        autoPlay={live}
        infiniteLoop
        stopOnHover
        showThumbs={false}
        showStatus={false}
        showArrows={live}
        showIndicators={live}
        onChange={drawUpTo}
        renderArrowPrev={(onClick, hasPrev, label) =>
          hasPrev && (
            <button type="button" className="hero-arrow hero-arrow-prev" onClick={onClick} aria-label={label}>
              <span aria-hidden="true">‹</span>
            </button>
          )
        }
        renderArrowNext={(onClick, hasNext, label) =>
          hasNext && (
            <button type="button" className="hero-arrow hero-arrow-next" onClick={onClick} aria-label={label}>
              <span aria-hidden="true">›</span>
            </button>
          )
        }
        renderIndicator={(onClick, selected, index) => (
          <li className="hero-dot-item">
            <button
              type="button"
              className={selected ? "hero-dot is-selected" : "hero-dot"}
              onClick={onClick}
              aria-label={`Show slide ${index + 1} of ${slides.length}`}
              aria-current={selected ? "true" : undefined}
            />
          </li>
        )}
      >
        {slides.map((slide, index) => (
          <Slide key={slide.id} slide={slide} first={index === 0} drawn={index < drawn} />
        ))}
      </Carousel>
    </section>
  );
}
