import type { ReactNode } from "react";
import { MEMBER_COLUMNS, rowNotes, sortSearch, type MemberRow, type MemberTableState } from "~/features/office/member-table";
import { AdminTable, type AdminColumn } from "~/kernel/layout/back-office/AdminTable";
import type { TablePagerProps } from "~/kernel/layout/back-office/TablePager";
import { MemberRowActions, NEW_TAB_NOTE_ID } from "./MemberRowActions";
import { useRowActionSubmit } from "./use-row-action-submit";

/** The name cell also says in words what the row's colour says. */
function NameCell({ row }: { row: MemberRow }) {
  const notes = rowNotes(row);
  return (
    <>
      <span className="member-name">{row.name}</span>
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

/** The 13 columns of docs/requirements.md §6.2, sortable where the store sorts, with the row's name as its header cell. */
function memberColumns(state: MemberTableState): AdminColumn<MemberRow>[] {
  return MEMBER_COLUMNS.map((spec) => ({
    id: spec.id,
    header: spec.header,
    ...(spec.sort
      ? { sort: { href: sortSearch(state, spec.id), current: state.sort === spec.id ? (state.dir === "asc" ? "ascending" : "descending") : null } }
      : {}),
    ...(spec.id === "name" ? { rowHeader: { id: (row: MemberRow) => `name-${row.id}` }, cell: (row: MemberRow) => <NameCell row={row} /> } : {}),
  }));
}

/**
 * The members table (/accounts and /deleted-members) on the one admin table: the
 * 13 columns and the row actions of docs/requirements.md §6.2 and §6.3, inside one form
 * whose buttons post to the list's URL.
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
  pager: TablePagerProps;
}) {
  const { rows, state, action, deletedList, accountantId, caption } = props;
  const { onSubmit, pending } = useRowActionSubmit();
  const columns: AdminColumn<MemberRow>[] = [
    ...memberColumns(state),
    {
      id: "actions",
      header: "Actions",
      cell: (member) => (
        <MemberRowActions deletedList={deletedList} accountantId={accountantId} pending={pending?.id === member.id ? pending.action : null} member={member} />
      ),
    },
  ];
  return (
    <AdminTable
      caption={caption}
      captionNote={
        <span id={NEW_TAB_NOTE_ID} hidden>
          Opens in a new tab
        </span>
      }
      columns={columns}
      rows={rows}
      rowId={(row) => row.id}
      rowClassName={rowClass}
      empty={props.empty}
      head={{ className: "members-summary", content: props.head.content, csv: { href: props.head.exportHref } }}
      above={props.legend}
      alwaysScrolls
      pager={props.pager}
      wrap={(table) => (
        // One form around the table: every row's buttons post to the list's URL (with the view's search).
        <form method="post" action={action} onSubmit={onSubmit}>
          <input type="hidden" name="confirmed" value="" />
          {table}
        </form>
      )}
    />
  );
}
