import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { createElement } from "react";
import { DEFAULT_PAGE_SIZE, pageCount } from "../domain/member-table";
import { currentYear } from "../domain/renewal";
import {
  chartBars,
  monthPeriods,
  pendingMembersQuery,
  pendingRow,
  readRenewalsParams,
  renewalFee,
  reminderSentMessage,
  renewalsSearch,
  renewedQuery,
  renewedRow,
  reportCsv,
  reportCsvFilename,
  reportCsvHref,
  type ReportTable,
} from "../domain/renewals-report";
import { RenewalReminderEmail, renewalReminderSubject } from "../emails/RenewalReminderEmail";
import { requireAccountant } from "./auth.server";
import { PRIVATE_CACHE_CONTROL } from "./cache-control.server";
import { createEmailService } from "./email.server";
import { csvText } from "./member-csv.server";
import { createRateLimiter } from "./rate-limit.server";
import { REMINDER_RATE_RULE } from "../domain/rate-limits";
import { redirectWithToast } from "./toast.server";

export { REMINDER_RATE_RULE };

/**
 * The subscriptions report (/mem-renewals): the renewed and pending tables, their
 * CSV exports, and 'Send Notification To All'. Accountants only, on every method.
 */

const PATH = "/mem-renewals";
const RENEW = "renew" as const;


export async function loadRenewalsReport(request: Request, context: AppLoadContext) {
  await requireAccountant(request, context);
  const thisYear = currentYear();
  const state = readRenewalsParams(new URL(request.url).searchParams, thisYear);
  const query = { year: state.year, paymentType: RENEW };
  const searching = state.q !== "";
  // The chart and the reminder stay about everyone; the tables, their counts and the
  // renewed total follow the search. Without one, the whole-year figures serve both.
  const [renewed, summary, foundSummary, pending, allPending] = await Promise.all([
    context.store.transactions.listSettled({ ...renewedQuery(state), page: state.renewed.page - 1, pageSize: state.renewed.size }),
    context.store.transactions.summarizeSettled(query, monthPeriods(state.year)),
    searching ? context.store.transactions.summarizeSettled(renewedQuery(state), []) : null,
    context.store.members.list(pendingMembersQuery(thisYear, state.pending, state.q)),
    searching ? context.store.members.list(pendingMembersQuery(thisYear, { page: 1, size: DEFAULT_PAGE_SIZE })) : null,
  ]);
  const found = foundSummary ?? summary;
  return data(
    {
      thisYear,
      state,
      search: renewalsSearch(state, thisYear),
      searching,
      /** E-mail leaves the site: the button sends (after a confirm) rather than listing the addresses. */
      delivers: Boolean(context.env.RESEND_API_KEY),
      renewed: {
        rows: renewed.rows.map(renewedRow),
        count: found.count,
        allCount: summary.count,
        amount: found.amount,
        pages: pageCount(renewed.total, state.renewed.size),
        csvHref: reportCsvHref("renewed", state, thisYear),
      },
      pending: {
        rows: pending.rows.map(pendingRow),
        count: pending.total,
        /** 'Send Notification To All' writes to every pending member, whatever the search. */
        allCount: allPending?.total ?? pending.total,
        pages: pageCount(pending.total, state.pending.size),
        csvHref: reportCsvHref("pending", state, thisYear),
      },
      chart: chartBars(summary.perPeriod),
    },
    { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } },
  );
}

/** GET /mem-renewals/renewed.csv?q=…&year=… and /mem-renewals/pending.csv?q=…: every row of the table the search finds. */
export async function renewalsCsv(request: Request, context: AppLoadContext, table: ReportTable) {
  await requireAccountant(request, context);
  const thisYear = currentYear();
  const state = readRenewalsParams(new URL(request.url).searchParams, thisYear);
  const rows =
    table === "renewed"
      ? (await context.store.transactions.listSettled(renewedQuery(state))).rows.map(renewedRow)
      : (await context.store.members.list(pendingMembersQuery(thisYear, undefined, state.q))).rows.map(pendingRow);
  const { header, records } = reportCsv(table, rows);
  return new Response(csvText(header, records), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${reportCsvFilename(table, table === "renewed" ? state.year : thisYear)}"`,
      "Cache-Control": PRIVATE_CACHE_CONTROL,
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** What the page shows after a post that did not send: the no-JS confirmation, or the addresses for manual sending. */
export type RenewalsActionData = { confirm: { count: number } } | { panel: { emails: string[] } };

/**
 * 'Send Notification To All': the renewal reminder to every pending member (all
 * pages). Without an e-mail provider nothing is sent or recorded: the page lists the
 * addresses for manual sending (the spec's panel). Without JavaScript the first post
 * asks for a yes (with it, the browser's confirm does).
 */
export async function renewalsReportAction(request: Request, context: AppLoadContext) {
  const accountant = await requireAccountant(request, context);
  const thisYear = currentYear();
  const back = `${PATH}${renewalsSearch(readRenewalsParams(new URL(request.url).searchParams, thisYear), thisYear)}`;
  const form = await request.formData();
  if (form.get("intent") !== "notify") {
    return redirectWithToast(context, back, { kind: "error", message: "That action was not understood. Please try again." });
  }
  const { rows: members } = await context.store.members.list(pendingMembersQuery(thisYear));
  if (members.length === 0) {
    return redirectWithToast(context, back, { kind: "info", message: "Every active member has paid this year's subscription." });
  }
  const noStore = { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } };
  const email = createEmailService(context);
  if (!email.delivers) return data<RenewalsActionData>({ panel: { emails: members.map((member) => member.email) } }, noStore);
  if (form.get("confirmed") !== "1") return data<RenewalsActionData>({ confirm: { count: members.length } }, noStore);

  const limit = await createRateLimiter(context.env.DB).hit([{ rule: REMINDER_RATE_RULE, subject: accountant.id }]);
  if (!limit.allowed) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfter / 60));
    return redirectWithToast(context, back, {
      kind: "error",
      message: `The renewal reminder was sent a few minutes ago. Please wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} before sending it again.`,
    });
  }

  const { membership: fees } = await context.content.getSiteSettings();
  const accountUrl = `${new URL(request.url).origin}/mem-account`;
  const results = await email.sendBatch(
    members.map((member) => ({
      to: [member.email],
      subject: renewalReminderSubject(thisYear),
      react: createElement(RenewalReminderEmail, {
        fullName: member.fullName,
        membership: member.membership,
        year: thisYear,
        fee: renewalFee(member.membership, fees),
        accountUrl,
      }),
      purpose: "renewal-reminder",
    })),
  );
  const sent = results.filter((result) => result.status === "sent").length;
  const failure = results.find((result) => result.status === "failed")?.error;
  if (sent === results.length) return redirectWithToast(context, back, { kind: "success", message: reminderSentMessage(sent) });
  return redirectWithToast(context, back, {
    kind: "error",
    message: `${sent > 0 ? `${reminderSentMessage(sent)} ` : ""}${results.length - sent} could not be sent: ${failure ?? "unknown error"}`,
  });
}
