import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { INBOX_EMPTY } from "~/features/office/contact-inbox";
import { INBOX_PATH } from "~/kernel/layout/back-office/admin-nav";
import type { InboxPage, InboxRow } from "~/features/office/contact-inbox";
import { AdminTable, type AdminColumn } from "~/kernel/layout/back-office/AdminTable";

/** Unread messages are bold (a <strong>, so it shows without the stylesheet too). */
const bold = (row: InboxRow, content: ReactNode) => (row.unread ? <strong>{content}</strong> : content);

const status = (row: InboxRow) => [row.unread ? "New" : "Read", row.replied ? "Replied" : "", row.handled ? "Handled" : ""].filter(Boolean).join(", ");

const columns: AdminColumn<InboxRow>[] = [
  { id: "receivedAt", header: "Received", cell: (row) => bold(row, row.receivedAt) },
  { id: "from", header: "From", rowHeader: {}, cell: (row) => bold(row, <Link to={`${INBOX_PATH}/${row.id}`}>{row.from}</Link>) },
  { id: "email", header: "E-mail", cell: (row) => bold(row, row.email) },
  { id: "glimpse", header: "Subject", cell: (row) => bold(row, row.glimpse) },
  { id: "status", header: "Status", cell: (row) => bold(row, status(row)) },
];

/** The contact inbox on the one admin table, newest first, with Newer/Older links (?page=N: works without JavaScript). */
export function InboxTable({ inbox }: { inbox: InboxPage }) {
  const { rows, total, unread, page, pages } = inbox;
  return (
    <AdminTable
      caption="Messages"
      columns={columns}
      rows={rows}
      rowId={(row) => row.id}
      rowClassName={(row) => (row.unread ? "inbox-unread" : undefined)}
      empty={INBOX_EMPTY}
      emptyClassName="outbox-empty"
      above={total === 0 ? null : <p>{`${total === 1 ? "1 message" : `${total} messages`}, ${unread} new, newest first. Times are UK time.`}</p>}
      tableClassName="dev-mail-table outbox-table inbox-table"
      regionClassName="table-scroll"
      pager={{
        page,
        pages,
        label: "Message pages",
        href: (to) => `${INBOX_PATH}?page=${to}`,
        steps: { previous: "Newer", next: "Older" },
        className: "dev-mail-pages",
      }}
    />
  );
}
