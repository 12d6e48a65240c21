import { NO_INBOX_STATE, type InboxMessage } from "../../../features/office";
import type { Id } from "../records";
import { pageWindow } from "../paging";
import { inboxStates, inboxStateWrites } from "../d1/contact-inbox-state.server";
import type { ContactMessagesRepository } from "../port";
import type { CockpitClient } from "./client.server";
import { readContactMessages } from "./contact.server";
import { withoutErased } from "./erased-contact-messages.server";

type InboxRepository = Pick<ContactMessagesRepository, "listInbox" | "countUnread" | "getInboxMessage" | "markRead" | "markHandled" | "recordReply">;

/**
 * The contact inbox on Cockpit (docs/requirements.md §6.13, ADR 49): the messages are read through
 * forms/export/contactus (each entry with its _id and _created); what the accountants did
 * with them is kept in D1, keyed by that _id, since Cockpit's forms cannot be changed
 * through its API (ADR 0049). A contact inbox is small: every read exports the form.
 */
export function cockpitContactInbox(client: CockpitClient, db: D1Database): InboxRepository {
  // Erased messages (ADR 0056) stay in Cockpit until deleted by hand there, never in the inbox.
  const readVisible = async () => withoutErased(db, await readContactMessages(client));
  /** Newest first; the same second keeps Cockpit's order, newest entry first. */
  const newestFirst = async () =>
    (await readVisible())
      .map((message, order) => ({ message, order }))
      .sort((a, b) => b.message.createdAt - a.message.createdAt || b.order - a.order)
      .map(({ message }) => message);
  const exists = async (id: Id) => (await readVisible()).some((message) => message.id === id);
  const withStates = async (ids: Id[]) => inboxStates(db, ids);

  return {
    async listInbox(query = {}) {
      const all = await newestFirst();
      const window = pageWindow(query);
      const shown = window ? all.slice(window.offset, window.offset + window.limit) : all;
      const states = await withStates(all.map((message) => message.id));
      const rows: InboxMessage[] = shown.map((message) => ({ ...message, ...(states.get(message.id) ?? NO_INBOX_STATE) }));
      const unread = all.filter((message) => !states.get(message.id)?.readAt).length;
      return { rows, total: all.length, unread };
    },
    async countUnread() {
      const all = await readVisible();
      const states = await withStates(all.map((message) => message.id));
      return all.filter((message) => !states.get(message.id)?.readAt).length;
    },
    async getInboxMessage(id) {
      const message = (await readVisible()).find((entry) => entry.id === id);
      if (!message) return null;
      return { ...message, ...((await withStates([id])).get(id) ?? NO_INBOX_STATE) };
    },
    ...inboxStateWrites(db, exists),
  };
}
