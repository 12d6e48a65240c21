import { describe, expect, it } from "vitest";
import { failureDelaySeconds, maxAttemptsPerWindow, secondsUntilAllowed, type FailureCount, type FailureRule } from "~/kernel/http/growing-delay";
import type { Member } from "~/kernel/store/records";
import { SIGN_IN_FAILURE_RULES } from "~/kernel/http/rate-limits";
import type { DeviceNote } from "~/kernel/auth/device-cookie.server";
import { failureCounters } from "~/features/sign-in/login.server";
import { newMember } from "../../../support/fixtures";

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

/**
 * The sign-in limiter's rules (app/kernel/http/rate-limit.server.ts), replayed in memory so
 * that any number of attempts costs nothing: each counter is a fixed window per rule and
 * subject; an attempt waits as long as the longest wait of its counters (secondsUntilAllowed);
 * one that waits counts nowhere, one that is heard (a wrong password) counts a failure on
 * each. The same rules against real D1: test/integration/kernel/http/rate-limit.test.ts; over
 * HTTP with the real worker: test/integration/features/sign-in/sign-in-limits.test.ts.
 */
function failureLedger() {
  const counts = new Map<string, FailureCount>();
  type Check = { rule: FailureRule; subject: string };
  const windowOf = ({ rule, subject }: Check, t: number) => ({ key: `${rule.name}:${subject}`, windowEnd: t - (t % rule.windowSeconds) + rule.windowSeconds });
  const countOf = (check: Check, t: number): FailureCount | null => {
    const { key, windowEnd } = windowOf(check, t);
    const count = counts.get(key);
    return count && count.windowEnd === windowEnd ? count : null;
  };
  const active = (checks: Check[]) => checks.filter((check) => check.subject !== "");
  const wait = (checks: Check[], t: number) => Math.max(0, ...active(checks).map((check) => secondsUntilAllowed(check.rule, countOf(check, t), t)));
  return {
    countOf,
    wait,
    /** One wrong password: false when it was refused (and so counted nowhere). */
    fail(checks: Check[], t: number): boolean {
      if (wait(checks, t) > 0) return false;
      for (const check of active(checks)) {
        const { key, windowEnd } = windowOf(check, t);
        counts.set(key, { failures: (countOf(check, t)?.failures ?? 0) + 1, lastFailureAt: t, windowEnd });
      }
      return true;
    },
  };
}

describe("sign-in failures on one e-mail from many addresses (device cookies, docs/decisions/0025)", () => {
  const { pair, address, email, device } = SIGN_IN_FAILURE_RULES;
  const DAY = 24 * 60 * 60;
  const OWNER: Member = { ...newMember({ email: "treasurer@example.com", role: "accountant" }), id: "accountant-1", memberNumber: 1, createdAt: 0 };
  const HOME = "203.0.113.77";
  /** The browser the owner signed in with before (the signed device cookie's note). */
  const KNOWN: DeviceNote = { deviceId: "0123456789abcdef0123456789abcdef", memberIds: [OWNER.id] };
  /** A distinct address for guess n (10.0.0.0/8 holds 16 million). */
  const guesser = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  /** 01:00 on some day: the whole day's window is ahead. */
  const T0 = 20_000 * DAY + 3600;
  const guess = (n: number) => failureCounters(guesser(n), OWNER.email, OWNER, null);
  const ownerKnown = failureCounters(HOME, OWNER.email, OWNER, KNOWN);
  const ownerUnknown = failureCounters(HOME, OWNER.email, OWNER, null);

  it("puts the owner's known browser under its own counter only, which no other browser's attempt touches", () => {
    expect(ownerKnown).toEqual([{ rule: device, subject: `${KNOWN.deviceId}:${OWNER.id}` }]);
    for (const checks of [guess(1), ownerUnknown, failureCounters(HOME, OWNER.email, OWNER, { deviceId: KNOWN.deviceId, memberIds: ["someone-else"] })]) {
      expect(checks.map((check) => check.rule.name)).toEqual([pair.name, address.name, email.name]);
    }
    // A wrong e-mail (no such member) never reaches a device counter, whatever the cookie says.
    expect(failureCounters(HOME, "nobody@example.com", null, KNOWN).map((check) => check.rule.name)).not.toContain(device.name);
  });

  it.each([1_000, 10_000])("lets the owner's known browser straight in after %i guesses from as many addresses in one burst", (guesses) => {
    const ledger = failureLedger();
    let heard = 0;
    for (let n = 0; n < guesses; n++) if (ledger.fail(guess(n), T0)) heard += 1;
    // Only the e-mail's counter fills: its free failures are heard, every other guess waits and counts nowhere.
    expect(heard).toBe(email.freeFailures);
    expect(ledger.countOf({ rule: email, subject: OWNER.email }, T0)?.failures).toBe(email.freeFailures);
    // Each address (and the e-mail at it) holds one failure at most, far inside its free ones.
    for (const n of [0, heard - 1]) {
      expect(ledger.countOf({ rule: pair, subject: `${OWNER.email}|${guesser(n)}` }, T0)?.failures).toBe(1);
      expect(ledger.countOf({ rule: address, subject: guesser(n) }, T0)?.failures).toBe(1);
    }
    expect(ledger.countOf({ rule: address, subject: guesser(guesses - 1) }, T0)).toBeNull();
    expect(Math.max(pair.freeFailures, address.freeFailures)).toBeGreaterThan(1);
    // Any browser the owner never used waits the e-mail's first delay; the known one does not wait.
    expect(ledger.wait(ownerUnknown, T0)).toBe(email.firstDelaySeconds);
    expect(ledger.wait(ownerKnown, T0)).toBe(0);
    expect(ledger.countOf(ownerKnown[0]!, T0)).toBeNull();
  });

  it.each([1_000, 10_000])("never slows the owner's known browser while %i guesses are spread over a whole day", (guesses) => {
    const ledger = failureLedger();
    let heard = 0;
    const longest = { known: 0, unknown: 0 };
    for (let n = 0; n < guesses; n++) {
      const t = T0 - 3600 + Math.floor((n * DAY) / guesses);
      if (ledger.fail(guess(n), t)) heard += 1;
      longest.known = Math.max(longest.known, ledger.wait(ownerKnown, t));
      longest.unknown = Math.max(longest.unknown, ledger.wait(ownerUnknown, t));
    }
    // At no moment does the known browser wait; an unknown one waits at most the e-mail's longest delay (an hour).
    expect(longest).toEqual({ known: 0, unknown: email.maxDelaySeconds });
    // The guesser is held to the e-mail's daily bound, however many addresses.
    expect(heard).toBeGreaterThan(email.freeFailures);
    expect(heard).toBeLessThanOrEqual(maxAttemptsPerWindow(email));
    // Even had every guess been counted, the wait would stop at the cap: a delay, never a lockout.
    expect(failureDelaySeconds(email, guesses)).toBe(email.maxDelaySeconds);
  });

  it.each([1_000, 10_000])("still lets the owner's known browser in after %i guesses from the owner's own address", (guesses) => {
    const ledger = failureLedger();
    let heard = 0;
    for (let n = 0; n < guesses; n++) if (ledger.fail(ownerUnknown, T0)) heard += 1;
    // At one address the e-mail-and-address counter says wait first, after its free failures.
    expect(heard).toBe(Math.min(pair.freeFailures, address.freeFailures, email.freeFailures));
    expect(ledger.wait(ownerUnknown, T0)).toBe(pair.firstDelaySeconds);
    expect(ledger.wait(ownerKnown, T0)).toBe(0);
  });

  it("slows a known browser by its own failures only", () => {
    const ledger = failureLedger();
    for (let n = 0; n < device.freeFailures; n++) expect(ledger.fail(ownerKnown, T0)).toBe(true);
    expect(ledger.wait(ownerKnown, T0)).toBe(device.firstDelaySeconds);
    // Its failures are not the e-mail's: another browser's guesses are not slowed by them.
    expect(ledger.wait(guess(0), T0)).toBe(0);
  });
});
