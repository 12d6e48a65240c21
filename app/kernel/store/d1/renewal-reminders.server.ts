import type { RenewalRemindersRepository } from "../port";

/**
 * The records of automatic renewal reminders (migration 0015, ADR 0050) in D1, on both stores
 * (like the outbox and the rate limits): a Cockpit site has its D1 too. A claim is an INSERT OR
 * IGNORE of the member's row for the year and stage, made before the e-mail is sent.
 */

const CLAIM = "INSERT OR IGNORE INTO renewal_reminders (member_id, year, stage, sent_at) VALUES (?1, ?2, ?3, ?4)";
const STAGE_RUNS = "SELECT stage, MAX(sent_at) AS last_sent_at, COUNT(*) AS reminded FROM renewal_reminders WHERE year = ?1 GROUP BY stage ORDER BY stage";

/** D1 allows this many statements in one batch comfortably; more members are claimed in several. */
const CLAIM_BATCH = 100;

export function d1RenewalReminders(db: D1Database): RenewalRemindersRepository {
  return {
    async claim(input) {
      const claimed = new Set<string>();
      for (let start = 0; start < input.memberIds.length; start += CLAIM_BATCH) {
        const ids = input.memberIds.slice(start, start + CLAIM_BATCH);
        const results = await db.batch(ids.map((id) => db.prepare(CLAIM).bind(id, input.year, input.stage, input.at)));
        ids.forEach((id, index) => {
          if ((results[index]?.meta.changes ?? 0) > 0) claimed.add(id);
        });
      }
      return claimed;
    },
    async stageRuns(year) {
      const { results } = await db.prepare(STAGE_RUNS).bind(year).all<{ stage: string; last_sent_at: number; reminded: number }>();
      return results.map((row) => ({ stage: row.stage, lastSentAt: Number(row.last_sent_at), reminded: Number(row.reminded) }));
    },
  };
}
