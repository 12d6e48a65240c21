import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef, type ChangeEvent, type FormEvent, type ReactNode } from "react";
import { PAGE_SIZES, type PageSize } from "~/domain/member-table";
import {
  BULK_EMAIL_FALLBACK_MESSAGE,
  chartSummary,
  manualSendingPrompt,
  reminderQuestion,
  reportYears,
  type ChartBar,
  type TablePaging,
} from "~/domain/renewals-report";
import type { RenewalsActionData } from "~/services/renewals-report.server";
import { BarChart } from "./BarChart";
import { TablePager } from "./TablePager";
import { TableScrollHint } from "./TableScrollHint";

/** The reports' Year field: this year and the previous one (a report's GET form submits it). */
export function ReportYearField(props: { id: string; year: number; thisYear: number; onChange?: (event: ChangeEvent<HTMLSelectElement>) => void }) {
  return (
    <div className="field">
      <label htmlFor={props.id}>Year</label>
      <select id={props.id} name="year" defaultValue={props.year} key={props.year} onChange={props.onChange}>
        {reportYears(props.thisYear).map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Renewals paid each month of the year, with the counts in words for screen readers. */
export function RenewalsChart({ year, bars }: { year: number; bars: ChartBar[] }) {
  return (
    <BarChart
      caption={`Renewals paid each month of ${year}`}
      summary={chartSummary(year, bars)}
      bars={bars.map((bar) => ({ label: bar.month, count: bar.count, height: bar.height }))}
    />
  );
}

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
 * One report table, read-only: plain HTML (no TanStack Table: nothing sorts, no row
 * actions, the server pages), the title with the count, CSV export, page sizes, pager.
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
  pageHref: (page: number) => string;
  sizeHref: (size: PageSize) => string;
  /** A class for a row (e.g. the event report's grey used tickets). */
  rowClassName?: (row: Row) => string | undefined;
  children?: ReactNode;
}) {
  const { id, title, caption, columns, rows, empty, footer, csvHref, paging, pages, pageHref, sizeHref, rowClassName, children } = props;
  return (
    <section className="report-section" aria-labelledby={`${id}-title`}>
      <div className="report-head">
        <h2 id={`${id}-title`}>{title}</h2>
        <a className="button button-secondary" href={csvHref} download>
          Export CSV<span className="visually-hidden"> of {caption.toLowerCase()}</span>
        </a>
      </div>
      {children}
      <PageSizes label={`${caption}: rows per page`} current={paging.size} href={sizeHref} />
      {rows.length === 0 ? <p className="members-empty">{empty}</p> : <TableScrollHint />}
      {rows.length === 0 ? null : (
        <div className="table-scroll members-table-scroll" role="region" aria-label={caption} tabIndex={0}>
          <table className="members-table report-table" id={`${id}-table`}>
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.id} scope="col">
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className={rowClassName?.(row)}>
                  {columns.map((column) =>
                    column.id === "name" ? (
                      <th key={column.id} scope="row">
                        {String(row[column.id])}
                      </th>
                    ) : (
                      <td key={column.id}>{String(row[column.id])}</td>
                    ),
                  )}
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
      )}
      {rows.length === 0 && footer ? <p className="report-footer">{footer}</p> : null}
      <TablePager page={paging.page} pages={pages} label={`${caption}: pages`} href={pageHref} />
    </section>
  );
}

/** A panel that takes the focus when it appears (after a post), so screen readers hear it. */
function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="confirm-step" aria-labelledby={id}>
      <h3 id={id} tabIndex={-1} ref={heading}>
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * 'Send Notification To All'. With an e-mail provider: a confirm (the browser's, or a
 * second step without JavaScript), then the reminder goes to every pending member.
 * Without one: the spec's panel listing the addresses for manual sending.
 */
export function PendingReminder(props: { count: number; delivers: boolean; action: string; answer: RenewalsActionData | undefined }) {
  const { count, delivers, action, answer } = props;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "notify";
  if (count === 0) return null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!delivers) return;
    if (!window.confirm(reminderQuestion(count))) {
      event.preventDefault();
      return;
    }
    const confirmed = event.currentTarget.elements.namedItem("confirmed");
    if (confirmed instanceof HTMLInputElement) confirmed.value = "1";
  };
  const button = (label: string) => (
    <button type="submit" name="intent" value="notify" className="button" disabled={busy}>
      {busy ? "Please wait..." : label}
    </button>
  );

  if (answer && "panel" in answer) {
    return (
      <Panel id="bulk-email-panel" title="Send Notification To All">
        <p>{BULK_EMAIL_FALLBACK_MESSAGE}</p>
        <p>{manualSendingPrompt(answer.panel.emails.length)}</p>
        <ul className="recipient-list">
          {answer.panel.emails.map((email) => (
            <li key={email}>{email}</li>
          ))}
        </ul>
        <Link to={action} className="button" preventScrollReset>
          CLOSE
        </Link>
      </Panel>
    );
  }
  if (answer && "confirm" in answer) {
    return (
      <Panel id="reminder-confirm" title="Please confirm">
        <p>{reminderQuestion(answer.confirm.count)}</p>
        <Form method="post" action={action} className="confirm-step-buttons">
          <input type="hidden" name="confirmed" value="1" />
          {button("Yes")}
          <Link to={action} className="button button-secondary" preventScrollReset>
            Cancel
          </Link>
        </Form>
      </Panel>
    );
  }
  return (
    <Form method="post" action={action} onSubmit={onSubmit} className="reminder-form">
      <input type="hidden" name="confirmed" value="" />
      {button("Send Notification To All")}
    </Form>
  );
}
