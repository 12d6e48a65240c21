import { NavLink as RemixNavLink } from "@remix-run/react";
import type { NavLink } from "~/kernel/layout/navigation";

/** One menu link. Logout is a full page load and never prefetched (a prefetch would sign the user out). */
export function NavItem({ link, onNavigate }: { link: NavLink; onNavigate?: () => void }) {
  const isLogout = link.to === "/logout";
  return (
    <RemixNavLink to={link.to} end={link.to === "/"} prefetch={isLogout ? "none" : "intent"} reloadDocument={isLogout} onClick={onNavigate}>
      {link.label}
    </RemixNavLink>
  );
}
