import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { NavLink } from "~/kernel/layout/navigation";
import { useHydrated } from "./use-hydrated";
import { NavItem } from "./NavItem";

const MENU_ID = "mobile-menu";
/** What lies behind the open panel: made inert so Tab stays in the menu. */
const BACKGROUND = [".skip-link", ".top-bar", ".site-header .brand", "#main", ".site-footer", ".scroll-top"];

/**
 * The slide-out menu for small screens. Without JavaScript the toggle is a link
 * to #mobile-menu and CSS `:target` opens the panel; with JavaScript it is a
 * button with aria-expanded, focus moves into the panel, Escape closes it, and
 * navigating closes it.
 */
export function MobileMenu({ links }: { links: NavLink[] }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  // Opened by the no-JS link before hydration: take over that state, drop the hash.
  useEffect(() => {
    if (window.location.hash !== `#${MENU_ID}`) return;
    window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
    setOpen(true);
  }, []);

  // Navigating closes the menu (but mounting is not navigating).
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    setOpen(false);
  }, [location.pathname]);

  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const background = BACKGROUND.flatMap((selector) => Array.from(document.querySelectorAll(selector)));
    background.forEach((element) => element.setAttribute("inert", ""));
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onKey);
      background.forEach((element) => element.removeAttribute("inert"));
    };
  }, [open]);

  const close = () => {
    if (open) toggleRef.current?.focus();
    setOpen(false);
  };

  return (
    <>
      {hydrated ? (
        <button ref={toggleRef} type="button" className="menu-toggle" aria-expanded={open} aria-controls={MENU_ID} onClick={() => setOpen((value) => !value)}>
          <span className="menu-toggle-bars" aria-hidden="true" />
          Menu
        </button>
      ) : (
        <a className="menu-toggle" href={`#${MENU_ID}`} aria-controls={MENU_ID}>
          <span className="menu-toggle-bars" aria-hidden="true" />
          Menu
        </a>
      )}
      <nav
        id={MENU_ID}
        // Once JavaScript manages the menu, CSS stops following #mobile-menu (:target).
        className={["mobile-menu", hydrated ? "is-managed" : "", open ? "is-open" : ""].filter(Boolean).join(" ")}
        aria-label="Mobile"
      >
        {hydrated ? (
          <button ref={closeRef} type="button" className="mobile-menu-close" onClick={close}>
            Close menu
          </button>
        ) : (
          <a className="mobile-menu-close" href="#top">
            Close menu
          </a>
        )}
        <ul>
          {links.map((link) => (
            <li key={link.to}>
              <NavItem link={link} onNavigate={close} />
            </li>
          ))}
        </ul>
      </nav>
      {open ? <div className="mobile-menu-backdrop" aria-hidden="true" onClick={close} /> : null}
    </>
  );
}
