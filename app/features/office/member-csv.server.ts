import { currentYear } from "~/kernel/dates/dates";
import { csvFilename } from "./csv-filename";
import { exportFile, type ExportFile } from "./export-columns";
import { MEMBER_EXPORT, memberListQuery, memberRow, readMemberTableParams } from "./member-table";
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
  const { rows } = await store.members.list(memberListQuery(readMemberTableParams(params), deleted, true));
  return membersExportFile(rows, currentYear(), deleted);
}
