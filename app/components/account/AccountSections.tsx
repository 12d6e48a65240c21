import { Link } from "@remix-run/react";
import { ALREADY_PAID_MESSAGE, SUBSCRIPTION_WORDING } from "~/domain/renewal";
import { NO_TICKETS_MESSAGE, NO_TRANSACTIONS_MESSAGE } from "~/domain/account";
import type { AccountPage } from "~/services/account.server";

/** The pieces of /mem-account: plain markup, no state, so the page ships almost no JavaScript of its own. */

export function AccountDetails({ details }: { details: AccountPage["details"] }) {
  const rows: Array<[string, string]> = [
    ["Member ID", details.memberId],
    ["Name", details.fullName],
    ["Account status", details.status],
    ["Registration payment", details.registrationPayment],
    ["Membership type", details.membership],
    ["E-mail", details.email],
    ["Last renewal", details.lastRenewal],
    ["Next renewal", details.nextRenewal],
  ];
  return (
    <section className="account-panel" aria-labelledby="account-details-title">
      <div className="account-panel-head">
        <h2 id="account-details-title">Account Details</h2>
        <Link to="/amend-account" className="button">
          EDIT
        </Link>
      </div>
      <dl className="account-details">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function RenewalBox({ renewal, membership }: { renewal: AccountPage["renewal"]; membership: string }) {
  return (
    <section className="account-panel renewal-box" aria-labelledby="renewal-title">
      <h2 id="renewal-title">Membership Renewal {renewal.year}</h2>
      <p>{SUBSCRIPTION_WORDING}</p>
      <p>
        Your {membership} membership: <strong>{renewal.fee}</strong>
      </p>
      {renewal.paid ? (
        <button type="button" className="button" disabled>
          {ALREADY_PAID_MESSAGE}
        </button>
      ) : (
        <p className="account-note">Online renewal opens soon. Until then, please contact us to pay your subscription.</p>
      )}
    </section>
  );
}

export function MyTickets({ tickets }: { tickets: AccountPage["tickets"] }) {
  return (
    <section className="account-panel" aria-labelledby="tickets-title">
      <h2 id="tickets-title">My Tickets</h2>
      {tickets.length === 0 ? (
        <p className="account-empty">{NO_TICKETS_MESSAGE}</p>
      ) : (
        <ul className="account-list">
          {tickets.map((ticket) => (
            <li key={ticket.id} className="account-ticket">
              <h3>
                {ticket.title} <span className="account-year">{ticket.year}</span>
              </h3>
              <p className="account-note">Ticket code {ticket.code}</p>
              <ul className="ticket-people">
                {ticket.people.map((person, i) => (
                  <li key={i}>
                    {person.name} <span className="chip">{person.type}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function TransactionHistory({ transactions }: { transactions: AccountPage["transactions"] }) {
  return (
    <section className="account-panel" aria-labelledby="transactions-title">
      <h2 id="transactions-title">Transaction History</h2>
      {transactions.length === 0 ? (
        <p className="account-empty">{NO_TRANSACTIONS_MESSAGE}</p>
      ) : (
        <ul className="account-list">
          {transactions.map((t) => (
            <li key={t.id} className="account-transaction">
              <span className="transaction-title">{t.title}</span>
              <span className="transaction-amount">{t.amount}</span>
              <span className="transaction-date">{t.date}</span>
              <span className={`chip chip-${t.status}`}>{t.status}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
