import { Form, Link } from "@remix-run/react";
import { DEFAULT_PAGE_SIZE } from "~/kernel/store/paging";
import { renewalsSearch, type RenewalsReportState } from "~/features/office/renewals-report";
import { ReportYearField } from "./RenewalsReport";

/**
 * The subscriptions report's search area (docs/requirements.md §6.9): a name, e-mail or MMA
 * number for both tables, and the renewed table's year. A GET form, like the members
 * table's (ADR 14): the view is the URL and works without JavaScript. Both pagers start
 * again at page 1; the page sizes are kept.
 */
export function RenewalsSearch({ state, thisYear }: { state: RenewalsReportState; thisYear: number }) {
  const cleared = renewalsSearch(state, thisYear, { q: "", renewed: { page: 1 }, pending: { page: 1 } });
  return (
    <Form method="get" className="renewals-search" role="search" aria-label="Find in the subscriptions" preventScrollReset>
      <div className="field renewals-search-text">
        <label htmlFor="renewals-q">Search</label>
        <input id="renewals-q" name="q" type="search" defaultValue={state.q} key={state.q} maxLength={100} placeholder="Name, e-mail or MMA number" />
      </div>
      <ReportYearField id="report-year" year={state.year} thisYear={thisYear} />
      {state.pending.size !== DEFAULT_PAGE_SIZE ? <input type="hidden" name="psize" value={state.pending.size} /> : null}
      {state.renewed.size !== DEFAULT_PAGE_SIZE ? <input type="hidden" name="rsize" value={state.renewed.size} /> : null}
      <div className="renewals-search-buttons">
        <button type="submit" className="button">
          Show
        </button>
        {state.q ? (
          <Link to={`/mem-renewals${cleared}`} className="button button-secondary" preventScrollReset>
            Clear search
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
