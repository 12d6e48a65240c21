import { NavLink, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { ADMIN_MENU, INBOX_PATH, messagesLabel } from "~/kernel/layout/back-office/admin-nav";
import type { ShellData } from "~/kernel/layout/shell-data";
import { PageTitle, type Crumb } from "~/kernel/layout/Breadcrumbs";
import type { NavLink as NavLinkData } from "~/kernel/layout/navigation";

/**
 * The frame of every back-office screen: the page title, the back-office menu, then the screen.
 * The door (ADR 65) gives its own `menu` (a steward's: the door alone), no Dashboard crumb for a
 * steward (`parent` null), and `menuAfter`: the menu follows the screen on a phone, so the
 * scanner comes first, and is drawn above it from tablet width up (admin.css).
 */
export function AdminPage({
  title,
  children,
  menu = ADMIN_MENU,
  menuAfter = false,
  parent = DASHBOARD,
}: {
  title: string;
  children: ReactNode;
  menu?: readonly NavLinkData[];
  menuAfter?: boolean;
  parent?: Crumb | null;
}) {
  // Contact inbox (docs/requirements.md §6.13): "Messages (N)" while N are unread (the root loader counts them).
  const unread = (useRouteLoaderData("root") as { shell?: ShellData } | undefined)?.shell?.inboxUnread ?? 0;
  const nav = (
    <nav className="admin-nav" aria-label="Back office">
      <ul>
        {menu.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end prefetch="intent">
              {link.to === INBOX_PATH ? messagesLabel(unread) : link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
  return (
    <>
      <PageTitle title={title} parent={parent ?? undefined} />
      <section className={`section admin-page${menuAfter ? " admin-page-menu-after" : ""}`}>
        <div className="container admin-container">
          {menuAfter ? null : nav}
          {children}
          {menuAfter ? nav : null}
        </div>
      </section>
    </>
  );
}

const DASHBOARD: Crumb = { label: "Dashboard", to: "/accounts" };
