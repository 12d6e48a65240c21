import type { RateLimitsRepository } from "../port";

/**
 * The abuse limits' fixed-window counters (kernel/http/rate-limit.server.ts decides the
 * windows, keys and limits) in D1, on both stores: the Cockpit store keeps them here too, as it
 * keeps the outbox and the refunds. Each hit is one atomic upsert that either starts a new
 * window or counts on in the current one and returns the count, so concurrent requests on any
 * isolate never lose a hit.
 */

const HIT = `
INSERT INTO rate_limits (key, window_start, expires_at, hits) VALUES (?1, ?2, ?3, 1)
ON CONFLICT (key) DO UPDATE SET
  hits = CASE WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.hits + 1 ELSE 1 END,
  window_start = excluded.window_start,
  expires_at = excluded.expires_at
RETURNING hits`;

// A failure counter's state in the current window, read in the same transaction that counts on.
const PEEK = "SELECT hits, last_hit_at FROM rate_limits WHERE key = ?1 AND window_start = ?2";
const COUNT = `
INSERT INTO rate_limits (key, window_start, expires_at, hits, last_hit_at) VALUES (?1, ?2, ?3, 1, ?4)
ON CONFLICT (key) DO UPDATE SET
  hits = CASE WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.hits + 1 ELSE 1 END,
  window_start = excluded.window_start,
  expires_at = excluded.expires_at,
  last_hit_at = excluded.last_hit_at`;
// Taking one count back: a row at 1 goes (hits is never 0), any other counts down and gets
// its previous last-failure time back unless a later failure has set a newer one since.
const UNCOUNT_LAST = "DELETE FROM rate_limits WHERE key = ?1 AND window_start = ?2 AND hits = 1";
const UNCOUNT = `
UPDATE rate_limits SET hits = hits - 1, last_hit_at = CASE WHEN last_hit_at = ?3 THEN ?4 ELSE last_hit_at END
WHERE key = ?1 AND window_start = ?2 AND hits > 1`;

// Old windows are swept now and then (the limiter decides when), a bounded batch at a time, so the table stays small.
const SWEEP = "DELETE FROM rate_limits WHERE key IN (SELECT key FROM rate_limits WHERE expires_at <= ?1 LIMIT 200)";

export function d1RateLimits(db: D1Database): RateLimitsRepository {
  return {
    async hit(windows, at, sweep) {
      if (windows.length === 0) return [];
      const statements = windows.map((w) => db.prepare(HIT).bind(w.key, w.start, w.end));
      if (sweep) statements.push(db.prepare(SWEEP).bind(at));
      const results = await db.batch<{ hits: number }>(statements);
      return windows.map((_, index) => Number(results[index]?.results[0]?.hits ?? 0));
    },
    async countFailure(windows, at, sweep) {
      if (windows.length === 0) return [];
      const statements = windows.flatMap((w) => [db.prepare(PEEK).bind(w.key, w.start), db.prepare(COUNT).bind(w.key, w.start, w.end, at)]);
      if (sweep) statements.push(db.prepare(SWEEP).bind(at));
      const results = await db.batch<{ hits: number; last_hit_at: number }>(statements);
      return windows.map((_, index) => {
        const row = results[2 * index]?.results[0];
        return { failures: Number(row?.hits ?? 0), lastFailureAt: Number(row?.last_hit_at ?? 0) };
      });
    },
    async forgiveFailure(windows, at) {
      if (windows.length === 0) return;
      await db.batch(
        windows.flatMap((w) => [db.prepare(UNCOUNT_LAST).bind(w.key, w.start), db.prepare(UNCOUNT).bind(w.key, w.start, at, w.previousLastFailureAt)]),
      );
    },
    async deleteExpired(now) {
      const result = await db.prepare("DELETE FROM rate_limits WHERE expires_at <= ?1").bind(now).run();
      return result.meta.changes ?? 0;
    },
  };
}
