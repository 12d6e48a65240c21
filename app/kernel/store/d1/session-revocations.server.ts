import type { SessionRevocationsRepository } from "../port";

/**
 * Sessions ended by logout (ADR 7) in D1, on both stores: the Cockpit store keeps them here
 * too, like the rate limits. Each id is kept until the session would have expired anyway.
 */

const IS_REVOKED = "SELECT 1 AS revoked FROM revoked_sessions WHERE id = ?1";
const REVOKE = "INSERT INTO revoked_sessions (id, expires_at) VALUES (?1, ?2) ON CONFLICT (id) DO NOTHING";
// Every logout also sweeps a bounded batch of rows whose sessions have expired: logouts are
// rare, and each one removes at least as many old rows as it adds, so the table stays small.
const SWEEP = "DELETE FROM revoked_sessions WHERE id IN (SELECT id FROM revoked_sessions WHERE expires_at <= ?1 LIMIT 200)";

export function d1SessionRevocations(db: D1Database): SessionRevocationsRepository {
  return {
    async isRevoked(sessionId) {
      return (await db.prepare(IS_REVOKED).bind(sessionId).first()) !== null;
    },
    async revoke(sessionId, expiresAt, now) {
      await db.batch([db.prepare(REVOKE).bind(sessionId, expiresAt), db.prepare(SWEEP).bind(now)]);
    },
    async deleteExpired(now) {
      const result = await db.prepare("DELETE FROM revoked_sessions WHERE expires_at <= ?1").bind(now).run();
      return result.meta.changes ?? 0;
    },
  };
}
