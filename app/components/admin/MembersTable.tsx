import { Link } from "@remix-run/react";
import { createColumnHelper, flexRender, tableFeatures, useTable } from "@tanstack/react-table";
import { useMemo } from "react";
import { MEMBER_COLUMNS, rowNotes, sortSearch, type MemberColumnId, type MemberRow, type MemberTableState } from "~/domain/member-table";
import { MemberRowActions, NEW_TAB_NOTE_ID } from "./MemberRowActions";
import { TableScrollHint } from "./TableScrollHint";
import { useRowActionSubmit } from "./use-row-action-submit";

export type MembersTableRow = MemberRow;

// Core only: paging, sorting and filtering are the server's (the URL says which rows), so no row-model features.
const features = tableFeatures({});
const column = createColumnHelper<typeof features, MembersTableRow>();

function SortHeader({ state, id, header }: { state: MemberTableState; id: MemberColumnId; header: string }) {
  const active = state.sort === id;
  const next = active && state.dir === "asc" ? "descending" : "ascending";
  return (
    <Link to={sortSearch(state, id)} className="sort-link" preventScrollReset>
      {header}
      <span aria-hidden="true" className="sort-mark">
        {active ? (state.dir === "asc" ? " ▲" : " ▼") : " ↕"}
      </span>
      <span className="visually-hidden">, sort {next}</span>
    </Link>
  );
}

/** The name cell also says in words what the row's colour says. */
function NameCell({ row }: { row: MembersTableRow }) {
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

function rowClass(row: MembersTableRow): string | undefined {
  if (row.inactive) return "row-inactive";
  if (row.renewalDue) return "row-renewal-due";
  return undefined;
}

/**
 * The spec's 13 columns and the row actions, drawn with TanStack Table. Paging,
 * sorting and filtering happen on the server (the URL says which page), so the
 * table runs in manual mode: it renders exactly the rows it was given.
 */
export function MembersTable(props: {
  rows: MembersTableRow[];
  state: MemberTableState;
  /** Where the row forms post: the list's path with the current view's search. */
  action: string;
  deletedList: boolean;
  accountantId: string;
  caption: string;
}) {
  const { rows, state, action, deletedList, accountantId, caption } = props;
  const { onSubmit, pending } = useRowActionSubmit();
  // Header cells go through TanStack's flexRender; body cells are written out below,
  // because a page of 500 rows must render fast on the server (a cell context per cell costs).
  const columns = useMemo(
    () =>
      column.columns([
        ...MEMBER_COLUMNS.map((spec) =>
          column.accessor((row) => row[spec.id], {
            id: spec.id,
            header: () => (spec.sort ? <SortHeader state={state} id={spec.id} header={spec.header} /> : spec.header),
          })
        ),
        column.display({ id: "actions", header: "Actions" }),
      ]),
    [state]
  );

  const table = useTable({ features, columns, data: rows, getRowId: (row) => row.id });

  // One form around the table: every row's buttons post to the list's URL (with the view's search).
  return (
    <form method="post" action={action} onSubmit={onSubmit}>
      <input type="hidden" name="confirmed" value="" />
      <TableScrollHint always />
      <div className="table-scroll members-table-scroll" role="region" aria-label={caption} tabIndex={0}>
        <table className="members-table">
          <caption className="visually-hidden">
            {caption}
            <span id={NEW_TAB_NOTE_ID} hidden>
              Opens in a new tab
            </span>
          </caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = state.sort === header.column.id ? (state.dir === "asc" ? "ascending" : "descending") : undefined;
                  return (
                    <th key={header.id} scope="col" aria-sort={sorted}>
                      {flexRender(header.column.columnDef.header, header.getContext())}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => {
              const member = row.original;
              return (
                <tr key={row.id} className={rowClass(member)}>
                  {row.getAllCells().map((cell) => {
                    const id = cell.column.id;
                    if (id === "name") {
                      return (
                        <th key={id} scope="row" id={`name-${member.id}`}>
                          <NameCell row={member} />
                        </th>
                      );
                    }
                    if (id === "actions") {
                      return (
                        <td key={id}>
                          <MemberRowActions
                            deletedList={deletedList}
                            accountantId={accountantId}
                            pending={pending?.id === member.id ? pending.action : null}
                            member={member}
                          />
                        </td>
                      );
                    }
                    return <td key={id}>{String(cell.getValue() ?? "")}</td>;
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </form>
  );
}
