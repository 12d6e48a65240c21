import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { PAGE_SIZES, type PageSize, type TablePaging } from "~/kernel/store/paging";
import { AdminTable, type AdminColumn } from "~/kernel/layout/back-office/AdminTable";

/** Rows per page, as links (works without JavaScript); the current size is marked. */
function PageSizes({ label, current, href }: { label: string; current: PageSize; href: (size: PageSize) => string }) {
  return (
    <nav className="page-sizes" aria-label={label}>
      <span aria-hidden="true">Rows:</span>
      {PAGE_SIZES.map((size) =>
        size === current ? (
          <span key={size} aria-current="true">
            {size}
          </span>
        ) : (
          <Link key={size} to={href(size)} preventScrollReset>
            {size}
          </Link>
        ),
      )}
    </nav>
  );
}

/**
 * One report table, read-only (the subscriptions and event payments reports), on the
 * one admin table: its section with the title and count, CSV export, page sizes, pager.
 * The row's name cell names the row.
 */
export function ReportTable<Row extends { id: string }>(props: {
  id: string;
  title: string;
  caption: string;
  columns: ReadonlyArray<{ id: Exclude<keyof Row, symbol | number>; header: string }>;
  rows: Row[];
  empty: string;
  footer?: string;
  csvHref: string;
  paging: TablePaging;
  pages: number;
  /** The count stopped at a limit (ADR 64): the pager does not say how many pages there are. */
  pagesOpen?: boolean;
  pageHref: (page: number) => string;
  sizeHref: (size: PageSize) => string;
  /** A class for a row (e.g. the event report's grey used tickets). */
  rowClassName?: (row: Row) => string | undefined;
  /** A last column with a link per row (Refunds, docs/requirements.md §4.10: "Refund"); not in the CSV. */
  rowLink?: { header: string; cell: (row: Row) => ReactNode };
  children?: ReactNode;
}) {
  const { id, title, caption, paging } = props;
  const columns: AdminColumn<Row>[] = props.columns.map((column) => ({
    id: column.id,
    header: column.header,
    ...(column.id === "name" ? { rowHeader: {} } : {}),
  }));
  if (props.rowLink) columns.push({ id: "rowLink", header: props.rowLink.header, cell: props.rowLink.cell });
  return (
    <section className="report-section" aria-labelledby={`${id}-title`}>
      <AdminTable
        caption={caption}
        columns={columns}
        rows={props.rows}
        rowId={(row) => row.id}
        rowClassName={props.rowClassName}
        empty={props.empty}
        head={{
          className: "report-head",
          content: <h2 id={`${id}-title`}>{title}</h2>,
          csv: { href: props.csvHref, hiddenLabel: ` of ${caption.toLowerCase()}` },
        }}
        above={
          <>
            {props.children}
            <PageSizes label={`${caption}: rows per page`} current={paging.size} href={props.sizeHref} />
          </>
        }
        tableId={`${id}-table`}
        tableClassName="members-table report-table"
        footer={props.footer}
        pager={{ page: paging.page, pages: props.pages, open: props.pagesOpen, label: `${caption}: pages`, href: props.pageHref }}
      />
    </section>
  );
}
