/**
 * Abuse limits (docs/requirements.md §11.1): fixed-window counters in D1. Each hit is one
 * atomic upsert that either starts a new window or counts on in the current one and
 * returns the count, so concurrent requests on any isolate never lose a hit. The
 * table lives in D1 whatever the content store is (like the outbox); the rules
 * themselves are one table in app/kernel/http/rate-limits.ts.
 */

import { secondsUntilAllowed, type FailureRule } from "./growing-delay";
import type { RateRule } from "./rate-limits";

export type { FailureRule, RateRule };

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the fullest refused window ends (0 when allowed). */
  retryAfter: number;
}

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

// Old windows are swept now and then, a bounded batch at a time, so the table stays small.
const SWEEP = "DELETE FROM rate_limits WHERE key IN (SELECT key FROM rate_limits WHERE expires_at <= ?1 LIMIT 200)";
const SWEEP_EVERY = 50;

export interface RateLimiter {
  /**
   * Counts one hit on each (rule, subject) pair, all in one round trip, and says
   * whether every one is still within its limit. Pairs with an empty subject are skipped.
   */
  hit(checks: Array<{ rule: RateRule; subject: string }>): Promise<RateDecision>;
  /**
   * One attempt under failure counters with growing delays (sign-in). In one transaction
   * it reads each counter and counts the attempt as a failure, so concurrent attempts
   * see each other and a burst cannot slip past the wait. When any counter says wait,
   * the count is taken back off all of them at once: a refused attempt counts nowhere.
   * Otherwise the caller checks the password and calls `forgive()` when it was right:
   * only failures stay counted. Pairs with an empty subject are skipped.
   */
  attempt(checks: Array<{ rule: FailureRule; subject: string }>): Promise<FailureAttempt>;
}

export interface FailureAttempt extends RateDecision {
  /** Takes this attempt back off every counter it was counted on (it was not a failure). */
  forgive(): Promise<void>;
}

/** The counter a rule keeps for a subject, and its current fixed window at time `t`. */
function windowOf<Rule extends { name: string; windowSeconds: number }>({ rule, subject }: { rule: Rule; subject: string }, t: number) {
  const start = t - (t % rule.windowSeconds);
  return { rule, key: `${rule.name}:${subject}`, start, end: start + rule.windowSeconds };
}

export function createRateLimiter(db: D1Database, options: { now?: () => number; random?: () => number } = {}): RateLimiter {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const random = options.random ?? Math.random;
  return {
    async hit(checks) {
      const t = now();
      const active = checks.filter((check) => check.subject !== "");
      if (active.length === 0) return { allowed: true, retryAfter: 0 };
      const windows = active.map((check) => windowOf(check, t));
      const statements = windows.map((w) => db.prepare(HIT).bind(w.key, w.start, w.end));
      if (random() < 1 / SWEEP_EVERY) statements.push(db.prepare(SWEEP).bind(t));
      const results = await db.batch<{ hits: number }>(statements);
      let retryAfter = 0;
      windows.forEach((w, index) => {
        const hits = Number(results[index]?.results[0]?.hits ?? 0);
        if (hits > w.rule.limit) retryAfter = Math.max(retryAfter, w.end - t);
      });
      return { allowed: retryAfter === 0, retryAfter };
    },

    async attempt(checks) {
      const t = now();
      const windows = checks.filter((check) => check.subject !== "").map((check) => windowOf(check, t));
      const statements = windows.flatMap((w) => [db.prepare(PEEK).bind(w.key, w.start), db.prepare(COUNT).bind(w.key, w.start, w.end, t)]);
      if (windows.length > 0 && random() < 1 / SWEEP_EVERY) statements.push(db.prepare(SWEEP).bind(t));
      const results = statements.length > 0 ? await db.batch<{ hits: number; last_hit_at: number }>(statements) : [];
      const before = windows.map((w, index) => {
        const row = results[2 * index]?.results[0];
        return { failures: Number(row?.hits ?? 0), lastFailureAt: Number(row?.last_hit_at ?? 0), windowEnd: w.end };
      });
      const forgive = async () => {
        if (windows.length === 0) return;
        await db.batch(
          windows.flatMap((w, index) => [
            db.prepare(UNCOUNT_LAST).bind(w.key, w.start),
            db.prepare(UNCOUNT).bind(w.key, w.start, t, before[index]!.lastFailureAt),
          ]),
        );
      };
      const retryAfter = Math.max(0, ...windows.map((w, index) => secondsUntilAllowed(w.rule, before[index]!, t)));
      if (retryAfter > 0) {
        await forgive();
        return { allowed: false, retryAfter, forgive: async () => {} };
      }
      let forgiven = false;
      return {
        allowed: true,
        retryAfter: 0,
        forgive: async () => {
          if (forgiven) return;
          forgiven = true;
          await forgive();
        },
      };
    },
  };
}

/**
 * Who is asking, for per-client limits: the address Cloudflare puts in CF-Connecting-IP
 * (wrangler dev puts the caller's there too, unless the request already carries one).
 * An IPv6 client usually holds a whole /64, so it is counted as one client; "" when unknown.
 */
export function clientKey(request: Request): string {
  const ip = request.headers.get("CF-Connecting-IP")?.trim().toLowerCase() ?? "";
  if (!ip.includes(":") || ip.includes(".")) return ip;
  const [head = "", tail] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** The daily run (ADR 0050): deletes every counter whose window has ended; returns how many. */
export async function deleteExpiredRateLimits(db: D1Database, now: number): Promise<number> {
  const result = await db.prepare("DELETE FROM rate_limits WHERE expires_at <= ?1").bind(now).run();
  return result.meta.changes ?? 0;
}
