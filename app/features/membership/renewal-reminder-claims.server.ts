/**
 * The records of automatic renewal reminders (migration 0015, ADR 0050): one row per member,
 * year and stage, claimed (INSERT OR IGNORE) before the e-mail is sent, so each member gets
 * each stage once however often the daily run goes. In D1 in both store modes (like the
 * outbox and the rate limits): a Cockpit site has its D1 too.
 */

const CLAIM = "INSERT OR IGNORE INTO renewal_reminders (member_id, year, stage, sent_at) VALUES (?1, ?2, ?3, ?4)";
const STAGE_RUNS = "SELECT stage, MAX(sent_at) AS last_sent_at, COUNT(*) AS reminded FROM renewal_reminders WHERE year = ?1 GROUP BY stage ORDER BY stage";

/** D1 allows this many statements in one batch comfortably; more members are claimed in several. */
const CLAIM_BATCH = 100;

/** Claims the stage for each member; returns the ids that were not claimed before (to be sent now). */
export async function claimReminders(db: D1Database, input: { memberIds: string[]; year: number; stage: string; at: number }): Promise<Set<string>> {
  const claimed = new Set<string>();
  for (let start = 0; start < input.memberIds.length; start += CLAIM_BATCH) {
    const ids = input.memberIds.slice(start, start + CLAIM_BATCH);
    const results = await db.batch(ids.map((id) => db.prepare(CLAIM).bind(id, input.year, input.stage, input.at)));
    ids.forEach((id, index) => {
      if ((results[index]?.meta.changes ?? 0) > 0) claimed.add(id);
    });
  }
  return claimed;
}

export interface StageRun {
  /** "09-01". */
  stage: string;
  /** Unix seconds of the latest reminder of the stage. */
  lastSentAt: number;
  reminded: number;
}

/** When each stage of the year last ran, and to how many members (the subscriptions page). */
export async function stageRuns(db: D1Database, year: number): Promise<StageRun[]> {
  const { results } = await db.prepare(STAGE_RUNS).bind(year).all<{ stage: string; last_sent_at: number; reminded: number }>();
  return results.map((row) => ({ stage: row.stage, lastSentAt: Number(row.last_sent_at), reminded: Number(row.reminded) }));
}
