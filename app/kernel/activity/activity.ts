import { formatMemberNumber } from "../store/member-number";
import { formatPence } from "../values/money";
import { formatIsoDay } from "../dates/iso-day";
import { ROLE_LABELS, type Id } from "../store/records";
import { formatTicketCode } from "../../features/tickets";
import { PEOPLE_ACTIVITY_KINDS, peopleActivitySentence, type PeopleActivityEvent } from "./activity-people";

/**
 * The activity log (/accounts/activity): who changed what, and when, in the back office.
 * An entry is written after the change succeeded (app/kernel/activity/activity.server.ts) and is
 * never changed afterwards; its sentence is made here when it is recorded and kept with
 * it, so the log reads the same even if a member is renamed later. Pure, so every
 * sentence is unit-tested.
 */

/** What can be recorded: a closed list, one sentence each. */
export const ACTIVITY_KINDS = [
  "member-deleted",
  "member-restored",
  "role-granted",
  "role-revoked",
  "payment-link-sent",
  "door-admitted",
  "setting-changed",
  // Studio: home slides, About Us and School
  "slide-added",
  "slide-changed",
  "slide-removed",
  "slide-moved",
  "page-changed",
  // Studio: news
  "news-created",
  "news-updated",
  "news-published",
  "news-unpublished",
  "news-deleted",
  // Studio: galleries
  "gallery-created",
  "gallery-changed",
  "gallery-deleted",
  // Studio: events (docs/requirements.md §7.3, ADR 60)
  "event-created",
  "event-changed",
  "event-cancelled",
  "event-restored",
  // Studio: event calendar, office bearers and documents
  ...PEOPLE_ACTIVITY_KINDS,
  // Contact inbox (docs/requirements.md §6.13)
  "contact-message-handled",
  "contact-reply-sent",
  // Members' own account (docs/requirements.md §2.8): what changed, never the addresses (personal data)
  "own-password-changed",
  "own-email-changed",
  // The daily scheduled run (docs/requirements.md §10.1, ADR 0050): one entry per run that did something
  "scheduled-run",
  // Members' data rights (docs/requirements.md §8, ADR 0056): named by the pseudonym only, never the erased data
  "member-erased",
  "records-past-retention-deleted",
  // Offline payments and tickets at the desk (docs/requirements.md §4.9, §5.9, ADR 0054)
  "offline-payment-recorded",
  "desk-ticket-booked",
  // Refunds (docs/requirements.md §4.10)
  "refunded",
  // Members corrected and applications rejected by an accountant (docs/requirements.md §6.5, §6.6, ADR 0052)
  "member-corrected",
  "member-rejected",
  // Two-step verification (docs/decisions/0071): turned on or off by the member, reset by another accountant with a reason
  "own-two-step-on",
  "own-two-step-off",
  "two-step-reset",
  // Member mailings (docs/requirements.md §13): an accountant recorded a member's newsletter choice
  "newsletter-consent",
  // Member mailings (docs/requirements.md §13, ADR 73): counts only, never a recipient's name
  "mailing-sent",
  "mailing-failed-resent",
  // Member mailings (docs/requirements.md §13): a mailing scheduled, moved or taken back to a draft (no names)
  "mailing-scheduled",
  // Member mailings (docs/requirements.md §13): a scheduled mailing that could not start at its time, and why (no names)
  "mailing-not-started",
  // Gift Aid (docs/requirements.md §14, ADR 74): claims made, referenced and reopened, the settings, a declaration corrected
  "gift-aid-claimed",
  "gift-aid-reference-entered",
  "gift-aid-claim-reopened",
  "gift-aid-settings-changed",
  "gift-aid-declaration-corrected",
  // Gift Aid declarations (docs/requirements.md §14, ADR 74): given (how, from which day) or cancelled, about the member
  "gift-aid-declaration-given",
  "gift-aid-declaration-cancelled",
  // Donations (docs/requirements.md §14): a donation paid, by the person who gave (a member, or a visitor's donor record)
  "donation-received",
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** A value as JSON has it: what a setting was and became. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** One line of the log, as the store keeps it. */
export interface ActivityEntry {
  id: Id;
  /** When, as an ISO 8601 instant (UTC). */
  at: string;
  actorId: Id;
  actorName: string;
  kind: ActivityKind;
  /** What was changed: a member's id, a ticket's id, a setting's key. */
  subjectId: string;
  /** How people name it: "MMA1042 John Doe", "ticket K7QX-2MPD", a setting's key. */
  subjectName: string;
  /**
   * The member the entry is about, whatever its subject: the member, a ticket's holder, a
   * payment's payer, a message's signed-in sender (docs/security.md, "Whose is this record").
   * Null when it is about no member (a setting, a news item), and on entries written before
   * it was kept: those are found by their subject's id (app/features/data-rights/erasure.ts).
   */
  memberId: Id | null;
  /** Before and after, where the change has them (a setting's value, a member's role). */
  before?: JsonValue;
  after?: JsonValue;
  /** The sentence: "Jane Smith deleted member MMA1042 John Doe." */
  summary: string;
}

export type NewActivityEntry = Omit<ActivityEntry, "id">;

/** Who did it: the signed-in accountant (or editor). */
export interface ActivityActor {
  id: Id;
  fullName: string;
}

/** The member a change was about. */
export interface ActivityMember {
  id: Id;
  fullName: string;
  memberNumber: number | null;
}

/**
 * What happened, before it is an entry. A role change carries the roles as data (the role
 * before and after), so any role the members table grants or revokes is recorded the same way.
 */
export type ActivityEvent =
  | { kind: "member-deleted" | "member-restored" | "payment-link-sent"; member: ActivityMember }
  | { kind: "role-granted" | "role-revoked"; member: ActivityMember; before: string; after: string }
  | { kind: "door-admitted"; ticket: { id: Id; code: string; title: string; userId: Id }; admitted: number }
  | { kind: "setting-changed"; key: string; before: JsonValue; after: JsonValue }
  // Studio: home slides, About Us and School
  | { kind: "slide-added" | "slide-changed" | "slide-removed" | "slide-moved"; slide: { id: Id; name: string } }
  | { kind: "page-changed"; page: { key: string; name: string } }
  // Studio: news
  | { kind: NewsActivityKind; news: { id: Id; title: string } }
  // Studio: galleries (`change`: what was done, e.g. "added 3 photos")
  | { kind: "gallery-created" | "gallery-deleted"; gallery: { id: Id; title: string } }
  | { kind: "gallery-changed"; gallery: { id: Id; title: string }; change: string }
  // Studio: events, named by title and date as they were then (`how`: "published", "a copy of …"); a change is one field, before → after
  | { kind: "event-created"; event: StudioEventName; how: string }
  | { kind: "event-changed"; event: StudioEventName; field: string; before: JsonValue; after: JsonValue }
  | { kind: "event-cancelled" | "event-restored"; event: StudioEventName }
  // Studio: event calendar, office bearers and documents
  | PeopleActivityEvent
  // Contact inbox (docs/requirements.md §6.13): named by who wrote and the subject, never the message's body
  | { kind: "contact-message-handled" | "contact-reply-sent"; message: { id: Id; from: string; subject: string; memberId: Id | null } }
  // Members' own account (docs/requirements.md §2.8)
  | { kind: "own-password-changed" | "own-email-changed"; member: ActivityMember }
  // The daily scheduled run (docs/requirements.md §10.1): what it did, in counts (`stage`: "1 September", when reminders went)
  | { kind: "scheduled-run"; stage: string | null; reminded: number; expired: number; removed: number }
  // Members' data rights (docs/requirements.md §8): `pseudonym` is features/data-rights/erasure.ts erasedName
  | { kind: "member-erased"; memberId: Id; pseudonym: string }
  | { kind: "records-past-retention-deleted"; emails: number; messages: number }
  // Offline payments and tickets at the desk (docs/requirements.md §4.9, §5.9): `payment` says what, how and how much
  // ("a cash payment for Renewal 2026 of £10.00"); a desk ticket names its code and how it is paid
  | { kind: "offline-payment-recorded"; member: ActivityMember; payment: string }
  | { kind: "desk-ticket-booked"; member: ActivityMember; ticket: { code: string; title: string }; paidBy: string }
  // Refunds (docs/requirements.md §4.10): how much of which payment, how, and whether the membership change was undone
  | { kind: "refunded"; transaction: { id: Id; title: string; memberName: string; userId: Id }; amount: number; method: "card" | "record"; undone: boolean }
  // Members corrected and applications rejected by an accountant (docs/requirements.md §6.5, §6.6): the changed fields before → after (never a password)
  | { kind: "member-corrected"; member: ActivityMember; before: JsonValue; after: JsonValue }
  | { kind: "member-rejected"; member: ActivityMember }
  // Two-step verification (docs/decisions/0071): a reset names the member and the accountant's reason
  | { kind: "own-two-step-on" | "own-two-step-off"; member: ActivityMember }
  | { kind: "two-step-reset"; member: ActivityMember; reason: string }
  // Member mailings (docs/requirements.md §13): what the choice was and became
  | { kind: "newsletter-consent"; member: ActivityMember; before: "yes" | "no" | "not asked"; after: "yes" | "no" }
  // Member mailings (docs/requirements.md §13): the mailing by its subject, and how many copies (no names)
  | { kind: "mailing-sent" | "mailing-failed-resent"; mailing: { id: Id; subject: string; kind: string }; copies: number }
  // Member mailings (docs/requirements.md §13): the mailing by its subject, and when (UK time, in words), or null when its schedule was cancelled
  | { kind: "mailing-scheduled"; mailing: { id: Id; subject: string; kind: string }; when: string | null }
  // Member mailings (docs/requirements.md §13): a scheduled mailing back to a draft at its time, with the reason in words
  | { kind: "mailing-not-started"; mailing: { id: Id; subject: string; kind: string }; reason: string }
  // Donations (docs/requirements.md §14): the giver is the entry's actor and its person (`personId`: a member's or a donor's id)
  | { kind: "donation-received"; donation: { transactionId: Id; personId: Id; name: string; amount: number; giftAid: boolean } }
  // Gift Aid declarations (docs/requirements.md §14): `how` as features/gift-aid's DECLARATION_ORIGIN_PHRASES says it ("at sign-up"); days as YYYY-MM-DD
  | { kind: "gift-aid-declaration-given"; member: ActivityMember; how: string; givenOn: string }
  | { kind: "gift-aid-declaration-cancelled"; member: ActivityMember; on: string }
  // Gift Aid (docs/requirements.md §14, ADR 74): a claim by its period, count and total (no donor's name); a reopening with its reason
  | { kind: "gift-aid-claimed" | "gift-aid-reference-entered"; claim: GiftAidClaimName }
  | { kind: "gift-aid-claim-reopened"; claim: GiftAidClaimName; reason: string }
  | { kind: "gift-aid-settings-changed"; before: JsonValue; after: JsonValue }
  // The fields changed, before → after; a donor (no member) has no memberId
  | {
      kind: "gift-aid-declaration-corrected";
      declaration: { id: Id; personId: Id; personKind: "member" | "donor"; name: string };
      before: JsonValue;
      after: JsonValue;
    };

/** Gift Aid: a claim as the log names it, by its period ("6-04-2026 to 5-04-2027"), count, total in pence and HMRC's reference ("" when none). */
export interface GiftAidClaimName {
  id: Id;
  period: string;
  payments: number;
  total: number;
  reference: string;
}

/** Studio: events. An event as the log names it: `Event "Christmas Party" (2026-12-27)`. */
export interface StudioEventName {
  id: Id;
  name: string;
}

/** Studio: news. What was done to a news item, named by its title as it was then. */
export type NewsActivityKind = "news-created" | "news-updated" | "news-published" | "news-unpublished" | "news-deleted";
const NEWS_VERBS: Record<NewsActivityKind, string> = {
  "news-created": "wrote",
  "news-updated": "changed",
  "news-published": "published",
  "news-unpublished": "took back to draft",
  "news-deleted": "deleted",
};

/** The role everyone has; any other role is granted over it and revoked back to it. */
const PLAIN_ROLE = "member";

/** A role as the back office names it (records.ts ROLE_LABELS); one it does not know, as it is stored. */
export function roleLabel(role: string): string {
  return (ROLE_LABELS as Readonly<Record<string, string>>)[role] ?? role;
}

/**
 * A member's role changing from `before` to `after`, as an event: back to the plain member
 * role is a revoke of the role they had, anything else a grant of the new one.
 */
export function roleChange(member: ActivityMember, before: string, after: string): ActivityEvent {
  return { kind: after === PLAIN_ROLE ? "role-revoked" : "role-granted", member, before, after };
}

const memberName = (member: ActivityMember) => [formatMemberNumber(member.memberNumber), member.fullName].filter(Boolean).join(" ");
const people = (n: number) => `${n} ${n === 1 ? "person" : "people"}`;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The daily run's work as phrases: what it did, and only that. */
function scheduledRunParts(event: Extract<ActivityEvent, { kind: "scheduled-run" }>): string[] {
  const parts: string[] = [];
  if (event.reminded > 0) parts.push(`sent ${count(event.reminded, "renewal reminder", "renewal reminders")} (${event.stage ?? "no stage"})`);
  if (event.expired > 0) parts.push(`closed ${count(event.expired, "unpaid checkout", "unpaid checkouts")} older than 24 hours`);
  if (event.removed > 0) parts.push(`removed ${count(event.removed, "expired security record", "expired security records")}`);
  return parts.length > 0 ? parts : ["nothing to do"];
}

/** The sentence of an event, with who did it. */
export function activitySentence(actor: string, event: ActivityEvent): string {
  switch (event.kind) {
    case "member-deleted":
      return `${actor} deleted member ${memberName(event.member)}.`;
    case "member-restored":
      return `${actor} restored member ${memberName(event.member)}.`;
    case "role-granted":
      return `${actor} gave member ${memberName(event.member)} the ${roleLabel(event.after)} role.`;
    case "role-revoked":
      return `${actor} took the ${roleLabel(event.before)} role from member ${memberName(event.member)}.`;
    case "payment-link-sent":
      return `${actor} sent member ${memberName(event.member)} a payment link.`;
    case "door-admitted":
      return `${actor} admitted ${people(event.admitted)} on ticket ${formatTicketCode(event.ticket.code)} (${event.ticket.title}).`;
    case "setting-changed":
      return `${actor} changed the setting ${event.key}.`;
    // Studio: home slides, About Us and School
    case "slide-added":
      return `${actor} added the home slide "${event.slide.name}".`;
    case "slide-changed":
      return `${actor} changed the home slide "${event.slide.name}".`;
    case "slide-removed":
      return `${actor} removed the home slide "${event.slide.name}".`;
    case "slide-moved":
      return `${actor} moved the home slide "${event.slide.name}".`;
    case "page-changed":
      return `${actor} changed the ${event.page.name} page.`;
    // Studio: galleries
    case "gallery-created":
      return `${actor} created the gallery "${event.gallery.title}".`;
    case "gallery-changed":
      return `${actor} changed the gallery "${event.gallery.title}": ${event.change}.`;
    case "gallery-deleted":
      return `${actor} deleted the gallery "${event.gallery.title}".`;
    // Studio: events
    case "event-created":
      return `${actor} created ${event.event.name}: ${event.how}.`;
    case "event-changed":
      return `${actor} changed ${event.event.name}: ${event.field}.`;
    case "event-cancelled":
      return `${actor} cancelled ${event.event.name}.`;
    case "event-restored":
      return `${actor} restored ${event.event.name} (no longer cancelled).`;
    // Studio: news
    case "news-created":
    case "news-updated":
    case "news-published":
    case "news-unpublished":
    case "news-deleted":
      return `${actor} ${NEWS_VERBS[event.kind]} the news item "${event.news.title}".`;
    // Contact inbox (docs/requirements.md §6.13)
    case "contact-message-handled":
      return `${actor} marked the message from ${event.message.from} ("${event.message.subject}") as handled.`;
    case "contact-reply-sent":
      return `${actor} replied to the message from ${event.message.from} ("${event.message.subject}").`;
    // Members' own account (docs/requirements.md §2.8)
    case "own-password-changed":
      return `${actor} changed their own password.`;
    case "own-email-changed":
      return `${actor} changed their own e-mail address.`;
    // The daily scheduled run (docs/requirements.md §10.1)
    case "scheduled-run":
      return `${actor}: ${scheduledRunParts(event).join(", ")}.`;
    // Members' data rights (docs/requirements.md §8)
    case "member-erased":
      return `${actor} erased the personal data of ${event.pseudonym}.`;
    case "records-past-retention-deleted":
      return `${actor}: deleted ${count(event.emails, "outbox e-mail", "outbox e-mails")} and ${count(event.messages, "contact message", "contact messages")} older than the settings keep them.`;
    // Offline payments and tickets at the desk (docs/requirements.md §4.9, §5.9)
    case "offline-payment-recorded":
      return `${actor} recorded ${event.payment} from member ${memberName(event.member)}.`;
    case "desk-ticket-booked":
      return `${actor} booked ticket ${formatTicketCode(event.ticket.code)} (${event.ticket.title}) at the desk for member ${memberName(event.member)}: ${event.paidBy}.`;
    // Refunds (docs/requirements.md §4.10)
    case "refunded":
      return `${actor} refunded ${formatPence(event.amount)} of "${event.transaction.title}" paid by ${event.transaction.memberName} (${event.method === "card" ? "to the card" : "recorded only"})${event.undone ? "; the membership change was undone" : ""}.`;
    // Members corrected and applications rejected by an accountant (docs/requirements.md §6.5, §6.6)
    case "member-corrected":
      return `${actor} corrected member ${memberName(event.member)}: ${Object.keys(event.after as object).join(", ")}.`;
    case "member-rejected":
      return `${actor} rejected the application of ${memberName(event.member)}.`;
    // Two-step verification (docs/decisions/0071)
    case "own-two-step-on":
      return `${actor} turned on two-step verification for their own account.`;
    case "own-two-step-off":
      return `${actor} turned off two-step verification for their own account.`;
    case "two-step-reset":
      return `${actor} reset the two-step verification of member ${memberName(event.member)}. Reason: ${event.reason}`;
    case "newsletter-consent":
      return `${actor} recorded that member ${memberName(event.member)} ${event.after === "yes" ? "wants" : "does not want"} the newsletters.`;
    // Member mailings (docs/requirements.md §13)
    case "mailing-sent":
      return `${actor} sent the ${event.mailing.kind} "${event.mailing.subject}" to ${count(event.copies, "member", "members")}.`;
    case "mailing-failed-resent":
      return `${actor} sent the ${event.mailing.kind} "${event.mailing.subject}" again to ${count(event.copies, "member", "members")} it had failed to reach.`;
    // Member mailings (docs/requirements.md §13)
    case "mailing-scheduled":
      return event.when
        ? `${actor} scheduled the ${event.mailing.kind} "${event.mailing.subject}" for ${event.when} (UK time).`
        : `${actor} cancelled the schedule of the ${event.mailing.kind} "${event.mailing.subject}": it is a draft again.`;
    // Donations (docs/requirements.md §14)
    case "donation-received":
      return `${actor} gave a donation of ${formatPence(event.donation.amount)} (${event.donation.giftAid ? "with Gift Aid" : "without Gift Aid"}).`;
    case "mailing-not-started":
      // The one who scheduled it is the entry's actor; the sentence needs no name.
      return `The ${event.mailing.kind} "${event.mailing.subject}" was not sent at its scheduled time: ${event.reason} It is a draft again.`;
    // Gift Aid (docs/requirements.md §14)
    case "gift-aid-claimed":
      return `${actor} marked ${count(event.claim.payments, "payment", "payments")} (${formatPence(event.claim.total)}) for ${event.claim.period} as claimed from HMRC${event.claim.reference ? ` (reference ${event.claim.reference})` : ""}.`;
    case "gift-aid-reference-entered":
      return `${actor} entered HMRC's reference ${event.claim.reference} for the Gift Aid claim for ${event.claim.period}.`;
    case "gift-aid-claim-reopened":
      return `${actor} reopened the Gift Aid claim for ${event.claim.period} (${count(event.claim.payments, "payment", "payments")}). Reason: ${event.reason}`;
    case "gift-aid-settings-changed":
      return `${actor} changed the Gift Aid settings.`;
    case "gift-aid-declaration-corrected":
      return `${actor} corrected the Gift Aid declaration of ${event.declaration.name}: ${Object.keys(event.after as object).join(", ") || "nothing changed"}.`;
    // Gift Aid declarations (docs/requirements.md §14)
    case "gift-aid-declaration-given":
      return `${actor} recorded a Gift Aid declaration of member ${memberName(event.member)} (${event.how}), in force from ${formatIsoDay(event.givenOn)}.`;
    case "gift-aid-declaration-cancelled":
      return `${actor} cancelled the Gift Aid declaration of member ${memberName(event.member)}: payments after ${formatIsoDay(event.on)} are not claimed.`;
    // Studio: event calendar, office bearers and documents
    default:
      return peopleActivitySentence(actor, event);
  }
}

function subjectOf(event: ActivityEvent): { subjectId: string; subjectName: string } {
  switch (event.kind) {
    case "door-admitted":
      return { subjectId: event.ticket.id, subjectName: `ticket ${formatTicketCode(event.ticket.code)}` };
    case "setting-changed":
      return { subjectId: event.key, subjectName: event.key };
    // Studio: home slides, About Us and School
    case "slide-added":
    case "slide-changed":
    case "slide-removed":
    case "slide-moved":
      return { subjectId: event.slide.id, subjectName: `home slide "${event.slide.name}"` };
    case "page-changed":
      return { subjectId: event.page.key, subjectName: `${event.page.name} page` };
    case "news-created":
    case "news-updated":
    case "news-published":
    case "news-unpublished":
    case "news-deleted":
      return { subjectId: event.news.id, subjectName: `news "${event.news.title}"` };
    // Studio: galleries
    case "gallery-created":
    case "gallery-changed":
    case "gallery-deleted":
      return { subjectId: event.gallery.id, subjectName: `gallery "${event.gallery.title}"` };
    // Studio: events
    case "event-created":
    case "event-changed":
    case "event-cancelled":
    case "event-restored":
      return { subjectId: event.event.id, subjectName: event.event.name };
    // Studio: event calendar, office bearers and documents
    case "calendar-entry-added":
    case "calendar-entry-changed":
    case "calendar-entry-removed":
    case "office-bearer-added":
    case "office-bearer-changed":
    case "office-bearer-removed":
    case "office-bearers-reordered":
    case "team-moved-to-previous":
    case "previous-team-changed":
    case "previous-team-removed":
    case "document-added":
    case "document-renamed":
    case "document-file-replaced":
    case "document-removed":
      return { subjectId: event.subject.id, subjectName: event.subject.name };
    // Contact inbox (docs/requirements.md §6.13)
    case "contact-message-handled":
    case "contact-reply-sent":
      return { subjectId: event.message.id, subjectName: `message from ${event.message.from}` };
    // The daily scheduled run (docs/requirements.md §10.1)
    case "scheduled-run":
      return { subjectId: "daily-run", subjectName: "daily run" };
    // Members' data rights (docs/requirements.md §8)
    case "member-erased":
      return { subjectId: event.memberId, subjectName: event.pseudonym };
    case "records-past-retention-deleted":
      return { subjectId: "retention", subjectName: "records past their retention" };
    // Member mailings (docs/requirements.md §13)
    case "mailing-sent":
    case "mailing-failed-resent":
      return { subjectId: event.mailing.id, subjectName: `mailing "${event.mailing.subject}"` };
    // Refunds (docs/requirements.md §4.10)
    case "refunded":
      return { subjectId: event.transaction.id, subjectName: `payment "${event.transaction.title}" by ${event.transaction.memberName}` };
    // Member mailings (docs/requirements.md §13)
    case "mailing-scheduled":
    case "mailing-not-started":
      return { subjectId: event.mailing.id, subjectName: `mailing "${event.mailing.subject}"` };
    // Gift Aid (docs/requirements.md §14)
    case "gift-aid-claimed":
    case "gift-aid-reference-entered":
    case "gift-aid-claim-reopened":
      return { subjectId: event.claim.id, subjectName: `Gift Aid claim for ${event.claim.period}` };
    case "gift-aid-settings-changed":
      return { subjectId: "gift-aid-settings", subjectName: "Gift Aid settings" };
    case "gift-aid-declaration-corrected":
      return { subjectId: event.declaration.id, subjectName: `Gift Aid declaration of ${event.declaration.name}` };
    // Donations (docs/requirements.md §14)
    case "donation-received":
      return { subjectId: event.donation.transactionId, subjectName: `donation by ${event.donation.name}` };
    default:
      return { subjectId: event.member.id, subjectName: memberName(event.member) };
  }
}

/** The member an event is about (ActivityEntry.memberId), whatever its subject. */
export function memberOf(event: ActivityEvent): Id | null {
  switch (event.kind) {
    case "door-admitted":
      return event.ticket.userId;
    case "refunded":
      return event.transaction.userId;
    case "contact-message-handled":
    case "contact-reply-sent":
      return event.message.memberId;
    case "member-erased":
      return event.memberId;
    case "gift-aid-declaration-corrected":
      return event.declaration.personKind === "member" ? event.declaration.personId : null;
    case "donation-received":
      return event.donation.personId;
    default:
      return "member" in event ? event.member.id : null;
  }
}

/** The entry to record for an event done by `actor` at `at`. */
export function activityEntry(actor: ActivityActor, event: ActivityEvent, at: Date): NewActivityEntry {
  const changed = "before" in event ? { before: event.before, after: event.after } : {};
  return {
    at: at.toISOString(),
    actorId: actor.id,
    actorName: actor.fullName,
    kind: event.kind,
    ...subjectOf(event),
    memberId: memberOf(event),
    ...changed,
    summary: activitySentence(actor.fullName, event),
  };
}

// ---- What /accounts/activity shows ---------------------------------------------------

/** The log's pages: 50 entries a page, newest first. */
export const ACTIVITY_PAGE_SIZE = 50;

export const ACTIVITY_EMPTY = "Nothing has been recorded yet.";

/** A value for people: text as it is, yes/no, "(empty)" for nothing, anything else as JSON. */
export function activityValue(value: JsonValue | undefined): string {
  if (value === undefined || value === null || value === "") return "(empty)";
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") return String(value);
  return JSON.stringify(value);
}

/** "Member → Admin", or "" when the entry has no before and after. */
export function activityChange(entry: Pick<ActivityEntry, "kind" | "before" | "after">): string {
  if (entry.before === undefined && entry.after === undefined) return "";
  const show = (value: JsonValue | undefined) =>
    (entry.kind === "role-granted" || entry.kind === "role-revoked") && typeof value === "string" ? roleLabel(value) : activityValue(value);
  return `${show(entry.before)} → ${show(entry.after)}`;
}

const UK_TIME = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", dateStyle: "medium", timeStyle: "medium" });

/** When, in UK time ("24 Nov 2026, 06:23:33"); an unreadable instant as it was stored. */
export function activityTime(at: string): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : UK_TIME.format(date);
}

export interface ActivityRow {
  id: Id;
  when: string;
  who: string;
  what: string;
  change: string;
}

export function activityRow(entry: ActivityEntry): ActivityRow {
  return { id: entry.id, when: activityTime(entry.at), who: entry.actorName, what: entry.summary, change: activityChange(entry) };
}

export interface ActivityPage {
  rows: ActivityRow[];
  total: number;
  /** 1-based. */
  page: number;
  pages: number;
}
