/**
 * Abuse limits (docs/requirements.md §11.1): fixed-window counters. This file decides each
 * counter's key and window and what the counts mean; the counting itself is the store's
 * (`store.rateLimits`, ADR 3: one atomic upsert a hit, in D1 whatever the content store is,
 * like the outbox and the refunds). The rules themselves are one table in
 * app/kernel/http/rate-limits.ts.
 */

import type { RateLimitsRepository } from "../store/port";
import { secondsUntilAllowed, type FailureRule } from "./growing-delay";
import type { RateRule } from "./rate-limits";

export type { FailureRule, RateRule };

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the fullest refused window ends (0 when allowed). */
  retryAfter: number;
}

// Old windows are swept on about one call in this many (the store deletes a bounded batch).
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

export function createRateLimiter(counters: RateLimitsRepository, options: { now?: () => number; random?: () => number } = {}): RateLimiter {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const random = options.random ?? Math.random;
  return {
    async hit(checks) {
      const t = now();
      const active = checks.filter((check) => check.subject !== "");
      if (active.length === 0) return { allowed: true, retryAfter: 0 };
      const windows = active.map((check) => windowOf(check, t));
      const hits = await counters.hit(windows, t, random() < 1 / SWEEP_EVERY);
      let retryAfter = 0;
      windows.forEach((w, index) => {
        if ((hits[index] ?? 0) > w.rule.limit) retryAfter = Math.max(retryAfter, w.end - t);
      });
      return { allowed: retryAfter === 0, retryAfter };
    },

    async attempt(checks) {
      const t = now();
      const windows = checks.filter((check) => check.subject !== "").map((check) => windowOf(check, t));
      const counted = await counters.countFailure(windows, t, windows.length > 0 && random() < 1 / SWEEP_EVERY);
      const before = windows.map((w, index) => ({
        failures: counted[index]?.failures ?? 0,
        lastFailureAt: counted[index]?.lastFailureAt ?? 0,
        windowEnd: w.end,
      }));
      const forgive = async () => {
        if (windows.length === 0) return;
        await counters.forgiveFailure(
          windows.map((w, index) => ({ ...w, previousLastFailureAt: before[index]!.lastFailureAt })),
          t,
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
