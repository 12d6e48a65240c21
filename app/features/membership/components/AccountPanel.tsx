import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** A titled panel of the account pages, with an optional link beside the title (EDIT, BACK). */
export function AccountPanel({
  id,
  title,
  action,
  className = "",
  children,
}: {
  id: string;
  title: string;
  action?: { to: string; label: string; secondary?: boolean };
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={`account-panel ${className}`.trim()} aria-labelledby={id}>
      <div className="account-panel-head">
        <h2 id={id}>{title}</h2>
        {action ? (
          <Link to={action.to} className={action.secondary ? "button button-secondary" : "button"}>
            {action.label}
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}
