import { describe, expect, it } from "vitest";
import {
  memberSettlementApplied,
  memberSettlementPatch,
  memberSettlementToComplete,
  SETTLEMENT_COMPLETION_WINDOW_SECONDS,
} from "~/features/payments/member-settlement";

describe("what a settled payment changes on the member", () => {
  const applicant = { registrationPaid: false, lastRenewedYear: null, membership: "Single" as const };

  it("registration pays, activates and renews the year; renewal sets the year; upgrade makes a Family", () => {
    expect(memberSettlementPatch({ kind: "registration", year: 2026 })).toEqual({ registrationPaid: true, active: true, lastRenewedYear: 2026 });
    expect(memberSettlementPatch({ kind: "renewal", year: 2026 })).toEqual({ lastRenewedYear: 2026 });
    expect(memberSettlementPatch({ kind: "upgrade" })).toEqual({ membership: "Family" });
  });

  it("an upgrade brings the family its payment carries (ADR 26)", () => {
    const consents = { agreeTerms: true, giftAid: false, resident: true, payment: true, childPhoto: true, childPhotoShare: false };
    const family = {
      spouse: { title: "Mr" as const, name: "W King", email: "w@example.org", mobile: "07700900001" },
      children: [{ name: "Byron", birthYear: 2015 }],
      consents,
    };
    expect(memberSettlementPatch({ kind: "upgrade", family })).toEqual({ membership: "Family", spouse: family.spouse, children: family.children, consents });
  });

  it("knows when the member already has it, so a second payment is not applied", () => {
    expect(memberSettlementApplied(applicant, { kind: "registration", year: 2026 })).toBe(false);
    expect(memberSettlementApplied({ ...applicant, registrationPaid: true }, { kind: "registration", year: 2026 })).toBe(true);
    expect(memberSettlementApplied(applicant, { kind: "renewal", year: 2026 })).toBe(false);
    expect(memberSettlementApplied({ ...applicant, lastRenewedYear: 2025 }, { kind: "renewal", year: 2026 })).toBe(false);
    expect(memberSettlementApplied({ ...applicant, lastRenewedYear: 2026 }, { kind: "renewal", year: 2026 })).toBe(true);
    // A later year already paid is not taken back by an older payment.
    expect(memberSettlementApplied({ ...applicant, lastRenewedYear: 2027 }, { kind: "renewal", year: 2026 })).toBe(true);
    expect(memberSettlementApplied(applicant, { kind: "upgrade" })).toBe(false);
    expect(memberSettlementApplied({ ...applicant, membership: "Family" }, { kind: "upgrade" })).toBe(true);
  });
});

describe("completing a settled transaction's change on its member", () => {
  const single = { registrationPaid: true, lastRenewedYear: 2026, membership: "Single" as const };
  const upgrade = { kind: "upgrade" as const };
  const settledAt = 1_800_000_000;

  it("writes the missing change soon after the settlement, and nothing when the member has it", () => {
    expect(memberSettlementToComplete(single, upgrade, settledAt, settledAt + 60)).toEqual({ membership: "Family" });
    expect(memberSettlementToComplete({ ...single, membership: "Family" }, upgrade, settledAt, settledAt + 60)).toBeNull();
    expect(
      memberSettlementToComplete(
        { ...single, lastRenewedYear: 2025 },
        { kind: "renewal", year: 2026 },
        settledAt,
        settledAt + SETTLEMENT_COMPLETION_WINDOW_SECONDS,
      ),
    ).toEqual({ lastRenewedYear: 2026 });
  });

  it("leaves an old settlement alone (a later edit is not undone) and one with no settlement time", () => {
    expect(memberSettlementToComplete(single, upgrade, settledAt, settledAt + SETTLEMENT_COMPLETION_WINDOW_SECONDS + 1)).toBeNull();
    expect(memberSettlementToComplete(single, upgrade, null, settledAt)).toBeNull();
  });
});
