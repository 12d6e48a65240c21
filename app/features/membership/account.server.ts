import type { AppLoadContext } from "@remix-run/cloudflare";
import { accountStatusLabel, formatDateTime, registrationPaymentLabel } from "./account";
import type { AccountPage } from "./account-page";
import { formatMemberNumber } from "~/kernel/store/member-number";
import { formatAmountTimesQty, formatPence } from "~/kernel/values/money";
import type { FamilyDetails, Member } from "~/kernel/store/records";
import { memberDetailsFormSchema, readMembership, type MemberDetails } from "./member-details";
import { BAND_NAMES, sortAttendees } from "~/features/tickets";
import { formatTicketCode } from "~/features/tickets";
import { formatAdmittedAt } from "~/features/door";
import { ticketOnMyAccount, titleWithYear } from "~/features/tickets";
import { ticketEventDetails } from "~/features/tickets";
import { qrSvg } from "~/features/tickets/index.server";
import { refundedLabel } from "~/features/payments";
import { ticketToken } from "~/features/tickets/index.server";
import { bookableEvents, ukToday } from "~/features/tickets";
import { canUpgradeToFamily, membershipChangeError, nextRenewalYear, renewalPaid } from "./renewal";
import { currentYear } from "../../kernel/dates/dates";
import { newsletterChoiceLabel, noticesStoppedLabel } from "~/features/mailings";
import { declarationStatusLabel } from "~/features/gift-aid";

/**
 * What /mem-account shows, built on the server for the signed-in member only
 * (the id comes from the session). Only display values leave the server: never the
 * password hash, reset key or other members' rows.
 */
export async function loadAccountPage(context: AppLoadContext, member: Member, now = new Date()): Promise<AccountPage> {
  const year = currentYear(now);
  const [settings, tickets, transactions, refunds, events, preferences, declarations] = await Promise.all([
    context.content.getSiteSettings(),
    context.store.tickets.listOpenByUser(member.id).then((open) => open.filter((t) => ticketOnMyAccount(t, now.getTime() / 1000))),
    context.store.transactions.listByUser(member.id, "success"),
    // Refunds (docs/requirements.md §4.10): "Refunded £x" under a payment; a ticket refunded in full is no longer shown.
    context.store.refunds.listByUser(member.id),
    // The events, read once (a handful a year): the booking link, and each ticket's own event's date and venue (ADR 60).
    context.store.events.list(),
    // Newsletter consent (docs/requirements.md §13): shown as words, changed on Edit Account.
    context.store.mailPreferences.get(member.id),
    // Gift Aid (docs/requirements.md §14): the declaration in force, as words; given or cancelled on /account/gift-aid.
    context.store.giftAidDeclarations.listByPerson(member.id),
  ]);
  const bookable = bookableEvents(events, ukToday(now.getTime() / 1000));
  const eventOf = new Map(events.map((e) => [e.id, e]));
  const refundedTickets = new Set(refunds.filter((r) => r.completes && r.status === "succeeded" && r.ticketId).map((r) => r.ticketId));
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
      /** The member's own printable application sheet. */
      applicationSheetHref: `/member-details/${member.id}`,
      newsletters: newsletterChoiceLabel(preferences),
      /** Shown only when a notice's one-click unsubscribe stopped them (docs/requirements.md §13). */
      notices: noticesStoppedLabel(preferences),
      giftAid: declarationStatusLabel(declarations, ukToday(now.getTime() / 1000)),
    },
    renewal: {
      year,
      paid: renewalPaid(member.lastRenewedYear, year),
      fee: formatPence(family ? fees.familyRenewFee : fees.singleRenewFee),
    },
    /** The way to /book-ticket while an event takes bookings (with several, the page asks which). */
    booking: bookable.length > 0 ? { title: bookable.length === 1 ? bookable[0]!.title : "an event" } : null,
    tickets: await Promise.all(
      tickets
        .filter((ticket) => !refundedTickets.has(ticket.id))
        .map(async (ticket) => ({
          id: ticket.id,
          title: ticket.title,
          year: ticket.year,
          /** The year once: "Christmas & New Year Celebration 2026" is not followed by "2026" again. */
          heading: titleWithYear(ticket.title, ticket.year),
          event: ticketEventDetails(ticket.eventId === null ? null : eventOf.get(ticket.eventId)),
          /** As the door reads it: "XMAS-7K2P". */
          code: formatTicketCode(ticket.code),
          price: formatPence(ticket.price),
          /** SVG markup made by qrcode from our own signed token: nothing the member typed is in it. */
          qrSvg: await qrSvg(
            await ticketToken(context.env, ticket),
            `QR code for ticket ${formatTicketCode(ticket.code)}, ${titleWithYear(ticket.title, ticket.year)}`,
          ),
          people: sortAttendees(ticket.attendees).map((a) => ({
            name: a.name,
            type: BAND_NAMES[a.band].short,
            admittedAt: a.admittedAt === null ? null : formatAdmittedAt(a.admittedAt),
          })),
          /** "2 of 6 already in": the rest come in later with the same code. */
          admittedCount: ticket.attendees.filter((a) => a.admittedAt !== null).length,
        })),
    ),
    transactions: transactions.map((t) => ({
      id: t.id,
      title: t.title,
      amount: formatAmountTimesQty(t.unitAmount, t.qty),
      date: formatDateTime(t.createdAt),
      status: t.status,
      refunded: refundedLabel(refunds.filter((r) => r.transactionId === t.id)),
    })),
  };
}

// ---- Edit Account -----------------------------------------------------------

/** The form's values as text, keyed by the names it posts (the member-details fields). */
export type AccountFormValues = Record<string, string>;

/** The Edit Account form prefilled from the member's record. */
export function accountFormValues(member: Member): AccountFormValues {
  const values: AccountFormValues = {
    title: member.title,
    fullName: member.fullName,
    address: member.address,
    city: member.city,
    county: member.county,
    postcode: member.postcode,
    mobile: member.mobile,
    // What is stored, always: an upgrade's family waits on its payment, not on the record (ADR 26).
    membership: member.membership,
    spouseTitle: member.spouse?.title ?? "",
    spouseName: member.spouse?.name ?? "",
    spouseEmail: member.spouse?.email ?? "",
    spouseMobile: member.spouse?.mobile ?? "",
    childCount: String(member.children.length),
    childPhotoConcent: member.consents.childPhoto ? "on" : "",
    childPhotoShareConcent: member.consents.childPhotoShare ? "on" : "",
  };
  member.children.forEach((child, i) => {
    values[`childName${i + 1}`] = child.name;
    values[`childYear${i + 1}`] = String(child.birthYear);
  });
  return values;
}

/**
 * The schema an Edit Account post of the signed-in `member` is parsed with (the route
 * parses): first the membership rule (an upgrade needs this year's subscription; a refused
 * choice goes back to what is stored in `form`, so no Family fields show), then the
 * member-details schema of the fields the post shows.
 */
export function amendFormSchema(member: Member, form: FormData, now = new Date()) {
  const year = currentYear(now);
  const requested = readMembership(form.get("membership")) ?? member.membership;
  const membershipError = membershipChangeError(member, requested, year);
  if (membershipError) form.set("membership", member.membership);
  const schema = memberDetailsFormSchema(Object.fromEntries(form), { rule: "family-with-children", currentYear: year });
  return { schema, membershipError };
}

export type AmendResult =
  | { kind: "saved" }
  /** The contact details are saved; the family waits on the upgrade's payment. */
  | { kind: "upgrade"; member: Member; family: FamilyDetails };

/**
 * Saves the Edit Account form (parsed with memberDetailsFormSchema, the membership
 * already checked by `membershipChangeError`) for the signed-in member only. Membership
 * itself never changes here. Choosing Family (a Single member asking for the upgrade)
 * saves the contact details only: the spouse and children go with the upgrade's payment
 * and reach the record when it is paid (ADR 26), so a cancelled checkout leaves the
 * record as it was and the next save of an address starts no payment.
 */
export async function updateAccountDetails(context: AppLoadContext, member: Member, d: MemberDetails): Promise<AmendResult> {
  const contact = { title: d.title, fullName: d.fullName, address: d.address, city: d.city, county: d.county, postcode: d.postcode, mobile: d.mobile };
  const family: FamilyDetails = {
    spouse: d.spouse,
    children: d.children,
    consents: { ...member.consents, childPhoto: d.childPhotoConsent, childPhotoShare: d.childPhotoShareConsent },
  };
  if (d.membership !== member.membership) {
    const updated = await context.store.members.update(member.id, contact);
    return { kind: "upgrade", member: updated ?? { ...member, ...contact }, family };
  }
  await context.store.members.update(member.id, { ...contact, ...family });
  return { kind: "saved" };
}

/** What /amend-account needs: the prefilled form and what the member may choose. */
export function loadAmendAccount(member: Member, now = new Date()) {
  const year = currentYear(now);
  return {
    values: accountFormValues(member),
    email: member.email,
    membership: member.membership,
    canUpgrade: canUpgradeToFamily(member, year),
  };
}
