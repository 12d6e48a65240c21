import { parseWithZod } from "@conform-to/zod/v4";
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { activityRow, roleLabel, type ActivityRow } from "~/kernel/activity/activity";
import { recordActivity } from "~/kernel/activity/activity.server";
import { formatDay } from "~/kernel/dates/dates";
import { ACTION_NOT_UNDERSTOOD } from "~/kernel/forms/back-office-messages";
import { privateHeaders } from "~/kernel/http/response-headers";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { formatMemberNumber } from "~/kernel/store/member-number";
import type { Member, Transaction } from "~/kernel/store/records";
import { formatAmountTimesQty, formatPence } from "~/kernel/values/money";
import { isErasedEmail } from "~/features/data-rights";
import { formatAdmittedAt } from "~/features/door";
import { emailStatusLabel } from "~/features/mail";
import { methodLabel, paidDay, receiptPath, refundPath, refundedLabel, remainingToRefund, resendReceiptPath, type Refund } from "~/features/payments";
import { BAND_NAMES, formatTicketCode, sortAttendees, titleWithYear } from "~/features/tickets";
import { memberActionSchema } from "./member-action-post";
import { memberActionValue } from "./member-action-value";
import { ageThisYear } from "./member-table";
import { findPostAction, memberPageActions, memberPagePath, memberPageStatus, type MemberPageActions, type MemberPageStatus } from "./member-page-actions";
import type { MemberAction } from "./member-actions";
import { applyMemberAction } from "./members-table.server";

/**
 * The member page (/accounts/members/:id, docs/requirements.md §6.3.1, ADR 66): everything about
 * one member on one screen, and the post of its Money, Membership and Danger buttons. Every
 * read is by the member's id (indexed), so the page reads the rows it shows, never a list.
 */

/** The newest activity entries the page shows; the activity log has the rest. */
export const MEMBER_ACTIVITY_LIMIT = 50;

const TRANSACTION_STATUS: Record<Transaction["status"], string> = { pending: "Waiting for payment", success: "Paid", failed: "Not paid" };

export interface MemberPagePayment {
  id: string;
  title: string;
  amount: string;
  /** The day the money came (date received for an offline payment), or the day it was started while unpaid. */
  date: string;
  method: string;
  status: string;
  refunded: string | null;
  receiptHref: string | null;
  refundHref: string | null;
  resendReceiptAction: string | null;
}

export interface MemberPageView {
  id: string;
  name: string;
  number: string;
  status: MemberPageStatus;
  rejectedReason: string | null;
  details: Array<[string, string]>;
  spouse: Array<[string, string]> | null;
  children: string[];
  consents: Array<[string, string]>;
  actions: MemberPageActions;
  /** The confirmation texts of the actions that ask first, by action. */
  dataHref: string;
  /** Their Gift Aid declarations, and the form to enter a paper one (docs/requirements.md §14). */
  giftAidHref: string;
  payments: MemberPagePayment[];
  tickets: Array<{
    id: string;
    heading: string;
    code: string;
    price: string;
    paid: string;
    admitted: string;
    people: Array<{ name: string; type: string; admittedAt: string | null }>;
  }>;
  emails: Array<{ id: string; href: string; subject: string; date: string; status: string }>;
  activity: ActivityRow[];
  /** The activity list stops at MEMBER_ACTIVITY_LIMIT entries. */
  activityCut: boolean;
}

const yesNo = (value: boolean) => (value ? "Yes" : "No");

function paymentRow(transaction: Transaction, refunds: Refund[], actionsOn: boolean): MemberPagePayment {
  const own = refunds.filter((refund) => refund.transactionId === transaction.id);
  const paid = transaction.status === "success";
  return {
    id: transaction.id,
    title: transaction.title,
    amount: formatAmountTimesQty(transaction.unitAmount, transaction.qty),
    date: paid ? paidDay(transaction) : formatDay(transaction.createdAt),
    method: methodLabel(transaction.method),
    status: TRANSACTION_STATUS[transaction.status],
    refunded: refundedLabel(own),
    receiptHref: paid ? receiptPath(transaction.id) : null,
    refundHref: paid && actionsOn && remainingToRefund(transaction, own) > 0 ? refundPath(transaction.id) : null,
    resendReceiptAction: paid && actionsOn ? resendReceiptPath(transaction.id) : null,
  };
}

/** The page's data for one member, or null when no such member is held. */
export async function loadMemberPage(context: AppLoadContext, id: string, accountantId: string, year: number): Promise<MemberPageView | null> {
  const { store } = context;
  const member = await store.members.getById(id);
  if (!member) return null;
  // By the member's id, each on its index: their payments, refunds, tickets, e-mails and log entries.
  const [transactions, refunds, tickets, emails, activity, twoStep] = await Promise.all([
    store.transactions.listByUser(member.id),
    store.refunds.listByUser(member.id),
    store.tickets.listByUser(member.id),
    store.personalData.outboxAbout(member.id),
    store.activity.listAbout(member.id, MEMBER_ACTIVITY_LIMIT),
    store.twoStep.get(member.id),
  ]);
  const subject = { ...member, erased: isErasedEmail(member.email), rejected: Boolean(member.rejected) };
  const actions = memberPageActions(subject, accountantId);
  // A lost phone (docs/decisions/0071): another accountant resets a colleague's two-step on its own page, with a reason; never their own.
  if (twoStep?.confirmedAt != null && member.id !== accountantId) {
    actions.danger.push({ kind: "link", key: "two-step-reset", label: "Reset two-step verification", href: `${memberPagePath(member.id)}/two-step` });
  }
  // Refund and "Send receipt again" are Money actions: not for a deleted, rejected or erased record.
  const moneyActions = actions.money.length > 0;
  return {
    id: member.id,
    name: member.fullName,
    number: formatMemberNumber(member.memberNumber) ?? "No member number",
    status: memberPageStatus(subject),
    rejectedReason: member.rejected?.reason ?? null,
    details: [
      ["Member number", formatMemberNumber(member.memberNumber) ?? ""],
      ["Name", `${member.title} ${member.fullName}`],
      ["E-mail", member.email],
      ["Phone", member.mobile],
      ["Address", [member.address, member.city, member.county, member.postcode].filter(Boolean).join(", ")],
      ["Membership", member.membership],
      ["Role", roleLabel(member.role)],
      ["Registration fee", member.registrationPaid ? "Paid" : "Not paid"],
      ["Last renewed", member.lastRenewedYear === null ? "Never" : String(member.lastRenewedYear)],
      ["Joined", formatDay(member.createdAt)],
    ],
    spouse: member.spouse
      ? [
          ["Spouse", `${member.spouse.title} ${member.spouse.name}`],
          ["Spouse's e-mail", member.spouse.email],
          ["Spouse's phone", member.spouse.mobile],
        ]
      : null,
    children: member.children.map((child) => `${child.name}, born ${child.birthYear} (${ageThisYear(child.birthYear, year)} this year)`),
    consents: [
      ["Terms and conditions", yesNo(member.consents.agreeTerms)],
      ["Gift Aid", yesNo(member.consents.giftAid)],
      ["Lives locally", yesNo(member.consents.resident)],
      ["Payment terms", yesNo(member.consents.payment)],
      ["Children's photos taken", yesNo(member.consents.childPhoto)],
      ["Children's photos shared", yesNo(member.consents.childPhotoShare)],
    ],
    actions,
    dataHref: `${memberPagePath(member.id)}/data`,
    giftAidHref: `${memberPagePath(member.id)}/gift-aid`,
    payments: [...transactions].sort((a, b) => b.createdAt - a.createdAt).map((t) => paymentRow(t, refunds, moneyActions)),
    tickets: [...tickets]
      .sort((a, b) => b.createdAt - a.createdAt)
      .map((ticket) => {
        const admitted = ticket.attendees.filter((a) => a.admittedAt !== null).length;
        return {
          id: ticket.id,
          heading: titleWithYear(ticket.title, ticket.year),
          code: formatTicketCode(ticket.code),
          price: formatPence(ticket.price),
          paid: ticket.paid ? "Paid" : "Not paid",
          admitted: `${admitted} of ${ticket.attendees.length} admitted`,
          people: sortAttendees(ticket.attendees).map((a) => ({
            name: a.name,
            type: BAND_NAMES[a.band].short,
            admittedAt: a.admittedAt === null ? null : formatAdmittedAt(a.admittedAt),
          })),
        };
      }),
    emails: emails.map((email) => ({
      id: email.id,
      href: `/accounts/emails/${encodeURIComponent(email.id)}`,
      subject: email.subject,
      date: formatDay(email.createdAt),
      status: emailStatusLabel(email.status),
    })),
    activity: activity.map(activityRow),
    activityCut: activity.length >= MEMBER_ACTIVITY_LIMIT,
  };
}

/** What the page shows when a Danger or Restore button was pressed: the question, before anything changes. */
export interface MemberPageConfirm {
  confirm: { action: MemberAction; label: string; explains: string; fields: Record<string, string> };
}

/**
 * A button of the page (`do=<action>:<id>`, the members table's post): for the page's own
 * member only and only an action the page offers them; a question first for one that asks
 * (its Yes posts `confirmed=1`); else the change through the members table's service, the
 * activity recorded, and back to the page with a toast.
 */
export async function answerMemberPageButton(context: AppLoadContext, request: Request, accountant: Member, id: string) {
  const url = new URL(request.url);
  const back = memberPagePath(id);
  const submission = parseWithZod(await request.formData(), { schema: memberActionSchema });
  if (submission.status !== "success" || submission.value.do.id !== id) {
    return data(submission.reply({ formErrors: [ACTION_NOT_UNDERSTOOD] }), { status: 400, headers: privateHeaders() });
  }
  const member = await context.store.members.getById(id);
  if (!member) return redirectWithToast(context, back, { kind: "error", message: "Account Not Found" });
  const { action } = submission.value.do;
  const offered = findPostAction(
    memberPageActions({ ...member, erased: isErasedEmail(member.email), rejected: Boolean(member.rejected) }, accountant.id),
    action,
  );
  if (!offered) {
    return redirectWithToast(context, back, { kind: "error", message: `This cannot be done for ${member.fullName} now.` });
  }
  const confirmed = submission.value.confirmed === "1";
  if (offered.confirm && !confirmed) {
    const answer: MemberPageConfirm = {
      confirm: { action, label: offered.label, explains: offered.explains, fields: { do: memberActionValue(action, id) } },
    };
    return data(answer, { headers: privateHeaders() });
  }
  const outcome = await applyMemberAction(context, {
    list: member.deleted ? "deleted" : "current",
    back,
    accountantId: accountant.id,
    intent: action,
    id,
    // The page asked its own question (above); the service's is answered by it.
    confirmed: true,
    origin: url.origin,
  });
  if (!("toast" in outcome)) return redirectWithToast(context, back, { kind: "error", message: ACTION_NOT_UNDERSTOOD });
  if (outcome.activity) await recordActivity(context, accountant, outcome.activity);
  return redirectWithToast(context, back, outcome.toast);
}
