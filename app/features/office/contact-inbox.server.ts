import type { AppLoadContext } from "@remix-run/cloudflare";
import { createElement } from "react";
import type { ActivityActor } from "~/kernel/activity/activity";
import { INBOX_PAGE_SIZE, inboxGlimpse, type InboxMessage, type InboxPage } from "./contact-inbox";
import { pageCount, storePage } from "~/kernel/store/paging";
import type { Toast } from "~/kernel/http/toast";
import { ContactReplyEmail } from "~/features/office/emails/ContactReplyEmail";
import { recordActivity } from "~/kernel/activity/activity.server";
import { createEmailService } from "~/kernel/email/email.server";
import { outboxTime } from "~/features/mail/index.server";
import type { Store } from "~/kernel/store/port";

/**
 * The contact inbox (docs/requirements.md §6.13) at /accounts/messages: the routes guard and answer; these
 * read, change and say what happened (null: no such message, the route answers 404).
 */

/** A row of the list, formatted on the server (UK time). */
const fullName = (message: Pick<InboxMessage, "name" | "lastname">) => `${message.name} ${message.lastname}`.trim() || "(no name)";

/** One page of the inbox, newest first (1-based; past the end shows the last page). */
export async function loadInboxPage(store: Store, asked: number): Promise<InboxPage> {
  let page = asked;
  let result = await store.contactMessages.listInbox(storePage({ page, size: INBOX_PAGE_SIZE }));
  const pages = pageCount(result.total, INBOX_PAGE_SIZE);
  if (page > pages) {
    page = pages;
    result = await store.contactMessages.listInbox(storePage({ page, size: INBOX_PAGE_SIZE }));
  }
  const rows = result.rows.map((message) => ({
    id: message.id,
    receivedAt: outboxTime(message.createdAt),
    from: fullName(message),
    email: message.email,
    glimpse: inboxGlimpse(message),
    unread: message.readAt === null,
    handled: message.handledAt !== null,
    replied: message.repliedAt !== null,
  }));
  return { rows, total: result.total, unread: result.unread, page, pages };
}

/** A message as its page shows it; opening it marks it read. */
export async function openInboxMessage(store: Store, id: string | undefined) {
  const message = id && id.length <= 64 ? await store.contactMessages.getInboxMessage(id) : null;
  if (!message) return null;
  if (message.readAt === null) await store.contactMessages.markRead(message.id, Math.floor(Date.now() / 1000));
  return {
    id: message.id,
    from: fullName(message),
    email: message.email,
    subject: message.subject,
    notes: message.notes,
    receivedAt: outboxTime(message.createdAt),
    handled: message.handledAt === null ? null : { at: outboxTime(message.handledAt), by: message.handledBy, note: message.handledNote },
    replied: message.repliedAt === null ? null : { at: outboxTime(message.repliedAt), by: message.repliedBy },
  };
}

const eventMessage = (message: InboxMessage) => ({ id: message.id, from: fullName(message), subject: message.subject, memberId: message.memberId });

/** Marks the message handled with the accountant's note, and logs it. */
export async function markMessageHandled(context: AppLoadContext, actor: ActivityActor, id: string, note: string): Promise<Toast | null> {
  const message = await context.store.contactMessages.getInboxMessage(id);
  if (!message) return null;
  if (!(await context.store.contactMessages.markHandled(id, { note, by: actor.fullName, at: Math.floor(Date.now() / 1000) }))) return null;
  await recordActivity(context, actor, { kind: "contact-message-handled", message: eventMessage(message) });
  return { kind: "success", message: "Marked as handled." };
}

/**
 * Sends the reply from the site (kept in the outbox like every e-mail), records it on the
 * message and logs it (without the body). A provider failure is in the outbox as Failed,
 * where it can be sent again; the reply counts as written.
 */
export async function replyToMessage(
  context: AppLoadContext,
  actor: ActivityActor,
  id: string,
  reply: { subject: string; body: string },
): Promise<Toast | null> {
  const message = await context.store.contactMessages.getInboxMessage(id);
  if (!message) return null;
  const sent = await createEmailService(context).send({
    to: [message.email],
    subject: reply.subject,
    react: createElement(ContactReplyEmail, { body: reply.body, original: message.notes }),
    purpose: "contact-reply",
    // A reply to a visitor belongs to nobody's data; to a signed-in member's message, to theirs.
    memberId: message.memberId,
  });
  await context.store.contactMessages.recordReply(id, { by: actor.fullName, at: Math.floor(Date.now() / 1000) });
  await recordActivity(context, actor, { kind: "contact-reply-sent", message: eventMessage(message) });
  return sent.status === "failed"
    ? { kind: "error", message: "The reply could not be sent: it is in E-mails, where it can be sent again." }
    : { kind: "success", message: `Reply sent to ${message.email}.` };
}
