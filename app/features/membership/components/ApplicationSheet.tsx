import { Link } from "@remix-run/react";
import { useHydrated } from "~/kernel/layout/use-hydrated";
import { ACCOUNT_NOT_FOUND, APPLICATION_SHEET_TITLE, type ApplicationSheet, type SheetRow } from "~/features/membership/application-sheet";
import { ASSOCIATION } from "~/kernel/layout/association";

/** The printable Membership Application (docs/requirements.md §6.7): plain markup, a print stylesheet, and a Print button once JavaScript runs. */

function Rows({ rows }: { rows: SheetRow[] }) {
  return (
    <dl className="account-details sheet-rows">
      {rows.map((row) => (
        <div key={row.label}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** window.print() needs JavaScript: until the page has hydrated (or without it) the reader is told how to print. */
function PrintControl() {
  const hydrated = useHydrated();
  return (
    <div className="sheet-actions">
      {hydrated ? (
        <button type="button" className="button sheet-print-button" onClick={() => window.print()}>
          Print
        </button>
      ) : (
        <p className="sheet-print-hint">Use your browser&apos;s Print command to print this page.</p>
      )}
    </div>
  );
}

export function ApplicationSheetView({ sheet }: { sheet: ApplicationSheet }) {
  return (
    <article className="application-sheet" aria-labelledby="sheet-title">
      <header className="sheet-head">
        <p className="sheet-association">{ASSOCIATION.name}</p>
        <h1 id="sheet-title">{APPLICATION_SHEET_TITLE}</h1>
        <dl className="sheet-meta">
          <div>
            <dt>Member ID</dt>
            <dd>{sheet.memberNumber}</dd>
          </div>
          <div>
            <dt>Registered</dt>
            <dd>{sheet.registered}</dd>
          </div>
        </dl>
      </header>
      <PrintControl />

      <section className="sheet-section" aria-labelledby="sheet-applicant">
        <h2 id="sheet-applicant">Applicant</h2>
        <Rows rows={sheet.applicant} />
      </section>

      {sheet.family ? (
        <section className="sheet-section" aria-labelledby="sheet-family">
          <h2 id="sheet-family">Family</h2>
          <Rows rows={sheet.family.spouse} />
          <h3>Children</h3>
          {sheet.family.children.length === 0 ? (
            <p>No children listed.</p>
          ) : (
            <table className="sheet-children">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Year of birth</th>
                </tr>
              </thead>
              <tbody>
                {sheet.family.children.map((child, i) => (
                  <tr key={i}>
                    <td>{child.name}</td>
                    <td>{child.year}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ) : null}

      <section className="sheet-section" aria-labelledby="sheet-declarations">
        <h2 id="sheet-declarations">Declarations</h2>
        <ul className="sheet-declarations">
          {sheet.declarations.map((d) => (
            <li key={d.field} className={d.given ? "is-given" : "is-refused"}>
              <span className="sheet-mark" aria-hidden="true">
                {d.mark}
              </span>
              <span className="sheet-declaration-label">{d.label}</span>
              <span className="sheet-answer">{d.answer}</span>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}

/** What an accountant sees for an id no member has. */
export function AccountNotFound() {
  return (
    <section className="status-page container">
      <h1>{ACCOUNT_NOT_FOUND}</h1>
      <p>No member has this id. It may have been mistyped.</p>
      <Link className="button" to="/home">
        Back to home
      </Link>
    </section>
  );
}
