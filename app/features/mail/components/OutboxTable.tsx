import { Link } from "@remix-run/react";
import type { OutboxPage, OutboxRow } from "~/features/mail/outbox";
import { AdminTable, type AdminColumn } from "~/kernel/layout/back-office/AdminTable";

/** The outbox's columns; each subject links to `${basePath}/{id}`. */
function outboxColumns(basePath: string): AdminColumn<OutboxRow>[] {
  return [
    { id: "sentAt", header: "Date" },
    { id: "to", header: "To" },
    {
      id: "subject",
      header: "Subject",
      cell: (email) => (
        // A document of its own: only the preview page's policy lets the e-mail's inline QR image load (ADR 24).
        <Link to={`${basePath}/${email.id}`} reloadDocument>
          {email.subject || "(no subject)"}
        </Link>
      ),
    },
    { id: "purpose", header: "Purpose" },
    { id: "statusLabel", header: "Status", cellClassName: (email) => `outbox-status outbox-status-${email.status}` },
    { id: "providerId", header: "Provider id", cellClassName: () => "outbox-provider-id" },
    { id: "error", header: "Error", cellClassName: () => "outbox-error" },
  ];
}

/**
 * The outbox on the one admin table, newest first, with Newer/Older links (?page=N,
 * plain links, so it works without JavaScript). Shared by /accounts/emails and
 * /dev/mail: `basePath` is where the list lives; each subject links to `${basePath}/{id}`.
 */
export function OutboxTable({ outbox, basePath, empty }: { outbox: OutboxPage; basePath: string; empty: string }) {
  const { emails, total, page, pages } = outbox;
  return (
    <AdminTable
      caption="E-mails"
      columns={outboxColumns(basePath)}
      rows={emails}
      rowId={(email) => email.id}
      empty={empty}
      emptyClassName="outbox-empty"
      above={total === 0 ? null : <p>{`${total === 1 ? "1 e-mail" : `${total} e-mails`}, newest first. Times are UK time.`}</p>}
      tableClassName="dev-mail-table outbox-table"
      regionClassName="table-scroll"
      pager={{
        page,
        pages,
        label: "Outbox pages",
        href: (to) => `${basePath}?page=${to}`,
        steps: { previous: "Newer", next: "Older" },
        className: "dev-mail-pages",
      }}
    />
  );
}
