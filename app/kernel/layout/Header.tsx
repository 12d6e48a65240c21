import { Link } from "@remix-run/react";
import { ASSOCIATION } from "~/kernel/layout/association";
import { MAIN_MENU } from "~/kernel/layout/navigation";
import { useScrolledPast } from "./use-scrolled-past";
import { MobileMenu } from "./MobileMenu";
import { NavItem } from "./NavItem";
import type { ShellData } from "~/kernel/layout/shell-data";

/** Fixed to the top once the page is scrolled more than 80 px (docs/requirements.md §1.2). */
const FIXED_AFTER_PX = 80;

export function Header({ shell }: { shell: ShellData }) {
  const fixed = useScrolledPast(FIXED_AFTER_PX);
  const links = [...MAIN_MENU, ...shell.accountLinks];
  return (
    <>
      <header className={fixed ? "site-header is-fixed" : "site-header"}>
        <div className="container site-header-inner">
          <Link to="/" className="brand">
            <img src="/favicon.svg" alt="" width={40} height={40} />
            <span className="brand-text">
              <span className="brand-short">{ASSOCIATION.shortName}</span>
              <span className="brand-name">{ASSOCIATION.name}</span>
            </span>
          </Link>
          <nav className="main-nav" aria-label="Main">
            <ul>
              {links.map((link) => (
                <li key={link.to}>
                  <NavItem link={link} />
                </li>
              ))}
            </ul>
          </nav>
          <MobileMenu links={links} />
        </div>
      </header>
      {/* Keeps the page from jumping when the header leaves the flow. */}
      {fixed ? <div className="site-header-spacer" aria-hidden="true" /> : null}
    </>
  );
}
