import { Link } from "@remix-run/react";
import { flexRender, tableFeatures, useTable, type ColumnDef } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { xlsxHref } from "~/kernel/layout/back-office/export-links";
import { TablePager, type TablePagerProps } from "./TablePager";
import { TableScrollHint } from "./TableScrollHint";

// Core only: paging, sorting and filtering are the server's (the URL says which rows,
// ADR 14), so no row-model features: the table renders exactly the rows it is given.
const features = tableFeatures({});
type Features = typeof features;

export interface AdminColumn<Row> {
  id: string;
  header: string;
  /** A column the server sorts by: its header is a link to `href` (the sort in the URL); `current` marks the sorted column. */
  sort?: { href: string; current: "ascending" | "descending" | null };
  /** The cell's content; by default the row's field of the same id, as text. */
  cell?: (row: Row) => ReactNode;
  /** The cell names its row (`<th scope="row">`); `id` lets the row's buttons point at it. */
  rowHeader?: { id?: (row: Row) => string };
  cellClassName?: (row: Row) => string | undefined;
}

/** Where the table's CSV link goes, and what it adds for screen readers ("of tickets, 2026"). */
export interface TableCsvLink {
  href: string;
  hiddenLabel?: string;
}

function SortHeader({ header, sort }: { header: string; sort: NonNullable<AdminColumn<unknown>["sort"]> }) {
  const next = sort.current === "ascending" ? "descending" : "ascending";
  return (
    <Link to={sort.href} className="sort-link" preventScrollReset>
      {header}
      <span aria-hidden="true" className="sort-mark">
        {sort.current === null ? " ↕" : sort.current === "ascending" ? " ▲" : " ▼"}
      </span>
      <span className="visually-hidden">, sort {next}</span>
    </Link>
  );
}

/** The table's downloads: the CSV, and its Excel twin (same address, .xlsx: ADR 48). */
function CsvLink({ csv }: { csv: TableCsvLink }) {
  const hidden = csv.hiddenLabel ? <span className="visually-hidden">{csv.hiddenLabel}</span> : null;
  return (
    <span className="table-downloads">
      <a className="button button-secondary" href={csv.href} download>
        Export CSV{hidden}
      </a>
      <a className="button button-secondary" href={xlsxHref(csv.href)} download>
        Export Excel (.xlsx){hidden}
      </a>
    </span>
  );
}

const text = (value: unknown) => (value === null || value === undefined ? "" : String(value));

/**
 * The back office's one table (ADR 34): TanStack Table's headless core draws the
 * header row and gives the row model; the server has already sorted, filtered and paged
 * (the URL says which page), so headers that sort are links and the pager is links:
 * everything works without JavaScript. Around the table: a head line with the CSV
 * link, the empty state, the sideways-scroll hint for phones, a footer and the pager.
 * Body cells are written out directly (no per-cell render context), because a page of
 * 500 members must render fast on the server.
 */
export function AdminTable<Row extends object>(props: {
  /** Names the table (a hidden caption) and its scrolling region. */
  caption: string;
  /** Hidden text in the caption that cells point at (the members table's "Opens in a new tab"). */
  captionNote?: ReactNode;
  columns: ReadonlyArray<AdminColumn<Row>>;
  rows: Row[];
  rowId: (row: Row) => string;
  rowClassName?: (row: Row) => string | undefined;
  /** What is said instead of the table when there are no rows. */
  empty: ReactNode;
  emptyClassName?: string;
  /** A line or heading above the table, with the CSV link beside it. */
  head?: { className: string; content: ReactNode; csv?: TableCsvLink };
  /** Between the head and the table: a legend, the page sizes, a button. */
  above?: ReactNode;
  tableId?: string;
  tableClassName?: string;
  regionClassName?: string;
  /** A table wider than any screen (the members table's 14 columns): the hint shows at every width. */
  alwaysScrolls?: boolean;
  /** A line under the table (a total); shown without rows too. */
  footer?: string;
  pager?: TablePagerProps;
  /** Wraps the hint and the table: the members table's one form for its row buttons. */
  wrap?: (content: ReactNode) => ReactNode;
}) {
  const { caption, columns, rows, head, footer, pager } = props;
  const byId = new Map(columns.map((column) => [column.id, column]));
  const defs: ColumnDef<Features, Row, unknown>[] = columns.map((column) => ({
    id: column.id,
    header: () => (column.sort ? <SortHeader header={column.header} sort={column.sort} /> : column.header),
  }));
  const table = useTable({ features, columns: defs, data: rows, getRowId: props.rowId });

  const drawn = (
    <>
      <TableScrollHint always={props.alwaysScrolls} />
      <div className={props.regionClassName ?? "table-scroll members-table-scroll"} role="region" aria-label={caption} tabIndex={0}>
        <table className={props.tableClassName ?? "members-table"} id={props.tableId}>
          <caption className="visually-hidden">
            {caption}
            {props.captionNote}
          </caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col" aria-sort={byId.get(header.column.id)?.sort?.current ?? undefined}>
                    {flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className={props.rowClassName?.(row.original)}>
                {row.getAllCells().map((cell) => {
                  const column = byId.get(cell.column.id)!;
                  const content = column.cell ? column.cell(row.original) : text((row.original as Record<string, unknown>)[column.id]);
                  const className = column.cellClassName?.(row.original);
                  return column.rowHeader ? (
                    <th key={column.id} scope="row" id={column.rowHeader.id?.(row.original)} className={className}>
                      {content}
                    </th>
                  ) : (
                    <td key={column.id} className={className}>
                      {content}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
          {footer ? (
            <tfoot>
              <tr>
                <td colSpan={columns.length}>{footer}</td>
              </tr>
            </tfoot>
          ) : null}
        </table>
      </div>
    </>
  );

  return (
    <>
      {head ? (
        <div className={head.className}>
          {head.content}
          {head.csv ? <CsvLink csv={head.csv} /> : null}
        </div>
      ) : null}
      {props.above}
      {rows.length === 0 ? <p className={props.emptyClassName ?? "members-empty"}>{props.empty}</p> : props.wrap ? props.wrap(drawn) : drawn}
      {rows.length === 0 && footer ? <p className="report-footer">{footer}</p> : null}
      {pager ? <TablePager {...pager} /> : null}
    </>
  );
}
