import { FormMessage, SubmitButton } from "~/kernel/forms";
import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { AccountPanel } from "./AccountPanel";
import { ALREADY_PAID_MESSAGE, SUBSCRIPTION_WORDING } from "~/features/membership/renewal";
import { NO_TICKETS_MESSAGE, NO_TRANSACTIONS_MESSAGE } from "~/features/membership/account";
import type { AccountPage } from "~/features/membership/account-page";
import { receiptPath } from "~/features/payments";

/** The pieces of /mem-account: plain markup, no state, so the page ships almost no JavaScript of its own. */

/** A panel listing rows, or its message (docs/requirements.md §2.6) when there are none. */
function ListPanel<T extends { id: string }>({
  id,
  title,
  items,
  empty,
  render,
  intro,
}: {
  id: string;
  title: string;
  items: T[];
  empty: string;
  render: (item: T) => ReactNode;
  intro?: ReactNode;
}) {
  return (
    <AccountPanel id={id} title={title}>
      {intro}
      {items.length === 0 ? <p className="account-empty">{empty}</p> : <ul className="account-list">{items.map(render)}</ul>}
    </AccountPanel>
  );
}

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
    ["Newsletters", details.newsletters],
    ["Gift Aid", details.giftAid],
    ...(details.notices ? [["Membership notices", details.notices] as [string, string]] : []),
  ];
  return (
    <AccountPanel id="account-details-title" title="Account Details" action={{ to: "/amend-account", label: "EDIT" }}>
      <dl className="account-details">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="account-sheet-link">
        <Link to={details.applicationSheetHref}>View my application form</Link>
      </p>
      <p className="account-sheet-link">
        <Link to="/account/password">Change password</Link> · <Link to="/account/email">Change e-mail address</Link>
      </p>
      <p className="account-sheet-link">
        {/* Signed-in devices (docs/decisions/0070-sessions-as-records.md) */}
        <Link to="/account/security">Signed-in devices and security</Link>
      </p>
      <p className="account-sheet-link">
        {/* Gift Aid (docs/requirements.md §14): see, cancel or give the declaration */}
        <Link to="/account/gift-aid">Gift Aid declaration</Link>
      </p>
      <p className="account-sheet-link">
        {/* Members' data rights (docs/requirements.md §8.2) */}
        <Link to="/account/data">See or download my data</Link>
      </p>
    </AccountPanel>
  );
}

export function RenewalBox({ renewal, membership, error }: { renewal: AccountPage["renewal"]; membership: string; error?: string | undefined }) {
  return (
    <AccountPanel id="renewal-title" title={`Membership Renewal ${renewal.year}`} className="renewal-box">
      <FormMessage message={error} />
      <p>{SUBSCRIPTION_WORDING}</p>
      <p>
        Your {membership} membership: <strong>{renewal.fee}</strong>
      </p>
      {renewal.paid ? (
        <button type="button" className="button" disabled>
          {ALREADY_PAID_MESSAGE}
        </button>
      ) : (
        <RenewButton fee={renewal.fee} />
      )}
    </AccountPanel>
  );
}

function RenewButton({ fee }: { fee: string }) {
  const busy = useNavigation().formAction === "/mem-account";
  return (
    <Form method="post" action="/mem-account">
      <SubmitButton pending={busy}>{`Renew Now ${fee}`}</SubmitButton>
    </Form>
  );
}

export function MyTickets({ tickets, booking }: { tickets: AccountPage["tickets"]; booking?: AccountPage["booking"] }) {
  return (
    <ListPanel
      id="tickets-title"
      title="My Tickets"
      intro={
        booking ? (
          <p className="account-book-ticket">
            <Link to="/book-ticket">Book tickets for {booking.title}</Link>
          </p>
        ) : null
      }
      items={tickets}
      empty={NO_TICKETS_MESSAGE}
      render={(ticket) => (
        <li key={ticket.id} className="account-ticket">
          <h3>{ticket.heading}</h3>
          {ticket.event ? (
            // Inline, not a shared component: a chunk shared with /book-ticket would grow every page's route manifest.
            <dl className="event-details ticket-event">
              {ticket.event.when ? (
                <div>
                  <dt>When</dt>
                  <dd>{ticket.event.when}</dd>
                </div>
              ) : null}
              {ticket.event.venue ? (
                <div>
                  <dt>Where</dt>
                  <dd>{ticket.event.venue}</dd>
                </div>
              ) : null}
            </dl>
          ) : null}
          <p className="ticket-price">{ticket.price}</p>
          {/* The only raw HTML on the page: SVG markup the loader made with qrcode from
              our own signed ticket token (app/features/tickets/qr.server.ts), nothing typed by a user. */}
          <div className="ticket-qr" dangerouslySetInnerHTML={{ __html: ticket.qrSvg }} />
          <p className="ticket-code">
            Ticket code <strong>{ticket.code}</strong>
          </p>
          {ticket.admittedCount > 0 ? (
            <p className="ticket-admitted-count">
              {ticket.admittedCount} of {ticket.people.length} already in: the others come in with the same code.
            </p>
          ) : null}
          <ul className="ticket-people">
            {ticket.people.map((person, i) => (
              <li key={i}>
                {person.name} <span className="chip">{person.type}</span>
                {person.admittedAt ? <span className="ticket-person-in"> In at {person.admittedAt}</span> : null}
              </li>
            ))}
          </ul>
        </li>
      )}
    />
  );
}

export function TransactionHistory({ transactions }: { transactions: AccountPage["transactions"] }) {
  return (
    <ListPanel
      id="transactions-title"
      title="Transaction History"
      items={transactions}
      empty={NO_TRANSACTIONS_MESSAGE}
      render={(t) => (
        <li key={t.id} className="account-transaction">
          <span className="transaction-title">{t.title}</span>
          <span className="transaction-amount">{t.amount}</span>
          <span className="transaction-date">{t.date}</span>
          <span className={`chip chip-${t.status}`}>{t.status}</span>
          {t.refunded ? <span className="transaction-refunded">{t.refunded}</span> : null}
          {/* A paid transaction's printable receipt (docs/requirements.md §4.11, ADR 0053). */}
          {t.status === "success" ? (
            <Link to={receiptPath(t.id)} className="transaction-receipt">
              Receipt
            </Link>
          ) : null}
        </li>
      )}
    />
  );
}
