import { Carousel } from "react-responsive-carousel";
import type { ShownImage } from "~/domain/photo-renditions";
import type { HomeSlide } from "~/domain/records";
import { Picture } from "../content/Picture";
import { useHydrated } from "../use-hydrated";

/** Spec §9: fade, 1200 ms transition, a new slide every 2500 ms, one at a time, dots and arrows. */
export const SLIDER = { transitionMs: 1200, intervalMs: 2500 } as const;

export type SlideView = Pick<HomeSlide, "id" | "smallText" | "title" | "description"> & { bannerImage: ShownImage };

function Slide({ slide, first }: { slide: SlideView; first: boolean }) {
  return (
    <div className="hero-slide">
      {/* The first banner is the page's largest paint: eager, high priority; the others lazy. With renditions the browser
          takes one by the screen's width (a phone: 700 px, not the 2400 px original; under the text's dark gradient a
          cropped slide needs no sharper); the demo's banners, without, are the plain <img> they were. */}
      <Picture image={slide.bannerImage} alt="" sizes="100vw" eager={first} className="hero-slide-image" />
      <div className="hero-slide-text container">
        <p className="eyebrow">{slide.smallText}</p>
        <h2>{slide.title}</h2>
        <p>{slide.description}</p>
      </div>
    </div>
  );
}

/**
 * The home page's hero. The server renders the whole carousel with the first
 * slide showing, so the page is complete without JavaScript; the arrows, dots
 * and autoplay appear only once React runs (dead controls help nobody).
 */
export function HeroSlider({ slides }: { slides: SlideView[] }) {
  const hydrated = useHydrated();
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
          <Slide key={slide.id} slide={slide} first={index === 0} />
        ))}
      </Carousel>
    </section>
  );
}
