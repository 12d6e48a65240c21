import { Link } from "@remix-run/react";

/** First / Previous / "Page n of N" / Next / Last, as links (the page is in the URL). */
export function TablePager(props: { page: number; pages: number; href: (page: number) => string; label: string }) {
  const { page, pages, href, label } = props;
  if (pages <= 1) return null;
  const step = (to: number, text: string, rel?: string) =>
    to >= 1 && to <= pages && to !== page ? (
      <Link to={href(to)} rel={rel} preventScrollReset>
        {text}
      </Link>
    ) : (
      <span aria-disabled="true">{text}</span>
    );
  return (
    <nav className="table-pager" aria-label={label}>
      {step(1, "First")}
      {step(page - 1, "Previous", "prev")}
      <span aria-current="page">
        Page {Math.min(page, pages)} of {pages}
      </span>
      {step(page + 1, "Next", "next")}
      {step(pages, "Last")}
    </nav>
  );
}
