import { ASSOCIATION } from "../../kernel/layout/association";
import { formatPence } from "../../kernel/values/money";
import type { Transaction } from "../../kernel/store/records";
import { titleWithYear } from "../tickets";
import { methodLabel } from "./offline-payment";
import { paidDay, receiptDate } from "./receipt";
import { amountPaid, type Refund } from "./refunds";

/**
 * The member is told of a refund (docs/requirements.md §4.10): what was refunded (the amount, what it was
 * for, the day), and how the money reaches them. A card refund goes back to the card through the card
 * provider; any other is given back by the association, as the treasurer recorded it. Pure: the e-mail
 * (emails/RefundEmail.tsx) prints these lines, one paragraph each.
 */

export interface RefundNotice {
  subject: string;
  heading: string;
  preview: string;
  /** "Label: value" rows. */
  rows: Array<[string, string]>;
  /** How the money reaches the member, in a sentence. */
  how: string;
  /** What the refund did to a ticket, when it was for one ("" otherwise). */
  ticket: string;
}

/** Banks take this long to show a card refund (the card provider's own words to card holders). */
export const CARD_REFUND_DAYS = "5 to 10 working days";

export function refundNotice(
  transaction: Pick<Transaction, "title" | "year" | "method" | "paidOn" | "settledAt" | "createdAt" | "unitAmount" | "qty" | "ticketId">,
  refund: Pick<Refund, "amount" | "method" | "at" | "reason" | "by" | "completes">,
): RefundNotice {
  const item = titleWithYear(transaction.title, transaction.year);
  const amount = formatPence(refund.amount);
  const on = receiptDate(refund.at);
  const how =
    refund.method === "card"
      ? `The money goes back to the card you paid with. Your bank usually shows it within ${CARD_REFUND_DAYS}.`
      : `You paid by ${methodLabel(transaction.method).toLowerCase()}, so the association gives the money back to you directly: ${refund.by} recorded this refund on ${on}.`;
  const rows: Array<[string, string]> = [
    ["Refunded", amount],
    ["For", item],
    ["You paid", `${formatPence(amountPaid(transaction))} on ${paidDay(transaction)}`],
    ["Date of refund", on],
  ];
  if (refund.reason.trim()) rows.push(["Reason", refund.reason.trim()]);
  return {
    subject: `${ASSOCIATION.shortName}: refund of ${amount} for ${item}`,
    heading: `Refund of ${amount}`,
    preview: `We have refunded ${amount} of your payment for ${item}.`,
    rows,
    how,
    ticket: transaction.ticketId ? (refund.completes ? "Your ticket is cancelled: it no longer admits anyone." : "Your ticket stays valid.") : "",
  };
}
