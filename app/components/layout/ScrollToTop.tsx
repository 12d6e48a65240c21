import { useScrolledPast } from "../use-scrolled-past";
import { useHydrated } from "../use-hydrated";

/** A plain link to the top of the page; with JavaScript it appears once the page is scrolled. */
export function ScrollToTop() {
  const hydrated = useHydrated();
  const scrolled = useScrolledPast(300);
  const visible = !hydrated || scrolled;
  return (
    <a
      href="#top"
      className={visible ? "scroll-top is-visible" : "scroll-top"}
      aria-label="Scroll to top"
      tabIndex={visible ? undefined : -1}
      onClick={(event) => {
        event.preventDefault();
        window.scrollTo({ top: 0, behavior: "smooth" });
      }}
    >
      <span aria-hidden="true">↑</span>
    </a>
  );
}
