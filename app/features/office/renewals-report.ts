import { csvFilename } from "./csv-filename";
import { PAYMENT_METHOD_EXPORT, type ExportColumn } from "./export-columns";
import { methodLabel, paymentReference } from "../payments";
import { parts } from "../../kernel/dates/dates";
import { memberNumberLabel } from "../../kernel/store/member-number";
import { readSearchParam } from "./member-table";
import { formatPence } from "../../kernel/values/money";
import { formatDay } from "../../kernel/dates/dates";
import { DEFAULT_PAGE_SIZE, pageCount, readPaging, storePage, type TablePaging } from "../../kernel/store/paging";
import { dayMoment, receivedDay } from "../../kernel/store/received-day";
import type { Member, Membership, Transaction } from "../../kernel/store/records";

/**
 * The subscriptions report (/mem-renewals, docs/requirements.md §6.9): the members
 * who paid a year's renewal and the active members who have not paid this year's.
 * What the URL asks for (the search, the year and one pager per table) and what each
 * row shows; the screen and the two CSV exports read the same params.
 */

// ---- URL state ---------------------------------------------------------------

export interface RenewalsReportState {
  /** The search area (docs/requirements.md §6.9): name, e-mail or MMA number, in both tables; "" for none. */
  q: string;
  /** The renewed table's year: this year or the previous one. */
  year: number;
  renewed: TablePaging;
  pending: TablePaging;
}

/** The years the Year select offers: this year, then the previous one. */
export function reportYears(thisYear: number): number[] {
  return [thisYear, thisYear - 1];
}

/** Unknown or broken values fall back to the defaults (this year, page 1, 15 rows), never an error. */
export function readRenewalsParams(params: URLSearchParams, thisYear: number): RenewalsReportState {
  const year = Number(params.get("year"));
  return {
    q: readSearchParam(params),
    year: reportYears(thisYear).includes(year) ? year : thisYear,
    renewed: readPaging(params, "rpage", "rsize"),
    pending: readPaging(params, "ppage", "psize"),
  };
}

/** The search string of a state, leaving out defaults; `thisYear` is the default year. */
export function renewalsSearch(
  state: RenewalsReportState,
  thisYear: number,
  changes: { q?: string; year?: number; renewed?: Partial<TablePaging>; pending?: Partial<TablePaging> } = {},
): string {
  const q = changes.q ?? state.q;
  const year = changes.year ?? state.year;
  const renewed = { ...state.renewed, ...changes.renewed };
  const pending = { ...state.pending, ...changes.pending };
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (year !== thisYear) params.set("year", String(year));
  if (renewed.page !== 1) params.set("rpage", String(renewed.page));
  if (renewed.size !== DEFAULT_PAGE_SIZE) params.set("rsize", String(renewed.size));
  if (pending.page !== 1) params.set("ppage", String(pending.page));
  if (pending.size !== DEFAULT_PAGE_SIZE) params.set("psize", String(pending.size));
  const text = params.toString();
  return text ? `?${text}` : "";
}

// ---- Renewed table -----------------------------------------------------------

export const RENEWED_COLUMNS = [
  { id: "name", header: "Name" },
  { id: "membership", header: "Membership Type" },
  { id: "amount", header: "Amount" },
  { id: "date", header: "Date" },
  { id: "email", header: "Email" },
  { id: "priceRef", header: "payment product reference" },
  { id: "description", header: "Description" },
  { id: "year", header: "Year" },
  // Offline payments (docs/requirements.md §4.9): how it was paid
  { id: "method", header: "Method" },
] as const;

export type RenewedRow = { id: string } & Record<(typeof RENEWED_COLUMNS)[number]["id"], string>;

/**
 * When the money of a renewal came, as a moment (docs/requirements.md §6.9, ADR 64): the day
 * received an accountant recorded, else the day it settled. The table, the chart and both
 * downloads read it; the day it was entered stays in the activity log.
 */
export function receivedAt(transaction: Pick<Transaction, "paidOn" | "settledAt" | "createdAt">): number {
  return dayMoment(receivedDay(transaction));
}

export function renewedRow(transaction: Transaction): RenewedRow {
  return {
    id: transaction.id,
    name: transaction.memberName,
    membership: transaction.membershipType,
    amount: formatPence(transaction.unitAmount * transaction.qty),
    date: formatDay(receivedAt(transaction)),
    email: transaction.memberEmail,
    // An offline payment shows its method and reference, never the fee's price id (docs/requirements.md §4.9).
    priceRef: paymentReference(transaction),
    description: transaction.title,
    year: String(transaction.year),
    method: methodLabel(transaction.method),
  };
}

// ---- Pending table -----------------------------------------------------------

/** The old site named no columns for the pending table; ours (docs/requirements.md §6.9): who they are, how to reach them, and when they last paid. */
export const PENDING_COLUMNS = [
  { id: "memberId", header: "Member ID" },
  { id: "name", header: "Name" },
  { id: "membership", header: "Membership Type" },
  { id: "email", header: "Email" },
  { id: "mobile", header: "Mobile" },
  { id: "lastRenewedYear", header: "Last subscription year" },
] as const;

export type PendingRow = { id: string } & Record<(typeof PENDING_COLUMNS)[number]["id"], string>;

export function pendingRow(member: Member): PendingRow {
  return {
    id: member.id,
    memberId: memberNumberLabel(member.memberNumber),
    name: member.fullName,
    membership: member.membership,
    email: member.email,
    mobile: member.mobile,
    lastRenewedYear: member.lastRenewedYear === null ? "Never" : String(member.lastRenewedYear),
  };
}

/**
 * The store query of the pending members (docs/requirements.md §6.9: status true and delete false; not
 * renewed this year), optionally those the search finds (the members table's search:
 * name, e-mail, MMA number, postcode).
 */
export function pendingMembersQuery(thisYear: number, paging?: TablePaging, search = "") {
  return {
    deleted: false,
    active: true,
    notRenewedIn: thisYear,
    ...(search ? { search } : {}),
    ...(paging ? storePage(paging) : {}),
  };
}

/** The store query of the renewed table: the year's paid renewals, optionally those the search finds. */
export function renewedQuery(state: Pick<RenewalsReportState, "q" | "year">) {
  return { year: state.year, paymentType: "renew" as const, ...(state.q ? { search: state.q } : {}) };
}

/**
 * Whether a renewal matches the search (the Cockpit adapter's filter; D1 does the same in
 * SQL): the member's name or e-mail on the transaction, case-insensitively, or the
 * member's number, when the search reads as one ("MMA42", "42"): `numbered` holds the ids
 * of the members with that number.
 */
export function renewalMatches(
  transaction: Pick<Transaction, "memberName" | "memberEmail" | "userId">,
  search: string,
  numbered: ReadonlySet<string>,
): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return transaction.memberName.toLowerCase().includes(needle) || transaction.memberEmail.toLowerCase().includes(needle) || numbered.has(transaction.userId);
}

/**
 * A count the report shows. The pending members are counted up to a limit (ADR 64: a view
 * reads hundreds of rows, not the table): `atLeast` says there are that many or more.
 */
export interface ReportCount {
  count: number;
  atLeast: boolean;
}

export const exactCount = (count: number): ReportCount => ({ count, atLeast: false });

/** "12", or "500 or more" when counted up to the limit. */
export function countText({ count, atLeast }: ReportCount): string {
  return atLeast ? `${count} or more` : String(count);
}

/** A table's title: its count, and while searching how many of all ("Pending (3 of 120)", "Pending (500 or more)"). */
export function reportTitle(name: string, found: ReportCount | number, all: ReportCount | number, searching: boolean): string {
  const text = (c: ReportCount | number) => countText(typeof c === "number" ? exactCount(c) : c);
  return searching ? `${name} (${text(found)} of ${text(all)})` : `${name} (${text(found)})`;
}

/**
 * The pages a table's pager offers: all of them for an exact count; for a count that stopped
 * at its limit, the pages up to it, and one more while the page shown is full.
 */
export function pagesOf(count: ReportCount, paging: TablePaging, rowsShown: number): number {
  const counted = pageCount(count.count, paging.size);
  if (!count.atLeast) return counted;
  return Math.max(counted, rowsShown >= paging.size ? paging.page + 1 : paging.page);
}

/** How many pending members the report counts before it says "or more" (ADR 64). */
export const PENDING_COUNTED_UP_TO = 500;

// ---- 'Send Notification To All' ----------------------------------------------------

/** What the page shows after a post that did not send: the no-JS confirmation, or the addresses for manual sending. */
export type RenewalsActionData = { confirm: { count: number } } | { panel: { emails: string[] } };

// ---- Downloads (CSV and Excel) ------------------------------------------------------

export type ReportTable = "renewed" | "pending";

/** The renewed table's download (CSV and Excel): the table's columns, with the amount and the date as values. */
export const RENEWED_EXPORT: ReadonlyArray<ExportColumn<Transaction>> = [
  { header: "Name", kind: "text", value: (t) => t.memberName },
  { header: "Membership Type", kind: "text", value: (t) => t.membershipType },
  { header: "Amount", kind: "money", value: (t) => t.unitAmount * t.qty },
  { header: "Date", kind: "date", value: receivedAt },
  { header: "Email", kind: "text", value: (t) => t.memberEmail },
  { header: "payment product reference", kind: "text", value: paymentReference },
  { header: "Description", kind: "text", value: (t) => t.title },
  { header: "Year", kind: "number", value: (t) => t.year },
  // Offline payments (docs/requirements.md §4.9)
  ...PAYMENT_METHOD_EXPORT,
];

/** The renewed download with what was refunded of each payment (`refunded`: pence by transaction id), so its amounts add up to what was kept. */
export function renewedExport(refunded: Readonly<Record<string, number>>): ReadonlyArray<ExportColumn<Transaction>> {
  return [...RENEWED_EXPORT, { header: "Refunded", kind: "money", value: (t) => refunded[t.id] ?? 0 }];
}

/** The pending table's download: the member number and the mobile stay text (their leading characters survive). */
export const PENDING_EXPORT: ReadonlyArray<ExportColumn<Member>> = [
  { header: "Member ID", kind: "text", value: (m) => memberNumberLabel(m.memberNumber) },
  { header: "Name", kind: "text", value: (m) => m.fullName },
  { header: "Membership Type", kind: "text", value: (m) => m.membership },
  { header: "Email", kind: "text", value: (m) => m.email },
  { header: "Mobile", kind: "text", value: (m) => m.mobile },
  { header: "Last subscription year", kind: "text", value: (m) => (m.lastRenewedYear === null ? "Never" : String(m.lastRenewedYear)) },
];

/**
 * `/mem-renewals/renewed.csv?q=ann&year=2025`: every row of the table the search finds,
 * whatever page is shown (as the members table's export takes its filters).
 */
export function reportCsvHref(table: ReportTable, state: RenewalsReportState, thisYear: number): string {
  const params = new URLSearchParams();
  if (state.q) params.set("q", state.q);
  if (table === "renewed" && state.year !== thisYear) params.set("year", String(state.year));
  const text = params.toString();
  return `/mem-renewals/${table}.csv${text ? `?${text}` : ""}`;
}

/** `renewed-2026-2026-11-21.csv`: the table, the year it reports, and the day it was taken (UK time). */
export function reportCsvFilename(table: ReportTable, year: number, now: Date = new Date()): string {
  return csvFilename(`${table}-${year}`, now);
}

// ---- Chart -----------------------------------------------------------------------

export const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/**
 * The twelve months of a year as [from, to) in Unix seconds, UK time: midnight on the
 * 1st in London. The clocks change on the last Sunday of March and October at 01:00
 * UTC, never on a 1st, so London's offset at 00:00 UTC on the 1st is its offset all night.
 */
export function monthPeriods(year: number): Array<{ from: number; to: number }> {
  const starts = Array.from({ length: 13 }, (_, i) => {
    const utc = Date.UTC(year, i, 1) / 1000;
    const ukHour = Number(parts(utc, { hour: "2-digit", hourCycle: "h23" }).hour);
    return utc - ukHour * 3600;
  });
  return starts.slice(0, 12).map((from, i) => ({ from, to: starts[i + 1]! }));
}

export interface ChartBar {
  month: (typeof MONTHS)[number];
  count: number;
  /** 0–100, of the tallest month. */
  height: number;
}

/** The chart's bars: renewals received each month of the year (the running totals' months, ADR 64). */
export function chartBars(counts: readonly number[]): ChartBar[] {
  const max = Math.max(0, ...counts);
  return MONTHS.map((month, i) => {
    const count = counts[i] ?? 0;
    return { month, count, height: max === 0 ? 0 : Math.round((count / max) * 100) };
  });
}

/** The chart in words, for people who cannot see it. */
export function chartSummary(year: number, bars: readonly ChartBar[]): string {
  return `Renewals paid each month of ${year}: ${bars.map((bar) => `${bar.month} ${bar.count}`).join(", ")}.`;
}

// ---- Reminder -----------------------------------------------------------------

export const BULK_EMAIL_FALLBACK_MESSAGE = "Our system is experiencing technical difficulties to send bulk emails...";

export function reminderSentMessage(count: number): string {
  return `Renewal reminder sent to ${count} ${count === 1 ? "member" : "members"}.`;
}

/** The manual-sending panel's line above the addresses ("these 1 addresses" read badly). */
export function manualSendingPrompt(count: number): string {
  return count === 1 ? "Please send the renewal reminder to this address yourself:" : `Please send the renewal reminder to these ${count} addresses yourself:`;
}

export function reminderQuestion(count: number): string {
  return `Send the renewal reminder to ${count} ${count === 1 ? "member" : "members"}?`;
}

/** This year's fee for a membership, in pence, from the site settings. */
export function renewalFee(membership: Membership, fees: { singleRenewFee: number; familyRenewFee: number }): number {
  return membership === "Family" ? fees.familyRenewFee : fees.singleRenewFee;
}

/** Splits a list into chunks of at most `size` (Resend's batch API takes 100 e-mails a call). */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
