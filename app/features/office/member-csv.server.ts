import { currentYear } from "~/kernel/dates/dates";
import { csvFilename } from "./csv-filename";
import { exportFile, type ExportFile } from "./export-columns";
import { MEMBER_EXPORT, memberBrowseQuery, memberExportQuery, memberRow, readMemberTableParams, type MemberTableState } from "./member-table";
import { MAX_PAGE_SIZE } from "~/kernel/store/paging";
import type { Member } from "~/kernel/store/records";

import type { Store } from "~/kernel/store/port";

/**
 * The members download (ADR 13, ADR 48): the table's 13 columns plus Notes, as a CSV
 * (csv.server.ts) or an Excel file (xlsx.server.ts), from one column model.
 */

/** The members as the table shows them, for `year`'s colours and ages, ready for either format. */
export function membersExportFile(members: readonly Member[], year: number, deleted: boolean, now: Date = new Date()): ExportFile {
  return exportFile(membersCsvFilename(deleted, now), { columns: MEMBER_EXPORT, rows: members.map((member) => memberRow(member, year)) });
}

/** `members-2026-11-21.csv` (the day in UK time), or `deleted-members-…` for the deleted list. */
export function membersCsvFilename(deleted: boolean, now: Date = new Date()): string {
  return csvFilename(deleted ? "deleted-members" : "members", now);
}

/** The download of /accounts/export.csv?… (or .xlsx): the table's filter and sort, every page; `list=deleted` for /deleted-members. */
export async function membersDownload(store: Store, params: URLSearchParams): Promise<ExportFile> {
  const deleted = params.get("list") === "deleted";
  const state = readMemberTableParams(params);
  const rows = state.q ? await searchedMembers(store, state, deleted) : (await store.members.list(memberExportQuery(state, deleted))).rows;
  return membersExportFile(rows, currentYear(), deleted);
}

/** A search's members, every page of the table's keyset (ADR 63), so the download holds exactly the members the search shows. */
async function searchedMembers(store: Store, state: MemberTableState, deleted: boolean): Promise<Member[]> {
  const members: Member[] = [];
  let after: string | null = null;
  do {
    const page = await store.members.browse(memberBrowseQuery({ ...state, after: after ?? "", before: "" }, deleted, MAX_PAGE_SIZE));
    members.push(...page.rows);
    after = page.next;
  } while (after !== null);
  return members;
}
