import type { AppLoadContext } from "@remix-run/cloudflare";
import { createElement } from "react";
import { DEFAULT_PAGE_SIZE, storePage } from "../../kernel/store/paging";
import {
  chartBars,
  exactCount,
  pagesOf,
  PENDING_COUNTED_UP_TO,
  pendingMembersQuery,
  PENDING_EXPORT,
  pendingRow,
  readRenewalsParams,
  renewalFee,
  reminderSentMessage,
  renewalsSearch,
  renewedQuery,
  renewedExport,
  renewedRow,
  reportCsvFilename,
  reportCsvHref,
  type RenewalsActionData,
  type ReportTable,
} from "./renewals-report";
import { exportFile, type ExportFile } from "./export-columns";
import type { Toast } from "../../kernel/http/toast";
import { RenewalReminderEmail, renewalReminderSubject } from "../membership/components";
import { createEmailService, type EmailMessage } from "../../kernel/email/email.server";
import type { Member } from "../../kernel/store/records";
import type { SiteSettings } from "../../kernel/store/site-settings";
import { createRateLimiter } from "../../kernel/http/rate-limit.server";
import { REMINDER_RATE_RULE } from "../../kernel/http/rate-limits";
import type { Store } from "../../kernel/store/port";
import { reminderStageLines, ukDate } from "../membership";

export { REMINDER_RATE_RULE };

/**
 * The subscriptions report (/mem-renewals): the renewed and pending tables, their
 * downloads (CSV and Excel), and 'Send Notification To All'. The routes guard (accountants only, on
 * every method), parse and answer; this reads and sends.
 */

const PATH = "/mem-renewals";
const RENEW = "renew" as const;

/**
 * The report for the URL's params: both tables (a page each), their counts, the chart. Without
 * a search it reads hundreds of rows, not the tables (ADR 64): the tiles and the chart from the
 * year's running totals, a page of each table through its index, and the pending members
 * counted up to PENDING_COUNTED_UP_TO. A search reads the rows it searches.
 */
export async function loadRenewalsReport(store: Store, input: { params: URLSearchParams; thisYear: number; delivers: boolean }) {
  const { thisYear, delivers } = input;
  const state = readRenewalsParams(input.params, thisYear);
  const query = { year: state.year, paymentType: RENEW };
  const searching = state.q !== "";
  const everyPending = (paging: { page: number; size: number }) =>
    store.members.listPendingRenewal({ notRenewedIn: thisYear, ...storePage(paging) }, PENDING_COUNTED_UP_TO);
  // The chart and the reminder stay about everyone; the tables, their counts and the
  // renewed total follow the search. Without one, the whole-year figures serve both.
  const [renewedRows, totals, foundRenewed, pending, allPending, refunded] = await Promise.all([
    searching ? null : store.transactions.pageSettled({ ...renewedQuery(state), ...storePage(state.renewed) }),
    store.transactions.renewalTotals(state.year),
    searching
      ? Promise.all([
          store.transactions.listSettled({ ...renewedQuery(state), ...storePage(state.renewed) }),
          store.transactions.summarizeSettled(renewedQuery(state), []),
        ])
      : null,
    searching
      ? store.members.list(pendingMembersQuery(thisYear, state.pending, state.q)).then((page) => ({ ...page, atLeast: false }))
      : everyPending(state.pending),
    searching ? everyPending({ page: 1, size: DEFAULT_PAGE_SIZE }) : null,
    // Refunds (docs/requirements.md §4.10): the year's total shows what was given back (net); a search's total stays as paid.
    searching ? 0 : store.refunds.sumRefunded(query),
  ]);
  const found = foundRenewed ? foundRenewed[1] : totals;
  const rows = foundRenewed ? foundRenewed[0].rows : (renewedRows ?? []);
  const pendingCount = { count: pending.total, atLeast: pending.atLeast };
  const allPendingCount = allPending ? { count: allPending.total, atLeast: allPending.atLeast } : pendingCount;
  return {
    thisYear,
    state,
    search: renewalsSearch(state, thisYear),
    searching,
    /** E-mail leaves the site: the button sends (after a confirm) rather than listing the addresses. */
    delivers,
    renewed: {
      rows: rows.map(renewedRow),
      count: found.count,
      allCount: totals.count,
      amount: found.amount,
      refunded,
      pages: pagesOf(exactCount(found.count), state.renewed, rows.length),
      csvHref: reportCsvHref("renewed", state, thisYear),
    },
    pending: {
      rows: pending.rows.map(pendingRow),
      count: pendingCount,
      /** 'Send Notification To All' writes to every pending member, whatever the search. */
      allCount: allPendingCount,
      pages: pagesOf(pendingCount, state.pending, pending.rows.length),
      csvHref: reportCsvHref("pending", state, thisYear),
    },
    chart: chartBars(totals.perMonth),
  };
}

/** Every row of one table the search finds (/mem-renewals/renewed.csv?q=…&year=…, /mem-renewals/pending.csv?q=…, or .xlsx), ready for either format. */
export async function renewalsExportFile(store: Store, input: { table: ReportTable; params: URLSearchParams; thisYear: number }): Promise<ExportFile> {
  const { table, thisYear } = input;
  const state = readRenewalsParams(input.params, thisYear);
  if (table === "renewed") {
    const { rows } = await store.transactions.listSettled(renewedQuery(state));
    const refunded = await store.refunds.refundedBy(
      "transaction",
      rows.map((t) => t.id),
    );
    return exportFile(reportCsvFilename(table, state.year), { columns: renewedExport(refunded), rows });
  }
  const { rows } = await store.members.list(pendingMembersQuery(thisYear, undefined, state.q));
  return exportFile(reportCsvFilename(table, thisYear), { columns: PENDING_EXPORT, rows });
}

/** Where a post goes back to: the same view of the report. */
export function renewalsBack(params: URLSearchParams, thisYear: number): string {
  return `${PATH}${renewalsSearch(readRenewalsParams(params, thisYear), thisYear)}`;
}

/** The renewal reminder to one member: the button and the daily scheduled run (ADR 0050) send the same e-mail. */
export function renewalReminderMessage(
  member: Pick<Member, "id" | "email" | "fullName" | "membership">,
  input: { thisYear: number; fees: SiteSettings["membership"]; accountUrl: string },
): EmailMessage {
  return {
    to: [member.email],
    subject: renewalReminderSubject(input.thisYear),
    react: createElement(RenewalReminderEmail, {
      fullName: member.fullName,
      membership: member.membership,
      year: input.thisYear,
      fee: renewalFee(member.membership, input.fees),
      accountUrl: input.accountUrl,
    }),
    purpose: "renewal-reminder",
    memberId: member.id,
  };
}

/**
 * 'Send Notification To All': the renewal reminder to every pending member (all
 * pages). Without an e-mail provider nothing is sent or recorded: the page lists the
 * addresses for manual sending (the panel of docs/requirements.md §6.9). Without JavaScript the first post
 * asks for a yes (with it, the browser's confirm does).
 */
export async function sendRenewalReminder(
  context: AppLoadContext,
  input: { accountantId: string; confirmed: boolean; thisYear: number; origin: string },
): Promise<{ toast: Toast } | RenewalsActionData> {
  const { thisYear } = input;
  const { rows: members } = await context.store.members.list(pendingMembersQuery(thisYear));
  if (members.length === 0) return { toast: { kind: "info", message: "Every active member has paid this year's subscription." } };
  const email = createEmailService(context);
  if (!email.delivers) return { panel: { emails: members.map((member) => member.email) } };
  if (!input.confirmed) return { confirm: { count: members.length } };

  const limit = await createRateLimiter(context.store.rateLimits).hit([{ rule: REMINDER_RATE_RULE, subject: input.accountantId }]);
  if (!limit.allowed) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfter / 60));
    return {
      toast: {
        kind: "error",
        message: `The renewal reminder was sent a few minutes ago. Please wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} before sending it again.`,
      },
    };
  }

  const { membership: fees } = await context.content.getSiteSettings();
  const accountUrl = `${input.origin}/mem-account`;
  const results = await email.sendBatch(members.map((member) => renewalReminderMessage(member, { thisYear, fees, accountUrl })));
  const sent = results.filter((result) => result.status === "sent").length;
  const failure = results.find((result) => result.status === "failed")?.error;
  if (sent === results.length) return { toast: { kind: "success", message: reminderSentMessage(sent) } };
  return {
    toast: {
      kind: "error",
      message: `${sent > 0 ? `${reminderSentMessage(sent)} ` : ""}${results.length - sent} could not be sent: ${failure ?? "unknown error"}`,
    },
  };
}

/** The automatic reminders' stages (ADR 0050) for the page: what each did this year, or will do (docs/requirements.md §10.2). */
export async function loadReminderStages(context: AppLoadContext, thisYear: number, now: Date = new Date()): Promise<string[]> {
  const [{ renewalReminderStages }, runs] = await Promise.all([context.content.getSiteSettings(), context.store.renewalReminders.stageRuns(thisYear)]);
  return reminderStageLines(renewalReminderStages, runs, ukDate(now));
}
