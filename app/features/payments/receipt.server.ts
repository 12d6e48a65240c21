import type { AppLoadContext } from "@remix-run/cloudflare";
import { createElement } from "react";
import { canSeeReceipt, receiptPath, receiptView, transactionPayment, type ReceiptPayment, type ReceiptView } from "./receipt";
import type { Member, OutboxEmail, Transaction } from "../../kernel/store/records";
import { ReceiptEmail, receiptSubject } from "./emails/ReceiptEmail";
import { createEmailService } from "../../kernel/email/email.server";
import { readAssociationContact } from "../../kernel/layout/association.server";

/**
 * Receipts (docs/requirements.md §4.11, ADR 0053). `sendReceipt` is called by the one caller that settled a
 * payment (the store's conditional update lets exactly one win), so each settled
 * transaction gets one receipt e-mail. The printable page reads the same view.
 */

/**
 * E-mails the receipt of a settled transaction to its member (their current address, else the
 * one on the transaction). Never throws: the payment is settled either way, and the page
 * shows the receipt; a failure is logged.
 */
export async function sendReceipt(context: AppLoadContext, transaction: Transaction, payment: ReceiptPayment): Promise<void> {
  try {
    await mailReceipt(context, transaction, payment);
  } catch (error) {
    console.error(`The receipt for transaction ${transaction.id} could not be sent:`, error);
  }
}

/**
 * The receipt e-mail itself, to the member with their id (the outbox keeps it as theirs): the address it
 * went to, or null when there is none. Throws when it cannot be prepared. Sent again from the member page
 * (resend-receipt.server.ts) as it was sent first.
 */
export async function mailReceipt(context: AppLoadContext, transaction: Transaction, payment: ReceiptPayment): Promise<OutboxEmail | null> {
  const member = await context.store.members.getById(transaction.userId);
  const view = receiptView(transaction, payment, member, await readAssociationContact(context));
  const to = member?.email || transaction.memberEmail;
  if (!to) return null;
  // The printable page is a member's (a visitor's donation has no account to open it with).
  const link = context.origin && member ? new URL(receiptPath(transaction.id), context.origin).toString() : null;
  // A donation's receipt says whether Gift Aid was declared (docs/requirements.md §14); its payer may be a visitor's donor record.
  const donation = transaction.paymentType === "donation" ? await context.store.donations.get(transaction.id) : null;
  return createEmailService(context).send({
    to: [to],
    subject: receiptSubject(view),
    react: createElement(ReceiptEmail, {
      view,
      fullName: member?.fullName ?? transaction.memberName,
      link,
      donation: donation ? { giftAid: donation.giftAid } : transaction.paymentType === "donation" ? { giftAid: false } : undefined,
    }),
    purpose: "receipt",
    memberId: transaction.userId,
  });
}

/** The receipt page's view: only a settled transaction, and only for its member or an accountant; null otherwise (404). */
export async function loadReceipt(context: AppLoadContext, viewer: Member, transactionId: string): Promise<ReceiptView | null> {
  const transaction = await context.store.transactions.getById(transactionId);
  if (!transaction || transaction.status !== "success" || !canSeeReceipt(viewer, transaction)) return null;
  const member = transaction.userId === viewer.id ? viewer : await context.store.members.getById(transaction.userId);
  return receiptView(transaction, transactionPayment(transaction), member, await readAssociationContact(context));
}
