import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { NavLink } from "~/domain/navigation";
import { useHydrated } from "../use-hydrated";
import { NavItem } from "./NavItem";

const MENU_ID = "mobile-menu";

/**
 * The slide-out menu for small screens. Without JavaScript the toggle is a link
 * to #mobile-menu and CSS `:target` opens the panel; with JavaScript it is a
 * button with aria-expanded, Escape closes it, and navigating closes it.
 */
export function MobileMenu({ links }: { links: NavLink[] }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  const close = () => {
    setOpen(false);
    // The panel may have been opened by the no-JS link before hydration.
    if (window.location.hash === `#${MENU_ID}`) {
      window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
    }
  };

  return (
    <>
      {hydrated ? (
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls={MENU_ID}
          onClick={() => setOpen((value) => !value)}
        >
          <span className="menu-toggle-bars" aria-hidden="true" />
          Menu
        </button>
      ) : (
        <a className="menu-toggle" href={`#${MENU_ID}`} aria-controls={MENU_ID}>
          <span className="menu-toggle-bars" aria-hidden="true" />
          Menu
        </a>
      )}
      <nav id={MENU_ID} className={open ? "mobile-menu is-open" : "mobile-menu"} aria-label="Mobile">
        {hydrated ? (
          <button type="button" className="mobile-menu-close" onClick={close}>
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
