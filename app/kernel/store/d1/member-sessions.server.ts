import type { MemberSession, MemberSessionsRepository } from "../port";

/**
 * Sessions as records (docs/decisions/0070-sessions-as-records.md) in D1, on both stores: the
 * Cockpit store keeps them here too, like the rate limits. A row stays until its session
 * expires; the daily run deletes it then.
 */

interface Row {
  id: string;
  member_id: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  user_agent: string | null;
  country: string | null;
  second_step_required: number;
  second_step_at: number | null;
  revoked_at: number | null;
}

const COLUMNS = "id, member_id, created_at, last_seen_at, expires_at, user_agent, country, second_step_required, second_step_at, revoked_at";
const INSERT = `INSERT INTO member_sessions (${COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, NULL)`;
const GET = `SELECT ${COLUMNS} FROM member_sessions WHERE id = ?1`;
const LIST_OPEN = `SELECT ${COLUMNS} FROM member_sessions WHERE member_id = ?1 AND expires_at > ?2 AND revoked_at IS NULL ORDER BY last_seen_at DESC, created_at DESC LIMIT 200`;
// Only forward: two requests of one session may race, and the older time must not win.
const TOUCH = "UPDATE member_sessions SET last_seen_at = ?2 WHERE id = ?1 AND last_seen_at < ?2";
const SECOND_STEP = "UPDATE member_sessions SET second_step_at = ?2 WHERE id = ?1 AND revoked_at IS NULL";
const REVOKE = "UPDATE member_sessions SET revoked_at = ?2 WHERE id = ?1 AND revoked_at IS NULL";
const REVOKE_OWN = "UPDATE member_sessions SET revoked_at = ?2 WHERE id = ?1 AND member_id = ?3 AND revoked_at IS NULL";
const REVOKE_ALL_BUT = "UPDATE member_sessions SET revoked_at = ?3 WHERE member_id = ?1 AND id <> ?2 AND revoked_at IS NULL AND expires_at > ?3";
const DELETE_EXPIRED = "DELETE FROM member_sessions WHERE expires_at <= ?1";

function fromRow(row: Row): MemberSession {
  return {
    id: row.id,
    memberId: row.member_id,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
    userAgent: row.user_agent,
    country: row.country,
    secondStepRequired: row.second_step_required === 1,
    secondStepAt: row.second_step_at,
    revokedAt: row.revoked_at,
  };
}

export function d1MemberSessions(db: D1Database): MemberSessionsRepository {
  const changes = (result: D1Result) => result.meta.changes ?? 0;
  return {
    async create(session) {
      await db
        .prepare(INSERT)
        .bind(
          session.id,
          session.memberId,
          session.createdAt,
          Math.floor(session.createdAt),
          session.expiresAt,
          session.userAgent,
          session.country,
          session.secondStepRequired ? 1 : 0,
          session.secondStepAt ?? null,
        )
        .run();
    },
    async get(id) {
      const row = await db.prepare(GET).bind(id).first<Row>();
      return row ? fromRow(row) : null;
    },
    async listOpen(memberId, now) {
      return (await db.prepare(LIST_OPEN).bind(memberId, now).all<Row>()).results.map(fromRow);
    },
    async touch(id, now) {
      await db.prepare(TOUCH).bind(id, now).run();
    },
    async completeSecondStep(id, now) {
      return changes(await db.prepare(SECOND_STEP).bind(id, now).run()) > 0;
    },
    async revoke(id, now, memberId) {
      const statement = memberId === undefined ? db.prepare(REVOKE).bind(id, now) : db.prepare(REVOKE_OWN).bind(id, now, memberId);
      return changes(await statement.run()) > 0;
    },
    async revokeAllBut(memberId, keepId, now) {
      return changes(await db.prepare(REVOKE_ALL_BUT).bind(memberId, keepId, now).run());
    },
    async deleteExpired(now) {
      return changes(await db.prepare(DELETE_EXPIRED).bind(now).run());
    },
  };
}
