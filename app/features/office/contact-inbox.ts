import type { ContactMessage, UnixSeconds } from "../../kernel/store/records";

/**
 * The contact inbox (docs/requirements.md §6.13): a contact message with what the accountants did with it.
 * Pure; the state is kept by the store (ADR 0049).
 */
export interface InboxMessage extends ContactMessage {
  readAt: UnixSeconds | null;
  handledAt: UnixSeconds | null;
  handledNote: string;
  /** The accountant's name as it was then. */
  handledBy: string;
  repliedAt: UnixSeconds | null;
  repliedBy: string;
}

/** What the store keeps beside a message. */
export type InboxState = Pick<InboxMessage, "readAt" | "handledAt" | "handledNote" | "handledBy" | "repliedAt" | "repliedBy">;

export const NO_INBOX_STATE: InboxState = { readAt: null, handledAt: null, handledNote: "", handledBy: "", repliedAt: null, repliedBy: "" };

/** The inbox's pages: 50 messages a page, newest first. */
export const INBOX_PAGE_SIZE = 50;

export const INBOX_EMPTY = "No messages yet.";

/** The subject of a reply: "Re: " once, however often the thread went back and forth. */
export function replySubject(subject: string): string {
  const trimmed = subject.trim();
  if (!trimmed) return "Re: your message";
  return /^re:/i.test(trimmed) ? trimmed : `Re: ${trimmed}`;
}

/** The list's one-line glimpse: the subject, else the message's first words. */
export function inboxGlimpse(message: Pick<ContactMessage, "subject" | "notes">, words = 8): string {
  if (message.subject.trim()) return message.subject.trim();
  const all = message.notes.trim().split(/\s+/).filter(Boolean);
  return all.length > words ? `${all.slice(0, words).join(" ")}…` : all.join(" ");
}

/** One row of the inbox table, as the page shows it (the component takes it from here, not from the service). */
export interface InboxRow {
  id: string;
  receivedAt: string;
  from: string;
  email: string;
  glimpse: string;
  unread: boolean;
  handled: boolean;
  replied: boolean;
}

/** One page of the inbox table, with the counts its heading and pager show. */
export interface InboxPage {
  rows: InboxRow[];
  total: number;
  unread: number;
  page: number;
  pages: number;
}
