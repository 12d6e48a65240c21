import type { InboxMessage } from "../../../features/office";
import type { Id } from "../records";
import type { ContactMessagesRepository } from "../port";
import { inboxStateFromRow, inboxStateWrites } from "./contact-inbox-state.server";
import { contactMessageFromRow } from "./rows";
import { pageClause } from "./sql";

type InboxRepository = Pick<ContactMessagesRepository, "listInbox" | "countUnread" | "getInboxMessage" | "markRead" | "markHandled" | "recordReply">;

const SELECT =
  "SELECT m.*, s.read_at, s.handled_at, s.handled_note, s.handled_by, s.replied_at, s.replied_by FROM contact_messages m LEFT JOIN contact_message_state s ON s.message_id = m.id";
const UNREAD = "SELECT COUNT(*) AS n FROM contact_messages m LEFT JOIN contact_message_state s ON s.message_id = m.id WHERE s.read_at IS NULL";

function inboxFromRow(row: Record<string, unknown>): InboxMessage {
  return { ...contactMessageFromRow(row), ...inboxStateFromRow(row) };
}

/** The contact inbox on D1 (docs/requirements.md §6.13): contact_messages joined with their state (migration 0014). */
export function d1ContactInbox(db: D1Database): InboxRepository {
  const exists = async (id: Id) => (await db.prepare("SELECT 1 FROM contact_messages WHERE id = ?").bind(id).first()) !== null;
  return {
    async listInbox(query = {}) {
      const limit = pageClause(query);
      const [rows, count, unread] = await db.batch<Record<string, unknown>>([
        db.prepare(`${SELECT} ORDER BY m.created_at DESC, m.rowid DESC${limit.sql}`).bind(...limit.params),
        db.prepare("SELECT COUNT(*) AS n FROM contact_messages"),
        db.prepare(UNREAD),
      ]);
      return { rows: rows!.results.map(inboxFromRow), total: Number(count!.results[0]?.n ?? 0), unread: Number(unread!.results[0]?.n ?? 0) };
    },
    async countUnread() {
      return Number((await db.prepare(UNREAD).first<{ n: number }>())?.n ?? 0);
    },
    async getInboxMessage(id) {
      const row = await db.prepare(`${SELECT} WHERE m.id = ?`).bind(id).first<Record<string, unknown>>();
      return row ? inboxFromRow(row) : null;
    },
    ...inboxStateWrites(db, exists),
  };
}
