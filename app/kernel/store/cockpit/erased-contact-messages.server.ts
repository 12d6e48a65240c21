import type { ContactMessage, Id } from "../records";

/**
 * Contact messages erased on Cockpit (docs/requirements.md §8.3, ADR 0056, migration 0019): Cockpit v1's
 * API cannot delete a form entry, so their ids are kept here and the inbox leaves them out.
 */

export async function erasedContactMessageIds(db: D1Database): Promise<Set<Id>> {
  const { results } = await db.prepare("SELECT message_id FROM erased_contact_messages").all<{ message_id: string }>();
  return new Set(results.map((row) => row.message_id));
}

export async function markContactMessagesErased(db: D1Database, ids: Id[]): Promise<void> {
  if (ids.length === 0) return;
  await db.batch([
    ...ids.map((id) => db.prepare("INSERT INTO erased_contact_messages (message_id) VALUES (?) ON CONFLICT (message_id) DO NOTHING").bind(id)),
    ...ids.map((id) => db.prepare("DELETE FROM contact_message_state WHERE message_id = ?").bind(id)),
  ]);
}

/** The messages the inbox may show: every one not erased. */
export async function withoutErased(db: D1Database, messages: ContactMessage[]): Promise<ContactMessage[]> {
  const erased = await erasedContactMessageIds(db);
  return erased.size === 0 ? messages : messages.filter((message) => !erased.has(message.id));
}
