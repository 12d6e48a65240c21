import { NO_INBOX_STATE, type InboxState } from "../../../features/office";
import type { Id, UnixSeconds } from "../records";
import type { ContactMessagesRepository } from "../port";

/**
 * What the accountants did with each contact message (docs/requirements.md §6.13), in D1 on both stores:
 * Cockpit's forms cannot be changed through its API, so a Cockpit message's state is kept
 * here too, keyed by its entry's _id (ADR 0049). No row: unread, not handled, no reply.
 */

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const str = (value: unknown) => (typeof value === "string" ? value : "");

/** A state row (or the columns of a joined row) as the domain has it. */
export function inboxStateFromRow(row: Record<string, unknown> | undefined): InboxState {
  if (!row) return NO_INBOX_STATE;
  return {
    readAt: num(row.read_at),
    handledAt: num(row.handled_at),
    handledNote: str(row.handled_note),
    handledBy: str(row.handled_by),
    repliedAt: num(row.replied_at),
    repliedBy: str(row.replied_by),
  };
}

/** The states of these messages, by id (D1 binds at most 100 parameters a statement). */
export async function inboxStates(db: D1Database, ids: Id[]): Promise<Map<Id, InboxState>> {
  const states = new Map<Id, InboxState>();
  for (let start = 0; start < ids.length; start += 90) {
    const chunk = ids.slice(start, start + 90);
    const { results } = await db
      .prepare(`SELECT * FROM contact_message_state WHERE message_id IN (${chunk.map(() => "?").join(", ")})`)
      .bind(...chunk)
      .all<Record<string, unknown>>();
    for (const row of results) states.set(String(row.message_id), inboxStateFromRow(row));
  }
  return states;
}

/** Opening a message marks it read; the first time stays. */
async function saveRead(db: D1Database, id: Id, at: UnixSeconds): Promise<void> {
  await db
    .prepare(
      "INSERT INTO contact_message_state (message_id, read_at) VALUES (?, ?) ON CONFLICT (message_id) DO UPDATE SET read_at = COALESCE(read_at, excluded.read_at)",
    )
    .bind(id, at)
    .run();
}

/** Handled with a note (a message handled again keeps the newest note); handled is read too. */
async function saveHandled(db: D1Database, id: Id, handled: { note: string; by: string; at: UnixSeconds }): Promise<void> {
  await db
    .prepare(
      `INSERT INTO contact_message_state (message_id, read_at, handled_at, handled_note, handled_by) VALUES (?1, ?2, ?2, ?3, ?4)
       ON CONFLICT (message_id) DO UPDATE SET read_at = COALESCE(read_at, excluded.read_at), handled_at = excluded.handled_at,
         handled_note = excluded.handled_note, handled_by = excluded.handled_by`,
    )
    .bind(id, handled.at, handled.note, handled.by)
    .run();
}

/** A reply went out (the newest one is shown); replied is read too. */
async function saveReply(db: D1Database, id: Id, reply: { by: string; at: UnixSeconds }): Promise<void> {
  await db
    .prepare(
      `INSERT INTO contact_message_state (message_id, read_at, replied_at, replied_by) VALUES (?1, ?2, ?2, ?3)
       ON CONFLICT (message_id) DO UPDATE SET read_at = COALESCE(read_at, excluded.read_at), replied_at = excluded.replied_at, replied_by = excluded.replied_by`,
    )
    .bind(id, reply.at, reply.by)
    .run();
}

/**
 * The accountants' three writes, the same on both stores: each only for a message that
 * `exists` (in contact_messages on D1, in Cockpit's form on Cockpit), false otherwise.
 */
export function inboxStateWrites(
  db: D1Database,
  exists: (id: Id) => Promise<boolean>,
): Pick<ContactMessagesRepository, "markRead" | "markHandled" | "recordReply"> {
  const ifExists =
    <A>(save: (db: D1Database, id: Id, arg: A) => Promise<void>) =>
    async (id: Id, arg: A) => {
      if (!(await exists(id))) return false;
      await save(db, id, arg);
      return true;
    };
  return { markRead: ifExists(saveRead), markHandled: ifExists(saveHandled), recordReply: ifExists(saveReply) };
}
