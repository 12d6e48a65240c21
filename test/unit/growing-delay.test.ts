import { describe, expect, it } from "vitest";
import { failureDelaySeconds, maxAttemptsPerWindow, secondsUntilAllowed, type FailureRule } from "~/domain/growing-delay";
import { SIGN_IN_FAILURE_RULES } from "~/domain/rate-limits";

const rule: FailureRule = { name: "test", freeFailures: 3, firstDelaySeconds: 10, maxDelaySeconds: 300, windowSeconds: 3600 };

/** A clock the test moves by hand. */
function clockAt(t: number) {
  return { now: () => t, advance: (seconds: number) => (t += seconds) };
}

describe("growing delays after sign-in failures (no hard lockout)", () => {
  it("costs nothing for the free failures, then doubles from the first delay up to the cap", () => {
    expect([0, 1, 2].map((n) => failureDelaySeconds(rule, n))).toEqual([0, 0, 0]);
    expect([3, 4, 5, 6, 7, 8, 9, 50, 10_000].map((n) => failureDelaySeconds(rule, n))).toEqual([10, 20, 40, 80, 160, 300, 300, 300, 300]);
  });

  it("lets the next attempt in once the wait since the last failure has passed (injected clock)", () => {
    const clock = clockAt(1_000_000 + 100);
    const windowEnd = 1_000_000 + 3600;
    // Five failures, the last one now: the wait is 10 × 2² = 40 s.
    const count = { failures: 5, lastFailureAt: clock.now(), windowEnd };
    expect(secondsUntilAllowed(rule, count, clock.now())).toBe(40);
    clock.advance(39);
    expect(secondsUntilAllowed(rule, count, clock.now())).toBe(1);
    clock.advance(1);
    expect(secondsUntilAllowed(rule, count, clock.now())).toBe(0);
    // One more failure then, and the wait has doubled.
    const next = { failures: 6, lastFailureAt: clock.now(), windowEnd };
    expect(secondsUntilAllowed(rule, next, clock.now())).toBe(80);
  });

  it("never waits past the end of the window, when the counter starts again", () => {
    const windowEnd = 2_000_000;
    const count = { failures: 100, lastFailureAt: windowEnd - 60, windowEnd };
    expect(secondsUntilAllowed(rule, count, windowEnd - 60)).toBe(60);
    expect(secondsUntilAllowed(rule, count, windowEnd)).toBe(0);
  });

  it("has nothing to wait for without a counter or within the free failures", () => {
    expect(secondsUntilAllowed(rule, null, 5)).toBe(0);
    expect(secondsUntilAllowed(rule, { failures: 2, lastFailureAt: 5, windowEnd: 3600 }, 5)).toBe(0);
  });

  it("keeps guessing bounded per window for every sign-in rule, while leaving room for typos", () => {
    const bounds = Object.fromEntries(Object.entries(SIGN_IN_FAILURE_RULES).map(([name, r]) => [name, maxAttemptsPerWindow(r)]));
    // Per e-mail from unknown browsers, across all addresses: a few dozen guesses a day.
    expect(bounds.email).toBeLessThanOrEqual(40);
    expect(bounds.pair).toBeLessThanOrEqual(110);
    expect(bounds.device).toBeLessThanOrEqual(40);
    expect(bounds.address).toBeLessThanOrEqual(60);
    for (const r of Object.values(SIGN_IN_FAILURE_RULES)) {
      expect(r.freeFailures).toBeGreaterThanOrEqual(5);
      expect(r.maxDelaySeconds).toBeLessThanOrEqual(60 * 60);
    }
  });
});
