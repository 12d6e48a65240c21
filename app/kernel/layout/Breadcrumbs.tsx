import { Link } from "@remix-run/react";

export interface Crumb {
  label: string;
  to?: string;
}

/** Home › [parent ›] current page. The first crumb links to /home (docs/requirements.md §1.2). */
export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  const crumbs: Crumb[] = [{ label: "Home", to: "/home" }, ...trail];
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={`${crumb.label}-${index}`}>
              {crumb.to && !last ? <Link to={crumb.to}>{crumb.label}</Link> : <span aria-current={last ? "page" : undefined}>{crumb.label}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** The banner at the top of inner pages: the page's heading and its breadcrumbs. */
export function PageTitle({ title, parent }: { title: string; parent?: Crumb }) {
  return (
    <div className="page-title">
      <div className="container">
        <h1>{title}</h1>
        <Breadcrumbs trail={parent ? [parent, { label: title }] : [{ label: title }]} />
      </div>
    </div>
  );
}
