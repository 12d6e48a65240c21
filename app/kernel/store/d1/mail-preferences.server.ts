import type { MailPreferencesRepository } from "../port";
import type { ConsentSource, MailPreferenceChange, MailPreferences } from "../records";
import { newId } from "../ids";

/**
 * Members' mail choices (docs/requirements.md §13, ADR 73) in D1, on both stores: the current
 * choice in mail_preferences and every change as a record in mail_preference_changes (ADR 60).
 * No row, or newsletters NULL, is "not asked". Each write is one D1 batch: the choice and its
 * record change together, and only when the choice changes (the same choice again writes nothing).
 */

interface Row {
  member_id: string;
  newsletters: "yes" | "no" | null;
  newsletters_source: string | null;
  newsletters_at: number | null;
  notices: "yes" | "no";
  notices_at: number | null;
}

interface ChangeRow {
  id: string;
  member_id: string;
  topic: "newsletters" | "notices";
  given: number;
  source: string;
  mailing_id: string | null;
  at: number;
}

const GET = "SELECT member_id, newsletters, newsletters_source, newsletters_at, notices, notices_at FROM mail_preferences WHERE member_id = ?1";
// The change row first, written only while the stored choice differs; then the choice itself.
const RECORD_NEWSLETTERS = `INSERT INTO mail_preference_changes (id, member_id, topic, given, source, mailing_id, at)
  SELECT ?1, ?2, 'newsletters', ?3, ?4, ?5, ?6
  WHERE NOT EXISTS (SELECT 1 FROM mail_preferences WHERE member_id = ?2 AND newsletters = ?7)`;
const SET_NEWSLETTERS = `INSERT INTO mail_preferences (member_id, newsletters, newsletters_source, newsletters_at) VALUES (?1, ?2, ?3, ?4)
  ON CONFLICT (member_id) DO UPDATE SET newsletters = excluded.newsletters, newsletters_source = excluded.newsletters_source,
  newsletters_at = excluded.newsletters_at WHERE mail_preferences.newsletters IS NOT excluded.newsletters`;
const RECORD_NOTICES = `INSERT INTO mail_preference_changes (id, member_id, topic, given, source, mailing_id, at)
  SELECT ?1, ?2, 'notices', 0, 'unsubscribe', ?3, ?4
  WHERE NOT EXISTS (SELECT 1 FROM mail_preferences WHERE member_id = ?2 AND notices = 'no')`;
const STOP_NOTICES = `INSERT INTO mail_preferences (member_id, notices, notices_at) VALUES (?1, 'no', ?2)
  ON CONFLICT (member_id) DO UPDATE SET notices = 'no', notices_at = excluded.notices_at WHERE mail_preferences.notices <> 'no'`;
const RECORD_NOTICES_RESTARTED = `INSERT INTO mail_preference_changes (id, member_id, topic, given, source, mailing_id, at)
  SELECT ?1, ?2, 'notices', 1, ?3, NULL, ?4
  WHERE EXISTS (SELECT 1 FROM mail_preferences WHERE member_id = ?2 AND notices = 'no')`;
const RESTART_NOTICES = "UPDATE mail_preferences SET notices = 'yes', notices_at = ?2 WHERE member_id = ?1 AND notices = 'no'";
const CHANGES = "SELECT id, member_id, topic, given, source, mailing_id, at FROM mail_preference_changes WHERE member_id = ?1 ORDER BY at, id";
const DELETE_CHANGES = "DELETE FROM mail_preference_changes WHERE member_id = ?1";
const DELETE_PREFERENCES = "DELETE FROM mail_preferences WHERE member_id = ?1";

function fromRow(row: Row): MailPreferences {
  return {
    memberId: row.member_id,
    newsletters: row.newsletters,
    newslettersSource: row.newsletters_source as ConsentSource | null,
    newslettersAt: row.newsletters_at,
    notices: row.notices,
    noticesAt: row.notices_at,
  };
}

function changeFromRow(row: ChangeRow): MailPreferenceChange {
  return {
    id: row.id,
    memberId: row.member_id,
    topic: row.topic,
    given: row.given === 1,
    source: row.source as ConsentSource,
    mailingId: row.mailing_id,
    at: row.at,
  };
}

export function d1MailPreferences(db: D1Database): MailPreferencesRepository {
  return {
    async get(memberId) {
      const row = await db.prepare(GET).bind(memberId).first<Row>();
      return row ? fromRow(row) : null;
    },
    async setNewsletters(memberId, given, source, mailingId, now) {
      const value = given ? "yes" : "no";
      await db.batch([
        db.prepare(RECORD_NEWSLETTERS).bind(newId(), memberId, given ? 1 : 0, source, mailingId, now, value),
        db.prepare(SET_NEWSLETTERS).bind(memberId, value, source, now),
      ]);
    },
    async stopNotices(memberId, mailingId, now) {
      await db.batch([db.prepare(RECORD_NOTICES).bind(newId(), memberId, mailingId, now), db.prepare(STOP_NOTICES).bind(memberId, now)]);
    },
    async restartNotices(memberId, source, now) {
      await db.batch([db.prepare(RECORD_NOTICES_RESTARTED).bind(newId(), memberId, source, now), db.prepare(RESTART_NOTICES).bind(memberId, now)]);
    },
    async changesForMember(memberId) {
      return (await db.prepare(CHANGES).bind(memberId).all<ChangeRow>()).results.map(changeFromRow);
    },
    async deleteForMember(memberId) {
      const [changes, preferences] = await db.batch([db.prepare(DELETE_CHANGES).bind(memberId), db.prepare(DELETE_PREFERENCES).bind(memberId)]);
      return (changes?.meta.changes ?? 0) + (preferences?.meta.changes ?? 0);
    },
  };
}
