import { useHydrated } from "./use-hydrated";
import { useScrolledPast } from "./use-scrolled-past";

/**
 * A plain link to the top of the page (CSS makes the scroll smooth unless the
 * reader prefers reduced motion). With JavaScript it shows once the page is scrolled.
 */
export function ScrollToTop() {
  const hydrated = useHydrated();
  const scrolled = useScrolledPast(300);
  const visible = !hydrated || scrolled;
  return (
    <a
      href="#top"
      className={visible ? "scroll-top is-visible" : "scroll-top"}
      aria-label="Scroll to top"
      aria-hidden={visible ? undefined : true}
      tabIndex={visible ? undefined : -1}
    >
      <span aria-hidden="true">↑</span>
    </a>
  );
}
