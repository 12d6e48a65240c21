import { Link } from "@remix-run/react";
import { createColumnHelper, flexRender, tableFeatures, useTable } from "@tanstack/react-table";
import { useMemo } from "react";
import { MEMBER_COLUMNS, rowNotes, sortSearch, type MemberColumnId, type MemberRow, type MemberTableState } from "~/domain/member-table";
import { MemberRowActions, NEW_TAB_NOTE_ID } from "./MemberRowActions";

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
  const columns = useMemo(
    () =>
      column.columns([
        ...MEMBER_COLUMNS.map((spec) =>
          column.accessor((row) => row[spec.id], {
            id: spec.id,
            header: () => (spec.sort ? <SortHeader state={state} id={spec.id} header={spec.header} /> : spec.header),
            cell: (info) => (spec.id === "name" ? <NameCell row={info.row.original} /> : String(info.getValue() ?? "")),
          }),
        ),
        column.display({
          id: "actions",
          header: "Actions",
          cell: (info) => <MemberRowActions action={action} deletedList={deletedList} accountantId={accountantId} member={info.row.original} />,
        }),
      ]),
    [state, action, deletedList, accountantId],
  );

  const table = useTable({ features, columns, data: rows, getRowId: (row) => row.id });

  return (
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
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className={rowClass(row.original)}>
              {row.getAllCells().map((cell) =>
                cell.column.id === "name" ? (
                  <th key={cell.id} scope="row" id={`name-${row.original.id}`}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </th>
                ) : (
                  <td key={cell.id}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
