import type { PersonalDataRepository } from "../port";
import { ERASED_VALUE } from "../../../features/data-rights";
import { d1PersonalActivity, d1PersonalOutbox, d1PersonalRefunds } from "./personal-data-outbox.server";
import { contactMessageFromRow } from "./rows";

/** Data rights on D1 (docs/requirements.md §8, ADR 0056): the member's copies in the other tables. */

export function d1PersonalData(db: D1Database): PersonalDataRepository {
  return {
    ...d1PersonalOutbox(db),
    ...d1PersonalActivity(db),
    ...d1PersonalRefunds(db),
    async contactMessagesBy(memberId) {
      const { results } = await db
        .prepare("SELECT * FROM contact_messages WHERE member_id = ? ORDER BY created_at DESC, rowid DESC")
        .bind(memberId)
        .all<Record<string, unknown>>();
      return results.map(contactMessageFromRow);
    },
    async eraseContactMessagesBy(memberId) {
      const [, removed] = await db.batch([
        db.prepare("DELETE FROM contact_message_state WHERE message_id IN (SELECT id FROM contact_messages WHERE member_id = ?)").bind(memberId),
        db.prepare("DELETE FROM contact_messages WHERE member_id = ?").bind(memberId),
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
        // An offline payment's reference (a bank transfer's or a cheque's) is free text, often the payer's name: erased, not emptied, so the accounts show there was one.
        db
          .prepare(
            "UPDATE transactions SET member_name = ?1, member_email = ?2, family_details = NULL, reference = CASE WHEN reference IS NULL OR reference = '' THEN reference ELSE ?4 END WHERE user_id = ?3",
          )
          .bind(as.name, as.email, userId, ERASED_VALUE),
        db.prepare("UPDATE tickets SET email = ?1 WHERE user_id = ?2").bind(as.email, userId),
        db.prepare("UPDATE ticket_attendees SET name = ?1 WHERE ticket_id IN (SELECT id FROM tickets WHERE user_id = ?2)").bind(as.name, userId),
      ]);
      return (transactions!.meta.changes ?? 0) + (tickets!.meta.changes ?? 0);
    },
  };
}
