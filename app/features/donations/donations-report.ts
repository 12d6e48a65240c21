import { exportFile, csvFilename, type ExportColumn, type ExportFile } from "../office";
import { formatPence } from "../../kernel/values/money";
import { dayMoment } from "../../kernel/store/received-day";
import { givenOnLabel } from "./donations";
import type { Id, PersonKind, Pence } from "../../kernel/store/records";

/**
 * The donations report (/accounts/donations, docs/requirements.md §14): every paid donation
 * received in a period, with its Gift Aid and what was refunded of it, and the same rows as
 * CSV and Excel (ADR 48's column model). Pure.
 */

export interface DonationReportRow {
  transactionId: Id;
  /** UK day the money came (YYYY-MM-DD). */
  day: string;
  name: string;
  email: string;
  personKind: PersonKind;
  amount: Pence;
  refunded: Pence;
  giftAid: boolean;
  message: string;
}

export interface DonationTotals {
  count: number;
  amount: Pence;
  refunded: Pence;
  /** Given with Gift Aid, before refunds. */
  giftAidAmount: Pence;
}

export function donationTotals(rows: readonly DonationReportRow[]): DonationTotals {
  return {
    count: rows.length,
    amount: rows.reduce((sum, row) => sum + row.amount, 0),
    refunded: rows.reduce((sum, row) => sum + row.refunded, 0),
    giftAidAmount: rows.reduce((sum, row) => sum + (row.giftAid ? row.amount : 0), 0),
  };
}

/** "Not refunded", "Refunded £25.00" (all of it) or "£5.00 refunded" (part). */
export function refundedText(row: Pick<DonationReportRow, "amount" | "refunded">): string {
  if (row.refunded <= 0) return "No";
  return row.refunded >= row.amount ? `Yes, ${formatPence(row.refunded)}` : `${formatPence(row.refunded)} of it`;
}

export const PERSON_KIND_LABELS: Record<PersonKind, string> = { member: "Member", donor: "Visitor" };

export const DONATION_COLUMNS: ReadonlyArray<ExportColumn<DonationReportRow>> = [
  { header: "Date", kind: "date", value: (row) => dayMoment(row.day) },
  { header: "Name", kind: "text", value: (row) => row.name },
  { header: "E-mail", kind: "text", value: (row) => row.email },
  { header: "Giver", kind: "text", value: (row) => PERSON_KIND_LABELS[row.personKind] },
  { header: "Amount", kind: "money", value: (row) => row.amount },
  { header: "Gift Aid", kind: "text", value: (row) => (row.giftAid ? "Yes" : "No") },
  { header: "Message", kind: "text", value: (row) => row.message || null },
  { header: "Refunded", kind: "money", value: (row) => row.refunded },
  { header: "Transaction", kind: "text", value: (row) => row.transactionId },
];

/** The downloads of a period: `donations-<from>-to-<to>-<today>.csv` and its .xlsx twin. */
export function donationsExportFile(rows: readonly DonationReportRow[], period: { from: string; to: string }, now: Date = new Date()): ExportFile {
  return exportFile(csvFilename(`donations-${period.from}-to-${period.to}`, now), { columns: DONATION_COLUMNS, rows });
}

/** The period as the page's heading says it: "06-04-2026 to 05-04-2027". */
export const periodLabel = (period: { from: string; to: string }) => `${givenOnLabel(period.from)} to ${givenOnLabel(period.to)}`;

export const DONATIONS_EMPTY = "No donations were received in this period.";
