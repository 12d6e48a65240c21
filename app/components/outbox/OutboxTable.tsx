import { Link } from "@remix-run/react";
import type { OutboxPage } from "~/services/outbox-pages.server";
import { TableScrollHint } from "../admin/TableScrollHint";

/**
 * The outbox as a table, newest first, with Newer/Older links (?page=N, plain links,
 * so it works without JavaScript). Shared by /accounts/emails and /dev/mail: `basePath`
 * is where the list lives; each subject links to `${basePath}/{id}`.
 */
export function OutboxTable({ outbox, basePath, empty }: { outbox: OutboxPage; basePath: string; empty: string }) {
  const { emails, total, page, pages } = outbox;
  if (total === 0) return <p className="outbox-empty">{empty}</p>;
  return (
    <>
      <p>{`${total === 1 ? "1 e-mail" : `${total} e-mails`}, newest first. Times are UK time.`}</p>
      <TableScrollHint />
      <div className="table-scroll" role="region" aria-label="E-mails" tabIndex={0}>
        <table className="dev-mail-table outbox-table">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">To</th>
              <th scope="col">Subject</th>
              <th scope="col">Purpose</th>
              <th scope="col">Status</th>
              <th scope="col">Provider id</th>
              <th scope="col">Error</th>
            </tr>
          </thead>
          <tbody>
            {emails.map((email) => (
              <tr key={email.id}>
                <td>{email.sentAt}</td>
                <td>{email.to}</td>
                <td>
                  {/* A document of its own: only the preview page's policy lets the e-mail's inline QR image load (ADR 24). */}
                  <Link to={`${basePath}/${email.id}`} reloadDocument>
                    {email.subject || "(no subject)"}
                  </Link>
                </td>
                <td>{email.purpose}</td>
                <td className={`outbox-status outbox-status-${email.status}`}>{email.statusLabel}</td>
                <td className="outbox-provider-id">{email.providerId ?? ""}</td>
                <td className="outbox-error">{email.error ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <nav className="dev-mail-pages" aria-label="Outbox pages">
          {page > 1 ? (
            <Link to={`${basePath}?page=${page - 1}`} rel="prev">
              Newer
            </Link>
          ) : null}
          <span>{`Page ${page} of ${pages}`}</span>
          {page < pages ? (
            <Link to={`${basePath}?page=${page + 1}`} rel="next">
              Older
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
