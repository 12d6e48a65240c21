import { describe, expect, it } from "vitest";
import { createRateLimiter, type FailureRule, type RateRule } from "~/kernel/http/rate-limit.server";
import { d1RateLimits } from "~/kernel/store/d1/rate-limits.server";
import { useTestD1 } from "../../../support/d1";

const d1 = useTestD1();
const rule: RateRule = { name: "test:email", limit: 3, windowSeconds: 600 };

/** A limiter whose clock the test sets; no random sweeps unless asked. */
function limiterAt(clock: { t: number }, random = () => 1) {
  return createRateLimiter(d1RateLimits(d1.db), { now: () => clock.t, random });
}

describe("the D1 rate limiter (fixed windows, one upsert per hit)", () => {
  it("allows up to the limit in a window, refuses after it, and says how long to wait", async () => {
    const clock = { t: 6_000_120 }; // 120 s into a 600 s window
    const limiter = limiterAt(clock);
    for (let i = 0; i < 3; i++) expect(await limiter.hit([{ rule, subject: "a@example.com" }])).toEqual({ allowed: true, retryAfter: 0 });
    expect(await limiter.hit([{ rule, subject: "a@example.com" }])).toEqual({ allowed: false, retryAfter: 480 });
    // Another subject has its own counter.
    expect((await limiter.hit([{ rule, subject: "b@example.com" }])).allowed).toBe(true);
    // The next window starts afresh.
    clock.t = 6_000_600;
    expect(await limiter.hit([{ rule, subject: "a@example.com" }])).toEqual({ allowed: true, retryAfter: 0 });
    const row = await d1.db.prepare("SELECT hits, window_start, expires_at FROM rate_limits WHERE key = ?").bind("test:email:a@example.com").first();
    expect(row).toEqual({ hits: 1, window_start: 6_000_600, expires_at: 6_001_200 });
  });

  it("counts every rule of a call and refuses when any one is over", async () => {
    const clock = { t: 7_200_000 };
    const limiter = limiterAt(clock);
    const perIp: RateRule = { name: "test:ip", limit: 2, windowSeconds: 3600 };
    const check = (email: string) => [
      { rule: perIp, subject: "203.0.113.9" },
      { rule, subject: email },
    ];
    expect((await limiter.hit(check("c1@example.com"))).allowed).toBe(true);
    expect((await limiter.hit(check("c2@example.com"))).allowed).toBe(true);
    expect(await limiter.hit(check("c3@example.com"))).toEqual({ allowed: false, retryAfter: 3600 });
    // An empty subject (no client address known) is not counted.
    expect(await limiter.hit([{ rule: perIp, subject: "" }])).toEqual({ allowed: true, retryAfter: 0 });
  });

  it("loses no hit under concurrency: exactly the limit get through", async () => {
    const limiter = limiterAt({ t: 9_000_000 });
    const results = await Promise.all(Array.from({ length: 10 }, () => limiter.hit([{ rule, subject: "busy@example.com" }])));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
    const row = await d1.db.prepare("SELECT hits FROM rate_limits WHERE key = ?").bind("test:email:busy@example.com").first<{ hits: number }>();
    expect(row?.hits).toBe(10);
  });

  it("sweeps windows that have ended, now and then", async () => {
    const clock = { t: 10_000_000 };
    await limiterAt(clock).hit([{ rule, subject: "old@example.com" }]);
    clock.t += 601;
    await limiterAt(clock, () => 0).hit([{ rule, subject: "new@example.com" }]);
    const keys = await d1.db.prepare("SELECT key FROM rate_limits WHERE key LIKE 'test:email:%' ORDER BY key").all<{ key: string }>();
    expect(keys.results.map((r) => r.key)).not.toContain("test:email:old@example.com");
    expect(keys.results.map((r) => r.key)).toContain("test:email:new@example.com");
  });
});

describe("failure counters with growing delays (sign-in)", () => {
  const failures: FailureRule = { name: "test:fail", freeFailures: 3, firstDelaySeconds: 10, maxDelaySeconds: 300, windowSeconds: 3600 };
  const other: FailureRule = { ...failures, name: "test:fail-other", freeFailures: 100 };
  const hits = async (key: string) => (await d1.db.prepare("SELECT hits FROM rate_limits WHERE key = ?").bind(key).first<{ hits: number }>())?.hits ?? 0;

  it("counts failures only: a forgiven attempt (a right password) leaves every counter as it was", async () => {
    const clock = { t: 20_000_100 };
    const limiter = limiterAt(clock);
    for (let i = 0; i < 5; i++) {
      const attempt = await limiter.attempt([{ rule: failures, subject: "ok@example.com" }]);
      expect(attempt.allowed).toBe(true);
      await attempt.forgive();
    }
    expect(await hits("test:fail:ok@example.com")).toBe(0);
  });

  it("makes the wait grow with the failures, counted from the last one", async () => {
    const clock = { t: 21_600_000 };
    const limiter = limiterAt(clock);
    const once = () => limiter.attempt([{ rule: failures, subject: "guess@example.com" }]);
    for (let i = 0; i < 3; i++) expect((await once()).allowed).toBe(true);
    expect(await once()).toMatchObject({ allowed: false, retryAfter: 10 });
    clock.t += 10;
    expect((await once()).allowed).toBe(true); // the 4th failure
    expect(await once()).toMatchObject({ allowed: false, retryAfter: 20 });
    clock.t += 20;
    expect((await once()).allowed).toBe(true);
    expect(await once()).toMatchObject({ allowed: false, retryAfter: 40 });
    expect(await hits("test:fail:guess@example.com")).toBe(5);
  });

  it("counts a refused attempt nowhere: neither on the counter that refused it nor on the others", async () => {
    const clock = { t: 25_200_000 };
    const limiter = limiterAt(clock);
    const check = (email: string) => [
      { rule: failures, subject: email },
      { rule: other, subject: "203.0.113.50" },
    ];
    for (let i = 0; i < 3; i++) expect((await limiter.attempt(check("target@example.com"))).allowed).toBe(true);
    expect(await hits("test:fail-other:203.0.113.50")).toBe(3);
    for (let i = 0; i < 20; i++) expect((await limiter.attempt(check("target@example.com"))).allowed).toBe(false);
    expect(await hits("test:fail:target@example.com")).toBe(3);
    expect(await hits("test:fail-other:203.0.113.50")).toBe(3);
    // The wait was not pushed on by the refused attempts either.
    clock.t += 10;
    expect((await limiter.attempt(check("target@example.com"))).allowed).toBe(true);
  });

  it("lets no burst slip past the wait: of 20 attempts at once, only the free ones are heard", async () => {
    const limiter = limiterAt({ t: 28_800_000 });
    const results = await Promise.all(Array.from({ length: 20 }, () => limiter.attempt([{ rule: failures, subject: "burst@example.com" }])));
    expect(results.filter((r) => r.allowed).length).toBeLessThanOrEqual(failures.freeFailures);
    expect(await hits("test:fail:burst@example.com")).toBeLessThanOrEqual(failures.freeFailures);
  });
});
