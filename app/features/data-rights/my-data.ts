import type { ContactMessage, Donation, GiftAidDeclaration, Member, OutboxEmail, Ticket, Transaction } from "~/kernel/store/records";
import type { MemberSession } from "~/kernel/store/port";
import { countryName, deviceName } from "~/features/account-security";
import { NO_MAIL_DATA, type MailData } from "~/features/mailings";

/**
 * "Download my data" (UK GDPR art. 15, docs/requirements.md §8.2, ADR 0056): everything the site holds about
 * one member, as one JSON document. Pure: the service gathers the records, this shapes them,
 * so what is left out (the password hash, reset keys) is decided and tested in one place.
 */

/** The member's own record without what guards the account (never shown to anyone). */
export type MemberRecordForExport = Omit<Member, "passwordHash" | "resetKey" | "resetKeyExpiresAt" | "passwordChangedAt">;

export interface MyData {
  /** When this copy was made (ISO 8601, UTC). */
  generatedAt: string;
  member: MemberRecordForExport;
  household: { spouse: Member["spouse"]; children: Member["children"] };
  transactions: Transaction[];
  tickets: Ticket[];
  /** E-mails about the member (found by their id), as kept in the outbox, every link removed. */
  emails: Array<Pick<OutboxEmail, "id" | "to" | "subject" | "text" | "purpose" | "status" | "createdAt">>;
  /** Messages they sent through the contact form while signed in. */
  contactMessages: ContactMessage[];
  /** The devices signed in to their account now (ADR 70): what each browser said it was, and where from. */
  devices: Array<{ browser: string; userAgent: string; country: string; firstSeen: number; lastSeen: number }>;
  /** Their mail choices and every change of them, the mailings sent to them, addresses that bounced (docs/requirements.md §13). */
  mail: MailData;
  /** Their Gift Aid declarations as given, cancelled or not (docs/requirements.md §14). */
  giftAidDeclarations: GiftAidDeclaration[];
  /** Their donations: amount, message and whether Gift Aid was declared (the payments are under `transactions`). */
  donations: Donation[];
}

export function memberForExport(member: Member): MemberRecordForExport {
  const { passwordHash, resetKey, resetKeyExpiresAt, passwordChangedAt, ...rest } = member;
  return rest;
}

export function myData(input: {
  member: Member;
  transactions: Transaction[];
  tickets: Ticket[];
  emails: OutboxEmail[];
  contactMessages: ContactMessage[];
  sessions: MemberSession[];
  mail?: MailData;
  giftAidDeclarations?: GiftAidDeclaration[];
  donations?: Donation[];
  now: Date;
}): MyData {
  const { member } = input;
  return {
    generatedAt: input.now.toISOString(),
    member: memberForExport(member),
    household: { spouse: member.spouse, children: member.children },
    transactions: input.transactions,
    tickets: input.tickets,
    emails: input.emails.map(({ id, to, subject, text, purpose, status, createdAt }) => ({
      id,
      to,
      subject,
      text: withoutLinks(text),
      purpose,
      status,
      createdAt,
    })),
    contactMessages: input.contactMessages,
    // Never a session's id: it is half of what signs the device in.
    devices: input.sessions.map((session) => ({
      browser: deviceName(session.userAgent),
      userAgent: session.userAgent ?? "",
      country: countryName(session.country),
      firstSeen: Math.floor(session.createdAt),
      lastSeen: session.lastSeenAt,
    })),
    mail: input.mail ?? NO_MAIL_DATA,
    giftAidDeclarations: input.giftAidDeclarations ?? [],
    donations: input.donations ?? [],
  };
}

/** What stands where a link was in an e-mail's copy. */
export const LINK_REMOVED = "(link removed)";

/**
 * An e-mail's text with every web address replaced by LINK_REMOVED. A reset link, an e-mail
 * change confirmation, a payment link or a ticket's page each lets whoever holds it act; a
 * download is a file that travels (docs/security.md). Every link goes, not a list of the
 * dangerous ones: a list would miss the next kind of link, and a link is no one's personal data.
 */
export function withoutLinks(text: string): string {
  return text.replace(/\bhttps?:\/\/[^\s<>"'\])]+/gi, LINK_REMOVED);
}

/**
 * The name a person's file is known by: their name made safe for any file system and any
 * Content-Disposition header (ASCII letters and digits joined by hyphens, accents dropped,
 * lower case, at most 40 characters), or "member" when nothing of it is left.
 */
export function safeFileName(name: string): string {
  const ascii = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase()
    .slice(0, 40)
    .replace(/-+$/, "");
  return ascii || "member";
}

/** "ada-lovelace-data-2026-11-24.json" (the member's name, then the day in UK time; docs/requirements.md §8.2). */
export function myDataFilename(memberName: string, now: Date, extension: "json" | "html"): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  return `${safeFileName(memberName)}-data-${day}.${extension}`;
}
