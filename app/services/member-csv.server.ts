import { csvFilename } from "../domain/csv-filename";
import { memberCsvRecord, memberRow } from "../domain/member-table";
import type { Member } from "../domain/records";

/**
 * The members CSV export (ADR 13): the table's 13 columns plus Notes, through the one
 * CSV writer (csv.server.ts). Every cell is text except Children Count.
 */

/** The members as the table shows them (13 columns plus Notes, under CSV_HEADER), for `year`'s colours and ages. */
export function membersCsvRecords(members: readonly Member[], year: number) {
  return members.map((member) => memberCsvRecord(memberRow(member, year)));
}

/** `members-2026-11-21.csv` (the day in UK time), or `deleted-members-…` for the deleted list. */
export function membersCsvFilename(deleted: boolean, now: Date = new Date()): string {
  return csvFilename(deleted ? "deleted-members" : "members", now);
}
