import { Link } from "@remix-run/react";
import type { ClaimHistoryLine, ClaimLine, ProblemLine } from "../screens/screens.server";

/**
 * The Gift Aid claim's tables (docs/requirements.md §14): the payments as HMRC's schedule
 * lists them, the problems to fix first, and the claims made. Each cell has its column's name
 * for a phone (gift-aid.css).
 */

export function ClaimRowsTable({ rows, caption }: { rows: ClaimLine[]; caption: string }) {
  return (
    <div className="members-table-scroll">
      <table className="members-table gift-aid-rows">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">First name</th>
            <th scope="col">Last name</th>
            <th scope="col">House name or number</th>
            <th scope="col">Postcode</th>
            <th scope="col">Date</th>
            <th scope="col" className="number">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.transactionId} data-transaction={row.transactionId}>
              <td data-label="Title">{row.title}</td>
              <td data-label="First name">{row.firstName}</td>
              <td data-label="Last name">{row.lastName}</td>
              <td data-label="House">{row.house}</td>
              <td data-label="Postcode">{row.postcode}</td>
              <td data-label="Date">{row.date}</td>
              <td data-label="Amount" className="number">
                {row.amount}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ProblemList({ problems }: { problems: ProblemLine[] }) {
  return (
    <ul className="gift-aid-problems">
      {problems.map((row) => (
        <li key={row.transactionId} data-transaction={row.transactionId}>
          <p>
            <strong>{row.name || "No name"}</strong>
            {`, ${row.date}, ${row.amount}`}
          </p>
          <ul>
            {row.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
          <Link to={row.fixPath} className="button button-secondary gift-aid-fix">
            Fix<span className="visually-hidden">{` ${row.name}'s declaration`}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function ClaimsHistory({ claims }: { claims: ClaimHistoryLine[] }) {
  if (claims.length === 0) return <p className="gift-aid-history-empty">No claim has been marked as claimed yet.</p>;
  return (
    <div className="members-table-scroll">
      <table className="members-table gift-aid-history">
        <caption className="visually-hidden">Claims made</caption>
        <thead>
          <tr>
            <th scope="col">Period</th>
            <th scope="col">Made on</th>
            <th scope="col" className="number">
              Payments
            </th>
            <th scope="col" className="number">
              Total
            </th>
            <th scope="col" className="number">
              Gift Aid
            </th>
            <th scope="col">Status</th>
            <th scope="col">HMRC reference</th>
            <th scope="col">Schedule</th>
          </tr>
        </thead>
        <tbody>
          {claims.map((claim) => (
            <tr key={claim.id} data-claim={claim.id}>
              <td data-label="Period">
                <Link to={claim.path}>{claim.period}</Link>
              </td>
              <td data-label="Made on">{claim.madeOn}</td>
              <td data-label="Payments" className="number">
                {claim.payments}
              </td>
              <td data-label="Total" className="number">
                {claim.total}
              </td>
              <td data-label="Gift Aid" className="number">
                {claim.giftAid}
              </td>
              <td data-label="Status">{claim.status}</td>
              <td data-label="HMRC reference">{claim.reference || (claim.open ? <Link to={claim.path}>Enter it</Link> : "")}</td>
              <td data-label="Schedule">
                {!claim.open ? (
                  "None (reopened)"
                ) : (
                  <>
                    <a href={claim.ods} download>
                      .ods
                    </a>{" "}
                    <a href={claim.xlsx} download>
                      .xlsx
                    </a>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
