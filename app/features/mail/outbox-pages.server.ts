import { CONFIDENTIAL_BODY_NOTE, CONFIDENTIAL_PURPOSES, OUTBOX_PAGE_SIZE, emailStatusLabel, type OutboxEmailView, type OutboxPage } from "./outbox";
import { pageCount, storePage } from "~/kernel/store/paging";
import type { Store } from "~/kernel/store/port";

/**
 * What the outbox pages show, read on the server: the accountants' /accounts/emails and
 * the development /dev/mail read through the same two functions (the routes differ
 * only in their guard and their link prefix) and the same components
 * (app/features/mail/components/). A missing e-mail is null: the route answers 404.
 */

/** Times on the outbox pages, formatted on the server (UK time) so the browser shows the same text. */
export function outboxTime(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toLocaleString("en-GB", {
    timeZone: "Europe/London",
    dateStyle: "medium",
    timeStyle: "medium",
  });
}

/** One page of the outbox, newest first (1-based; past the end shows the last page). */
export async function loadOutboxPage(store: Store, asked: number): Promise<OutboxPage> {
  let page = asked;
  let result = await store.outbox.list(storePage({ page, size: OUTBOX_PAGE_SIZE }));
  const pages = pageCount(result.total, OUTBOX_PAGE_SIZE);
  if (page > pages) {
    page = pages;
    result = await store.outbox.list(storePage({ page, size: OUTBOX_PAGE_SIZE }));
  }
  const emails = result.rows.map((email) => ({
    id: email.id,
    sentAt: outboxTime(email.createdAt),
    to: email.to.join(", "),
    subject: email.subject,
    purpose: email.purpose,
    status: email.status,
    statusLabel: emailStatusLabel(email.status),
    providerId: email.providerId,
    error: email.error,
  }));
  return { emails, total: result.total, page, pages };
}

/**
 * One e-mail with its HTML and text; null when there is none with this id. With
 * `hideConfidential`, the body of a reset-link e-mail is replaced by a note.
 */
export async function loadOutboxEmail(store: Store, id: string | undefined, options: { hideConfidential?: boolean } = {}): Promise<OutboxEmailView | null> {
  const email = id && id.length <= 64 ? await store.outbox.get(id) : null;
  if (!email) return null;
  const hidden = options.hideConfidential === true && CONFIDENTIAL_PURPOSES.includes(email.purpose);
  return {
    ...email,
    html: hidden ? `<p>${CONFIDENTIAL_BODY_NOTE}</p>` : email.html,
    text: hidden ? CONFIDENTIAL_BODY_NOTE : email.text,
    to: email.to.join(", "),
    sentAt: outboxTime(email.createdAt),
    updatedAt: outboxTime(email.updatedAt),
    statusLabel: emailStatusLabel(email.status),
  };
}
