import type { Audience, Member, MailingRecipient } from "~/kernel/store/records";

/**
 * Who a mailing's audience holds (docs/requirements.md §13, ADR 73), as one pure rule: the
 * Cockpit store filters its members with it, and the D1 store's SQL
 * (app/kernel/store/d1/members.server.ts, `audienceWhere`) says the same thing in SQL.
 * `year` is this membership year, as the renewal reminders compute it (currentYear).
 */

/** The audiences a member's own record decides (an event's ticket holders come from the tickets). */
export type MemberAudience = Exclude<Audience, { kind: "event-tickets" }>;

/** Whether `member` is in `audience` (deleted members never are). */
export function memberInAudience(member: Member, audience: MemberAudience, year: number): boolean {
  if (member.deleted) return false;
  switch (audience.kind) {
    case "active":
      return member.active;
    case "not-renewed":
      // As the subscriptions report's pending table (ADR 64): active, not rejected, not paid this year.
      return member.active && !member.rejected && member.lastRenewedYear !== year;
    case "family":
      return member.active && member.membership === "Family";
    case "children-born":
      return member.active && member.children.some((child) => audience.years.includes(child.birthYear));
    case "applicants":
      // Waiting for the registration payment: not active, not paid, not rejected.
      return !member.active && !member.registrationPaid && !member.rejected;
  }
}

/** The first name a copy greets: the first word of the full name ("Sarah" from "Sarah Thomas"), or "" when there is none. */
export function firstNameOf(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? "";
}

/** A member as a mailing's recipient. */
export function recipientOf(member: Pick<Member, "id" | "email" | "fullName">): MailingRecipient {
  return { memberId: member.id, email: member.email, firstName: firstNameOf(member.fullName) };
}

/** Recipients once each, in member id order (the delivery rows' and the batches' order). */
export function byMemberId(recipients: MailingRecipient[]): MailingRecipient[] {
  const seen = new Map<string, MailingRecipient>();
  for (const recipient of recipients) if (!seen.has(recipient.memberId)) seen.set(recipient.memberId, recipient);
  return [...seen.values()].sort((a, b) => (a.memberId < b.memberId ? -1 : a.memberId > b.memberId ? 1 : 0));
}
