import type { Id, MailingKind } from "~/kernel/store/records";

/**
 * One-click unsubscribe (RFC 8058, docs/requirements.md §13): what a token says and what the page
 * tells the member. Pure, unit-tested; the signing is in unsubscribe-token.server.ts.
 */

export interface UnsubscribeClaim {
  memberId: Id;
  kind: MailingKind;
  mailingId: Id;
}

/** The token's subject: kind, member and mailing, each an id of our own (no dots, no colons). */
export function unsubscribeSubject(claim: UnsubscribeClaim): string {
  return `${claim.kind}:${claim.memberId}:${claim.mailingId}`;
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The claim a verified subject carries, or null for anything we did not make. */
export function readUnsubscribeSubject(subject: string): UnsubscribeClaim | null {
  const parts = subject.split(":");
  if (parts.length !== 3) return null;
  const [kind, memberId, mailingId] = parts as [string, string, string];
  if (kind !== "notice" && kind !== "newsletter") return null;
  if (!ID.test(memberId) || !ID.test(mailingId)) return null;
  return { kind, memberId, mailingId };
}

/** The List-Unsubscribe headers for a copy (RFC 2369, RFC 8058 one-click). */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** How to leave the association altogether (the page says so for both kinds). */
export const LEAVE_TEXT =
  "To leave the association and stop every e-mail, reply to any of our e-mails or use the contact page to ask us to close your membership.";

/** What the page says before the button, per kind. */
export const UNSUBSCRIBE_TEXT: Record<MailingKind, { heading: string; what: string; button: string; done: string; still: string }> = {
  newsletter: {
    heading: "Stop newsletters",
    what: "You will no longer receive the association's newsletters.",
    button: "Stop newsletters",
    done: "You will not receive any more newsletters.",
    still:
      "Membership notices (such as the AGM or a change of fees), renewal reminders, receipts and tickets still come, because they are about your membership.",
  },
  notice: {
    heading: "Stop membership notices",
    what: "You will no longer receive notices sent to members (such as the AGM or news about the association), nor the newsletters.",
    button: "Stop notices",
    done: "You will not receive any more membership notices or newsletters.",
    still: "E-mails about your own membership still come: renewal reminders, receipts for your payments and your tickets.",
  },
};

export const BAD_LINK_TEXT = {
  heading: "This link does not work",
  body: "The unsubscribe link is not complete or has been changed. Please use the link from the e-mail itself, or sign in and change your choices on My Account.",
} as const;
