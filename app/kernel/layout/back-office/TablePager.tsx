import { Link } from "@remix-run/react";

export interface TablePagerProps {
  /** 1-based. */
  page: number;
  pages: number;
  href: (page: number) => string;
  /** Names the pager for screen readers ("Members pages"). */
  label: string;
  /**
   * Previous and next only, in these words (the outbox's "Newer" and "Older"), a step
   * that leads nowhere left out; without it: First / Previous / Next / Last, each shown
   * and marked disabled where it leads nowhere.
   */
  steps?: { previous: string; next: string };
  /** The rows were counted only up to a limit (ADR 64): `pages` is not the last, so no "of" and no Last. */
  open?: boolean;
  className?: string;
}

/** The pages of a table as links (the page is in the URL, so it works without JavaScript). */
export function TablePager({ page, pages, href, label, steps, open = false, className = "table-pager" }: TablePagerProps) {
  if (pages <= 1) return null;
  const step = (to: number, text: string, rel?: string) =>
    to >= 1 && to <= pages && to !== page ? (
      <Link to={href(to)} rel={rel} preventScrollReset>
        {text}
      </Link>
    ) : steps ? null : (
      <span aria-disabled="true">{text}</span>
    );
  return (
    <nav className={className} aria-label={label}>
      {steps ? null : step(1, "First")}
      {step(page - 1, steps?.previous ?? "Previous", "prev")}
      <span aria-current="page">{open ? `Page ${Math.min(page, pages)}` : `Page ${Math.min(page, pages)} of ${pages}`}</span>
      {step(page + 1, steps?.next ?? "Next", "next")}
      {steps || open ? null : step(pages, "Last")}
    </nav>
  );
}
