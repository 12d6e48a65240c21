import { currentYear } from "~/kernel/dates/dates";
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { ActivityActor } from "~/kernel/activity/activity";
import type { Charge } from "./fees";
import { formatPence } from "../../kernel/values/money";
import { MEMBER_PAYMENT_LABELS, NOT_DUE_MESSAGE, memberPaymentCharge, memberPaymentDue, offlinePaymentWords, type MemberPaymentKind } from "./offline-payment";
import type { OfflinePaymentValues } from "./offline-payment-form";
import type { Member, Transaction } from "~/kernel/store/records";

import { ukToday } from "~/features/tickets";
import { transactionFor, type CheckoutCharge } from "./payments.server";
import { recordActivity } from "~/kernel/activity/activity.server";
import { readSettingsFresh } from "~/kernel/store/content/fresh-settings.server";
import { settleAsPaid } from "./settlement.server";
import { nowSeconds } from "~/kernel/store/ids";

/**
 * Offline payments (docs/requirements.md §4.9, ADR 0054): money an accountant received in cash, by
 * bank transfer or by cheque. The payment is a transaction like a checkout's, with its
 * method, reference and the day it came, and it settles through the same code as a card
 * payment (settleAsPaid): the member is registered, renewed or made Family, a ticket
 * becomes paid and its QR e-mail goes. Nothing here deletes one: a refund reverses it.
 */

/** What the record-payment page shows: the member, what is due now (null: nothing) and how much. */
export interface MemberPaymentPage {
  member: { id: string; name: string; email: string; membership: Member["membership"] };
  due: { kind: MemberPaymentKind; label: string; amount: number; amountText: string } | null;
  today: string;
}

async function dueFor(context: AppLoadContext, member: Member, now: Date): Promise<{ kind: MemberPaymentKind; charge: Charge } | null> {
  const kind = memberPaymentDue(member, currentYear(now));
  if (!kind) return null;
  const settings = await readSettingsFresh(context);
  return { kind, charge: memberPaymentCharge(kind, settings.membership, member.membership, now) };
}

/** Null when there is no such member. */
export async function loadMemberPayment(context: AppLoadContext, memberId: string, now = new Date()): Promise<MemberPaymentPage | null> {
  const member = await context.store.members.getById(memberId);
  if (!member) return null;
  const due = await dueFor(context, member, now);
  return {
    member: { id: member.id, name: member.fullName, email: member.email, membership: member.membership },
    due: due && {
      kind: due.kind,
      label: `${MEMBER_PAYMENT_LABELS[due.kind]} ${currentYear(now)}`,
      amount: due.charge.total,
      amountText: formatPence(due.charge.total),
    },
    today: ukToday(Math.floor(now.getTime() / 1000)),
  };
}

export type OfflineResult = { ok: true; transaction: Transaction } | { ok: false; message: string };

/**
 * A transaction for money received, made and settled like a checkout's. When settlement
 * refuses it (the member got the same thing meanwhile, from another tab or the webhook),
 * it is marked failed at once: no money is owed back, because the accountant is told
 * before anything is recorded as paid.
 */
export async function settleOfflinePayment(
  context: AppLoadContext,
  member: Member,
  charge: CheckoutCharge,
  values: Pick<OfflinePaymentValues, "method" | "reference" | "paidOn">,
  options: { membershipType?: Member["membership"] } = {},
): Promise<OfflineResult> {
  const transaction = await context.store.transactions.create({
    ...transactionFor(member, charge, options),
    method: values.method,
    reference: values.reference || null,
    paidOn: values.paidOn,
  });
  const settled = await settleAsPaid(context, transaction, `${values.method}, recorded by an accountant`);
  if (settled.outcome === "settled" && settled.transaction) return { ok: true, transaction: settled.transaction };
  await context.store.transactions.settle(transaction.id, "failed", nowSeconds());
  return { ok: false, message: NOT_DUE_MESSAGE };
}

/**
 * Records a member's payment for `kind`, which the form was made for: refused when that is
 * not what the member may pay now (paid meanwhile, say). The amount was checked against the
 * same charge by the form's schema.
 */
export async function recordMemberPayment(
  context: AppLoadContext,
  actor: ActivityActor,
  memberId: string,
  kind: MemberPaymentKind,
  values: OfflinePaymentValues,
  now = new Date(),
): Promise<OfflineResult | null> {
  const member = await context.store.members.getById(memberId);
  if (!member) return null;
  const due = await dueFor(context, member, now);
  if (!due || due.kind !== kind || due.charge.total !== values.amount) return { ok: false, message: NOT_DUE_MESSAGE };
  const year = currentYear(now);
  const result = await settleOfflinePayment(context, member, { ...due.charge, year }, values, { membershipType: kind === "upgrade" ? "Family" : undefined });
  if (result.ok) {
    const what = `${MEMBER_PAYMENT_LABELS[kind]} ${year}`;
    await recordActivity(context, actor, {
      kind: "offline-payment-recorded",
      member: { id: member.id, fullName: member.fullName, memberNumber: member.memberNumber },
      payment: offlinePaymentWords(values.method, what, values.amount),
    });
  }
  return result;
}
