import type { ContactMessage } from "../../../domain/records";
import type { PersonalDataRepository } from "../port";
import { d1PersonalActivity, d1PersonalOutbox, lowerAddresses, sqlMarks } from "./personal-data-outbox.server";

/** Data rights on D1 (issue 19, part G, ADR 0056): the member's copies in the other tables. */

const contactFromRow = (row: Record<string, unknown>): ContactMessage => ({
  id: String(row.id),
  name: String(row.name ?? ""),
  lastname: String(row.lastname ?? ""),
  email: String(row.email ?? ""),
  subject: String(row.subject ?? ""),
  notes: String(row.notes ?? ""),
  createdAt: Number(row.created_at),
});

export function d1PersonalData(db: D1Database): PersonalDataRepository {
  return {
    ...d1PersonalOutbox(db),
    ...d1PersonalActivity(db),
    async contactMessagesFrom(addresses) {
      const wanted = lowerAddresses(addresses);
      if (wanted.length === 0) return [];
      const { results } = await db
        .prepare(`SELECT * FROM contact_messages WHERE lower(email) IN (${sqlMarks(wanted)}) ORDER BY created_at DESC, rowid DESC`)
        .bind(...wanted)
        .all<Record<string, unknown>>();
      return results.map(contactFromRow);
    },
    async eraseContactMessagesFrom(addresses) {
      const wanted = lowerAddresses(addresses);
      if (wanted.length === 0) return 0;
      const where = `lower(email) IN (${sqlMarks(wanted)})`;
      const [, removed] = await db.batch([
        db.prepare(`DELETE FROM contact_message_state WHERE message_id IN (SELECT id FROM contact_messages WHERE ${where})`).bind(...wanted),
        db.prepare(`DELETE FROM contact_messages WHERE ${where}`).bind(...wanted),
      ]);
      return removed!.meta.changes ?? 0;
    },
    async deleteContactMessagesBefore(cutoff) {
      const old = "SELECT id FROM contact_messages WHERE created_at < ?";
      const [, removed] = await db.batch([
        db.prepare(`DELETE FROM contact_message_state WHERE message_id IN (${old})`).bind(cutoff),
        db.prepare("DELETE FROM contact_messages WHERE created_at < ?").bind(cutoff),
      ]);
      return removed!.meta.changes ?? 0;
    },
    async pseudonymisePayments(userId, as) {
      const [transactions, tickets] = await db.batch([
        db.prepare("UPDATE transactions SET member_name = ?1, member_email = ?2, family_details = NULL WHERE user_id = ?3").bind(as.name, as.email, userId),
        db.prepare("UPDATE tickets SET email = ?1 WHERE user_id = ?2").bind(as.email, userId),
        db.prepare("UPDATE ticket_attendees SET name = ?1 WHERE ticket_id IN (SELECT id FROM tickets WHERE user_id = ?2)").bind(as.name, userId),
      ]);
      return (transactions!.meta.changes ?? 0) + (tickets!.meta.changes ?? 0);
    },
  };
}
