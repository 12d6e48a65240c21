import type { SignInCode, SignInCodesRepository } from "../port";

/**
 * E-mailed sign-in codes (ADR 69, migration 0028) in D1, on both stores: the Cockpit store keeps
 * them here too, like the rate limits. A wrong try and a use are each one conditional UPDATE, so
 * two tries at once can neither both use a code nor slip past its 5 wrong tries.
 */

const INSERT = `
INSERT INTO sign_in_codes (id, member_id, browser_hash, code_hash, link_hash, created_at, expires_at)
VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)`;
// Every new code also sweeps a bounded batch of expired ones, so the table stays small without a job.
const SWEEP = "DELETE FROM sign_in_codes WHERE id IN (SELECT id FROM sign_in_codes WHERE expires_at <= ?1 LIMIT 200)";
const GET = "SELECT * FROM sign_in_codes WHERE id = ?1";
const OPEN = "used_at IS NULL AND expires_at > ?2 AND failures < ?3";
const COUNT_FAILURE = `UPDATE sign_in_codes SET failures = failures + 1 WHERE id = ?1 AND ${OPEN} RETURNING failures`;
const CLAIM = `UPDATE sign_in_codes SET used_at = ?2 WHERE id = ?1 AND ${OPEN}`;

interface Row {
  id: string;
  member_id: string | null;
  browser_hash: string;
  code_hash: string;
  link_hash: string;
  created_at: number;
  expires_at: number;
  failures: number;
  used_at: number | null;
}

const fromRow = (row: Row): SignInCode => ({
  id: row.id,
  memberId: row.member_id,
  browserHash: row.browser_hash,
  codeHash: row.code_hash,
  linkHash: row.link_hash,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  failures: row.failures,
  usedAt: row.used_at,
});

export function d1SignInCodes(db: D1Database): SignInCodesRepository {
  return {
    async create(code, now) {
      await db.batch([
        db.prepare(SWEEP).bind(now),
        db.prepare(INSERT).bind(code.id, code.memberId, code.browserHash, code.codeHash, code.linkHash, code.createdAt, code.expiresAt),
      ]);
    },
    async get(id) {
      const row = await db.prepare(GET).bind(id).first<Row>();
      return row ? fromRow(row) : null;
    },
    async countFailure(id, now, maxFailures) {
      const row = await db.prepare(COUNT_FAILURE).bind(id, now, maxFailures).first<{ failures: number }>();
      return row ? row.failures : null;
    },
    async claim(id, now, maxFailures) {
      const result = await db.prepare(CLAIM).bind(id, now, maxFailures).run();
      return (result.meta.changes ?? 0) === 1;
    },
    async deleteExpired(now) {
      const result = await db.prepare("DELETE FROM sign_in_codes WHERE expires_at <= ?1").bind(now).run();
      return result.meta.changes ?? 0;
    },
  };
}
