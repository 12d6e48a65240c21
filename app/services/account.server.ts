import type { AppLoadContext } from "@remix-run/cloudflare";
import { BAND_LABELS, accountStatusLabel, formatDateTime, registrationPaymentLabel } from "../domain/account";
import { formatMemberNumber } from "../domain/member-number";
import { formatAmountTimesQty, formatPence } from "../domain/money";
import type { Member } from "../domain/records";
import { currentYear, nextRenewalYear, renewalPaid } from "../domain/renewal";

/**
 * What /mem-account shows, built on the server for the signed-in member only
 * (the id comes from the session). Only display values leave the server: never the
 * password hash, reset key or other members' rows.
 */
export async function loadAccountPage(context: AppLoadContext, member: Member, now = new Date()) {
  const year = currentYear(now);
  const [settings, tickets, transactions] = await Promise.all([
    context.content.getSiteSettings(),
    context.store.tickets.listOpenByUser(member.id),
    context.store.transactions.listByUser(member.id, "success"),
  ]);
  const family = member.membership === "Family";
  const fees = settings.membership;
  return {
    details: {
      memberId: formatMemberNumber(member.memberNumber) ?? "Not assigned",
      fullName: member.fullName,
      status: accountStatusLabel(member.active),
      registrationPayment: registrationPaymentLabel(member.registrationPaid),
      membership: member.membership,
      email: member.email,
      lastRenewal: member.lastRenewedYear === null ? "None" : String(member.lastRenewedYear),
      nextRenewal: String(nextRenewalYear(member.lastRenewedYear) ?? year),
    },
    renewal: {
      year,
      paid: renewalPaid(member.lastRenewedYear, year),
      fee: formatPence(family ? fees.familyRenewFee : fees.singleRenewFee),
    },
    tickets: tickets.map((ticket) => ({
      id: ticket.id,
      title: ticket.title,
      year: ticket.year,
      code: ticket.code,
      people: [...ticket.attendees]
        .sort((a, b) => Object.keys(BAND_LABELS).indexOf(a.band) - Object.keys(BAND_LABELS).indexOf(b.band) || a.position - b.position)
        .map((a) => ({ name: a.name, type: BAND_LABELS[a.band] })),
    })),
    transactions: transactions.map((t) => ({
      id: t.id,
      title: t.title,
      amount: formatAmountTimesQty(t.unitAmount, t.qty),
      date: formatDateTime(t.createdAt),
      status: t.status,
    })),
  };
}

export type AccountPage = Awaited<ReturnType<typeof loadAccountPage>>;
