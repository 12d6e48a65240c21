import { describe, expect, it } from "vitest";
import { CONTACT_RATE_RULES, EMAIL_CHANGE_RATE_RULES, contactRateChecks, emailChangeRateChecks, type RateCheck } from "~/kernel/http/rate-limits";

/**
 * The counters the Quick Contact Form and the change of e-mail are counted on, replayed
 * against a model of the limiter (app/kernel/http/rate-limit.server.ts: every non-empty
 * counter of a request counts one hit, and the request goes through only when none is over
 * its limit), all within one window. The D1 limiter itself is tested in
 * test/integration/kernel/http/rate-limit.test.ts.
 */
function modelLimiter() {
  const hits = new Map<string, number>();
  return (checks: RateCheck[]) => {
    let allowed = true;
    for (const { rule, subject } of checks) {
      if (subject === "") continue;
      const key = `${rule.name}:${subject}`;
      const count = (hits.get(key) ?? 0) + 1;
      hits.set(key, count);
      if (count > rule.limit) allowed = false;
    }
    return allowed;
  };
}

const HOUR = 3600;
const DAY = 24 * HOUR;

describe("contact form limits (per client address, and per e-mail at one address)", () => {
  it("lets a sixth address send for an e-mail five other addresses already used: nobody can block a person's address", () => {
    const hit = modelLimiter();
    for (let n = 1; n <= 5; n++) expect(hit(contactRateChecks(`198.51.100.${n}`, "victim@example.net")), `address ${n}`).toBe(true);
    expect(hit(contactRateChecks("198.51.100.6", "victim@example.net"))).toBe(true);
    expect(hit(contactRateChecks("198.51.100.7", "VICTIM@example.net"))).toBe(true);
  });

  it("limits one address sending for one e-mail (in any case) to five, while that address may still write as someone else", () => {
    const hit = modelLimiter();
    const limit = CONTACT_RATE_RULES.perPair.limit;
    expect(limit).toBe(5);
    for (let n = 1; n <= limit; n++) expect(hit(contactRateChecks("203.0.113.9", n % 2 ? "ada@example.com" : "ADA@Example.com ")), `message ${n}`).toBe(true);
    expect(hit(contactRateChecks("203.0.113.9", "ada@example.com"))).toBe(false);
    expect(hit(contactRateChecks("203.0.113.9", "grace@example.com"))).toBe(true);
  });

  it("limits one address to twenty messages whatever e-mails it types", () => {
    const hit = modelLimiter();
    for (let n = 1; n <= 20; n++) expect(hit(contactRateChecks("203.0.113.10", `person-${n}@example.com`)), `message ${n}`).toBe(true);
    expect(hit(contactRateChecks("203.0.113.10", "person-21@example.com"))).toBe(false);
    expect(hit(contactRateChecks("203.0.113.11", "person-21@example.com"))).toBe(true);
  });

  it("never counts the typed e-mail on its own", () => {
    for (const check of contactRateChecks("203.0.113.12", "someone@example.com")) {
      expect(check.subject).not.toBe("someone@example.com");
      expect(check.subject).toContain("203.0.113.12");
    }
    // No client address known (never on Cloudflare): nothing to count, rather than the e-mail alone.
    expect(contactRateChecks("", "someone@example.com").every((check) => check.subject === "")).toBe(true);
  });
});

describe("change of e-mail limits (per member, and per new address)", () => {
  it("allows three requests a member an hour and three to one address a day", () => {
    expect(EMAIL_CHANGE_RATE_RULES.member).toMatchObject({ limit: 3, windowSeconds: HOUR });
    expect(EMAIL_CHANGE_RATE_RULES.address).toMatchObject({ limit: 3, windowSeconds: DAY });
  });

  it("sends three of a member's 25 requests to one address, and none for a second member once that address had its three", () => {
    const hit = modelLimiter();
    const sent = Array.from({ length: 25 }, () => hit(emailChangeRateChecks("member-a", "victim@example.net"))).filter(Boolean);
    expect(sent).toHaveLength(3);
    expect(hit(emailChangeRateChecks("member-b", "victim@example.net"))).toBe(false);
    // The second member may still ask for another address.
    expect(hit(emailChangeRateChecks("member-b", "b-new@example.net"))).toBe(true);
  });

  it("counts a member's requests whatever address they name, and one address whatever its case", () => {
    const hit = modelLimiter();
    for (let n = 1; n <= 3; n++) expect(hit(emailChangeRateChecks("member-c", `c-${n}@example.net`)), `request ${n}`).toBe(true);
    expect(hit(emailChangeRateChecks("member-c", "c-4@example.net"))).toBe(false);

    const byAddress = modelLimiter();
    for (const [n, to] of ["Shared@Example.net", "shared@example.net", " SHARED@EXAMPLE.NET"].entries()) {
      expect(byAddress(emailChangeRateChecks(`member-${n}`, to)), to).toBe(true);
    }
    expect(byAddress(emailChangeRateChecks("member-9", "shared@example.net"))).toBe(false);
  });
});
