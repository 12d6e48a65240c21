import { NavLink, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { ADMIN_MENU, INBOX_PATH, messagesLabel } from "~/kernel/layout/back-office/admin-nav";
import type { ShellData } from "~/kernel/layout/shell-data";
import { PageTitle, type Crumb } from "~/kernel/layout/Breadcrumbs";

/** The frame of every back-office screen: the page title, the back-office menu, then the screen. `parent`: the breadcrumb above it (the Dashboard unless given). */
export function AdminPage({ title, parent = { label: "Dashboard", to: "/accounts" }, children }: { title: string; parent?: Crumb; children: ReactNode }) {
  // Contact inbox (docs/requirements.md §6.13): "Messages (N)" while N are unread (the root loader counts them).
  const unread = (useRouteLoaderData("root") as { shell?: ShellData } | undefined)?.shell?.inboxUnread ?? 0;
  return (
    <>
      <PageTitle title={title} parent={parent} />
      <section className="section admin-page">
        <div className="container admin-container">
          <nav className="admin-nav" aria-label="Back office">
            <ul>
              {ADMIN_MENU.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end prefetch="intent">
                    {link.to === INBOX_PATH ? messagesLabel(unread) : link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {children}
        </div>
      </section>
    </>
  );
}
