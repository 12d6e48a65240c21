import { describe, expect, it } from "vitest";
import { memberSettlementApplied, memberSettlementPatch } from "~/domain/member-settlement";

describe("what a settled payment changes on the member", () => {
  const applicant = { registrationPaid: false, lastRenewedYear: null, membership: "Single" as const };

  it("registration pays, activates and renews the year; renewal sets the year; upgrade makes a Family", () => {
    expect(memberSettlementPatch({ kind: "registration", year: 2026 })).toEqual({ registrationPaid: true, active: true, lastRenewedYear: 2026 });
    expect(memberSettlementPatch({ kind: "renewal", year: 2026 })).toEqual({ lastRenewedYear: 2026 });
    expect(memberSettlementPatch({ kind: "upgrade" })).toEqual({ membership: "Family" });
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
