/**
 * Growing delays for sign-in failures (docs/requirements.md §11.2, docs/decisions/0025): instead of a
 * hard lockout, each failure past a few free ones doubles the wait before the next attempt
 * is heard. Guessing stays slow, and nobody is shut out for long by someone else's failures.
 * Pure: the caller passes the counter's state and the time.
 */

export interface FailureRule {
  /** Names the counter together with the subject, e.g. "login:pair". */
  name: string;
  /** Failures that cost no wait at all (typos). */
  freeFailures: number;
  /** The wait after the last free failure; it doubles with each failure after that. */
  firstDelaySeconds: number;
  /** The longest wait, however many failures. */
  maxDelaySeconds: number;
  /** The counter is a fixed window: it starts again from nothing when the window ends. */
  windowSeconds: number;
}

/** A failure counter as stored: failures in the current window, and when the last was counted. */
export interface FailureCount {
  failures: number;
  /** Unix seconds of the last failure counted. */
  lastFailureAt: number;
  /** Unix seconds when the window ends (and the counter with it). */
  windowEnd: number;
}

/**
 * The wait after `failures` failures: none for the free ones, then firstDelaySeconds,
 * doubling with each further failure up to maxDelaySeconds.
 */
export function failureDelaySeconds(rule: FailureRule, failures: number): number {
  if (failures < rule.freeFailures) return 0;
  const doublings = failures - rule.freeFailures;
  // 2^31 s is already far beyond any cap: stop doubling before the number overflows.
  if (doublings >= 31) return rule.maxDelaySeconds;
  return Math.min(rule.maxDelaySeconds, rule.firstDelaySeconds * 2 ** doublings);
}

/**
 * Seconds until the next attempt may be heard (0 = now): the wait since the last failure,
 * but never past the end of the window, when the counter starts again.
 */
export function secondsUntilAllowed(rule: FailureRule, count: FailureCount | null, now: number): number {
  if (!count || count.failures === 0 || now >= count.windowEnd) return 0;
  const allowedAt = Math.min(count.lastFailureAt + failureDelaySeconds(rule, count.failures), count.windowEnd);
  return Math.max(0, Math.ceil(allowedAt - now));
}

/** How many attempts a rule lets through in one window at most, had the guesser perfect timing (for the docs and the tests). */
export function maxAttemptsPerWindow(rule: FailureRule): number {
  let attempts = 0;
  let elapsed = 0;
  while (elapsed < rule.windowSeconds) {
    elapsed += failureDelaySeconds(rule, attempts);
    if (elapsed < rule.windowSeconds) attempts += 1;
  }
  return attempts;
}
