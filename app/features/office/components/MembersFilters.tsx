import { Form, Link } from "@remix-run/react";
import { useRef } from "react";
import { FEE_FILTERS, STATUS_FILTERS, type MemberTableState } from "~/features/office/member-table";
import { MEMBERSHIPS } from "~/kernel/store/records";

const STATUS_LABELS: Record<(typeof STATUS_FILTERS)[number], string> = { active: "Active", pending: "Pending" };
const FEE_LABELS: Record<(typeof FEE_FILTERS)[number], string> = { paid: "Paid", unpaid: "Not Paid" };

/**
 * Search and filters: a GET form, so the view lives in the URL and works
 * without JavaScript. With it, changing a list submits at once.
 */
export function MembersFilters({ state, path }: { state: MemberTableState; path: string }) {
  const form = useRef<HTMLFormElement>(null);
  const submit = () => form.current?.requestSubmit();
  return (
    <Form method="get" action={path} className="members-filters" role="search" aria-label="Find members" ref={form}>
      <div className="field members-search">
        <label htmlFor="members-q">Search</label>
        <input
          id="members-q"
          name="q"
          type="search"
          defaultValue={state.q}
          maxLength={100}
          placeholder="Any name in the family, e-mail, MMA number, phone or postcode"
        />
      </div>
      <div className="field">
        <label htmlFor="members-status">Status</label>
        <select id="members-status" name="status" defaultValue={state.status} onChange={submit}>
          <option value="">All</option>
          {STATUS_FILTERS.map((value) => (
            <option key={value} value={value}>
              {STATUS_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="members-membership">Membership</label>
        <select id="members-membership" name="membership" defaultValue={state.membership} onChange={submit}>
          <option value="">All</option>
          {MEMBERSHIPS.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="members-fee">Membership Fee</label>
        <select id="members-fee" name="fee" defaultValue={state.fee} onChange={submit}>
          <option value="">All</option>
          {FEE_FILTERS.map((value) => (
            <option key={value} value={value}>
              {FEE_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      {state.sort ? (
        <>
          <input type="hidden" name="sort" value={state.sort} />
          <input type="hidden" name="dir" value={state.dir} />
        </>
      ) : null}
      <div className="members-filter-buttons">
        <button type="submit" className="button">
          Apply
        </button>
        <Link to={path} className="button button-secondary">
          Clear
        </Link>
      </div>
    </Form>
  );
}
