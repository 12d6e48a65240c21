import { nowSeconds } from "../store/ids";

/**
 * Sessions ended by logout (ADR 7): the session's id is recorded until the session would
 * have expired anyway, so a copy of the cookie taken before logout is refused. The table
 * lives in D1 whatever the content store is (like the outbox and the rate limits).
 */

const IS_REVOKED = "SELECT 1 AS revoked FROM revoked_sessions WHERE id = ?1";
const REVOKE = "INSERT INTO revoked_sessions (id, expires_at) VALUES (?1, ?2) ON CONFLICT (id) DO NOTHING";
// Every logout also sweeps a bounded batch of rows whose sessions have expired: logouts are
// rare, and each one removes at least as many old rows as it adds, so the table stays small.
const SWEEP = "DELETE FROM revoked_sessions WHERE id IN (SELECT id FROM revoked_sessions WHERE expires_at <= ?1 LIMIT 200)";

export interface SessionRevocations {
  isRevoked(sessionId: string): Promise<boolean>;
  /** Records the session as ended; `expiresAt` (Unix seconds) is when it would expire anyway. */
  revoke(sessionId: string, expiresAt: number): Promise<void>;
}

export function createSessionRevocations(db: D1Database, now = nowSeconds): SessionRevocations {
  return {
    async isRevoked(sessionId) {
      return (await db.prepare(IS_REVOKED).bind(sessionId).first()) !== null;
    },
    async revoke(sessionId, expiresAt) {
      await db.batch([db.prepare(REVOKE).bind(sessionId, expiresAt), db.prepare(SWEEP).bind(now())]);
    },
  };
}

/** The daily run (ADR 0050): deletes the records of ended sessions that would have expired by now; returns how many. */
export async function deleteExpiredRevocations(db: D1Database, now: number): Promise<number> {
  const result = await db.prepare("DELETE FROM revoked_sessions WHERE expires_at <= ?1").bind(now).run();
  return result.meta.changes ?? 0;
}
