import type { EmailStatus, OutboxEmail } from "~/kernel/store/records";

/** The outbox pages (accountants' /accounts/emails and the development /dev/mail): 50 e-mails a page. */
export const OUTBOX_PAGE_SIZE = 50;

/**
 * Status words for people: "stored" means no provider is configured and the e-mail
 * only sits in the outbox, so it must not read as if it were sent.
 */
export const EMAIL_STATUS_LABELS: Record<EmailStatus, string> = {
  queued: "Queued",
  sent: "Sent",
  failed: "Failed",
  stored: "Kept (no provider)",
};

export function emailStatusLabel(status: string): string {
  return EMAIL_STATUS_LABELS[status as EmailStatus] ?? status;
}

/**
 * E-mails whose body is a credential: a reset link lets whoever holds it choose the
 * member's password, and a sign-in code lets the browser that asked for it in (ADR 69). The accountants' outbox shows their headers only; the
 * development outbox (a local machine) shows everything.
 */
export const CONFIDENTIAL_PURPOSES: readonly string[] = ["reset-password", "sign-in-code"];
export const CONFIDENTIAL_BODY_NOTE = "Not shown: this e-mail holds a one-time sign-in code or password reset link, which only its recipient may see.";

// ---- What the outbox pages show (times already in UK time, as text) -----------------

export interface OutboxRow {
  id: string;
  sentAt: string;
  to: string;
  subject: string;
  purpose: string;
  status: string;
  statusLabel: string;
  providerId: string | null;
  error: string | null;
}

export interface OutboxPage {
  emails: OutboxRow[];
  total: number;
  /** 1-based. */
  page: number;
  pages: number;
}

/** One e-mail with its HTML and text (a reset link's body replaced by a note where it must stay hidden). */
export interface OutboxEmailView extends Omit<OutboxEmail, "to" | "updatedAt"> {
  to: string;
  sentAt: string;
  updatedAt: string;
  statusLabel: string;
}
