import type { TwoStepRecord, TwoStepRepository } from "../port";

/**
 * Two-step verification's records (migration 0029, docs/decisions/0071) in D1, on both stores:
 * the Cockpit store keeps them here too, like the rate limits and the revoked sessions.
 */

interface TwoStepRow {
  member_id: string;
  secret_sealed: string;
  created_at: number;
  confirmed_at: number | null;
  last_used_step: number | null;
}

const STAFF_TWO_STEP = "staff_two_step";

const GET = "SELECT member_id, secret_sealed, created_at, confirmed_at, last_used_step FROM two_step WHERE member_id = ?1";
// A new secret replaces one that was never confirmed; a confirmed one stays (turn it off first).
const BEGIN = `
INSERT INTO two_step (member_id, secret_sealed, created_at) VALUES (?1, ?2, ?3)
ON CONFLICT (member_id) DO UPDATE SET secret_sealed = excluded.secret_sealed, created_at = excluded.created_at, last_used_step = NULL
WHERE two_step.confirmed_at IS NULL`;
const CONFIRM = "UPDATE two_step SET confirmed_at = ?2, last_used_step = ?3 WHERE member_id = ?1 AND confirmed_at IS NULL";
// One conditional write: of two requests with the same code, only one sees an older step.
const USE_STEP = `
UPDATE two_step SET last_used_step = ?2
WHERE member_id = ?1 AND confirmed_at IS NOT NULL AND (last_used_step IS NULL OR last_used_step < ?2)`;
const USE_CODE = "UPDATE two_step_recovery_codes SET used_at = ?3 WHERE member_id = ?1 AND code_hash = ?2 AND used_at IS NULL";
const DELETE_CODES = "DELETE FROM two_step_recovery_codes WHERE member_id = ?1";
const INSERT_CODE = "INSERT INTO two_step_recovery_codes (member_id, code_hash) VALUES (?1, ?2)";

const toRecord = (row: TwoStepRow): TwoStepRecord => ({
  memberId: row.member_id,
  secretSealed: row.secret_sealed,
  createdAt: row.created_at,
  confirmedAt: row.confirmed_at,
  lastUsedStep: row.last_used_step,
});

export function d1TwoStep(db: D1Database): TwoStepRepository {
  const replaceCodes = (memberId: string, codeHashes: string[]) => [
    db.prepare(DELETE_CODES).bind(memberId),
    ...codeHashes.map((hash) => db.prepare(INSERT_CODE).bind(memberId, hash)),
  ];
  return {
    async get(memberId) {
      const row = await db.prepare(GET).bind(memberId).first<TwoStepRow>();
      return row ? toRecord(row) : null;
    },
    async begin(memberId, secretSealed, at) {
      const result = await db.prepare(BEGIN).bind(memberId, secretSealed, at).run();
      return (result.meta.changes ?? 0) > 0;
    },
    async confirm(memberId, at, step, codeHashes) {
      const result = await db.prepare(CONFIRM).bind(memberId, at, step).run();
      if ((result.meta.changes ?? 0) === 0) return false;
      await db.batch(replaceCodes(memberId, codeHashes));
      return true;
    },
    async useStep(memberId, step) {
      const result = await db.prepare(USE_STEP).bind(memberId, step).run();
      return (result.meta.changes ?? 0) > 0;
    },
    async useRecoveryCode(memberId, codeHash, at) {
      const result = await db.prepare(USE_CODE).bind(memberId, codeHash, at).run();
      return (result.meta.changes ?? 0) > 0;
    },
    async replaceRecoveryCodes(memberId, codeHashes) {
      await db.batch(replaceCodes(memberId, codeHashes));
    },
    async unusedRecoveryCodes(memberId) {
      const row = await db
        .prepare("SELECT COUNT(*) AS n FROM two_step_recovery_codes WHERE member_id = ?1 AND used_at IS NULL")
        .bind(memberId)
        .first<{ n: number }>();
      return row?.n ?? 0;
    },
    async remove(memberId) {
      const [removed] = await db.batch([db.prepare("DELETE FROM two_step WHERE member_id = ?1").bind(memberId), db.prepare(DELETE_CODES).bind(memberId)]);
      return (removed?.meta.changes ?? 0) > 0;
    },
    async staffRequired() {
      const row = await db.prepare("SELECT value FROM security_settings WHERE name = ?1").bind(STAFF_TWO_STEP).first<{ value: number }>();
      return row?.value === 1;
    },
    async setStaffRequired(on, at, by) {
      await db
        .prepare(
          `INSERT INTO security_settings (name, value, changed_at, changed_by) VALUES (?1, ?2, ?3, ?4)
           ON CONFLICT (name) DO UPDATE SET value = excluded.value, changed_at = excluded.changed_at, changed_by = excluded.changed_by`,
        )
        .bind(STAFF_TWO_STEP, on ? 1 : 0, at, by)
        .run();
    },
  };
}
