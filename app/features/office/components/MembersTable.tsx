import type { ReactNode } from "react";
import { MEMBER_COLUMNS, rowNotes, sortSearch, type MemberColumnId, type MemberRow, type MemberTableState } from "~/features/office/member-table";
import { AdminTable, type AdminColumn } from "~/kernel/layout/back-office/AdminTable";
import { MemberRowActions } from "./MemberRowActions";
import { useRowActionSubmit } from "./use-row-action-submit";

/** The name cell opens the member's page (the one place for a member) and says in words what the row's colour says. */
function NameCell({ row }: { row: MemberRow }) {
  const notes = rowNotes(row);
  return (
    <>
      <a className="member-name" href={`/accounts/members/${row.id}`}>
        {row.name}
      </a>
      {notes.length > 0 ? (
        <ul className="row-notes">
          {notes.map((note) => (
            <li key={note} className={note.startsWith("Turns 18") ? "row-note row-note-review" : "row-note"}>
              {note.startsWith("Turns 18") ? <span aria-hidden="true">⚠ </span> : null}
              {note}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

function rowClass(row: MemberRow): string | undefined {
  if (row.inactive) return "row-inactive";
  if (row.renewalDue) return "row-renewal-due";
  return undefined;
}

/** On a phone the rows are cards (CSS only): each value carries its column's name, shown only there (tables name them in the header). */
function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <span className="card-label" aria-hidden="true">
        {label}:{" "}
      </span>
      {children}
    </>
  );
}

/** The columns of docs/requirements.md §6.2 that fit (ADR 63), sortable where the keyset orders, with the row's name as its header cell. */
function memberColumns(state: MemberTableState): AdminColumn<MemberRow>[] {
  return MEMBER_COLUMNS.map((spec) => ({
    id: spec.id,
    header: spec.header,
    ...(spec.sort && !state.q
      ? { sort: { href: sortSearch(state, spec.sort), current: state.sort === spec.sort ? (state.dir === "asc" ? "ascending" : "descending") : null } }
      : {}),
    cellClassName: () => `col-${spec.id}`,
    ...(spec.id === "name"
      ? { rowHeader: { id: (row: MemberRow) => `name-${row.id}` }, cell: (row: MemberRow) => <NameCell row={row} /> }
      : { cell: (row: MemberRow) => <Labelled label={spec.header}>{String(row[spec.id as Exclude<MemberColumnId, "name">] ?? "")}</Labelled> }),
  }));
}

/**
 * The members table (/accounts and /deleted-members) on the one admin table: the columns
 * that fit a 1280 px screen and one safe action per row (docs/requirements.md §6.2, §6.3,
 * ADR 63), inside one form whose Restore buttons post to the list's URL. At 360 px each row
 * is a card (app/features/office/styles/members.css).
 */
export function MembersTable(props: {
  rows: MemberRow[];
  state: MemberTableState;
  /** Where the row forms post: the list's path with the current view's search. */
  action: string;
  deletedList: boolean;
  accountantId: string;
  caption: string;
  empty: string;
  head: { content: ReactNode; exportHref: string };
  legend: ReactNode;
}) {
  const { rows, state, action, deletedList, accountantId, caption } = props;
  const { onSubmit, pending } = useRowActionSubmit();
  const columns: AdminColumn<MemberRow>[] = [
    ...memberColumns(state),
    {
      id: "actions",
      header: "Action",
      cellClassName: () => "col-actions",
      cell: (member) => (
        <MemberRowActions deletedList={deletedList} accountantId={accountantId} pending={pending?.id === member.id ? pending.action : null} member={member} />
      ),
    },
  ];
  return (
    <AdminTable
      caption={caption}
      columns={columns}
      rows={rows}
      rowId={(row) => row.id}
      rowClassName={rowClass}
      empty={props.empty}
      head={{ className: "members-summary", content: props.head.content, csv: { href: props.head.exportHref } }}
      above={props.legend}
      tableClassName="members-table members-list"
      regionClassName="table-scroll members-table-scroll members-list-scroll"
      wrap={(table) => (
        // One form around the table: every row's buttons post to the list's URL (with the view's search).
        <form method="post" action={action} onSubmit={onSubmit} className="members-list-form">
          <input type="hidden" name="confirmed" value="" />
          {table}
        </form>
      )}
    />
  );
}
