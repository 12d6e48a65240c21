import { describe, expect, it } from "vitest";
import {
  PERIOD_MESSAGES,
  correctionSchema,
  declarationPath,
  eligibleKindsOf,
  isCalendarDay,
  markClaimedQuestion,
  periodSchema,
  settingsSchema,
  taxYearOf,
} from "~/features/gift-aid/screens/screens";

/** The Gift Aid screens' own rules (docs/requirements.md §14, ADR 74): the default period, the period's limits, the forms' values. */

describe("the default period: the UK tax year running today", () => {
  it("runs 6 April to 5 April", () => {
    expect(taxYearOf("2026-11-28")).toEqual({ from: "2026-04-06", to: "2027-04-05" });
    expect(taxYearOf("2026-04-06")).toEqual({ from: "2026-04-06", to: "2027-04-05" });
    expect(taxYearOf("2026-04-05")).toEqual({ from: "2025-04-06", to: "2026-04-05" });
    expect(taxYearOf("2027-01-01")).toEqual({ from: "2026-04-06", to: "2027-04-05" });
  });
});

describe("a period", () => {
  const errorsOf = (from: string, to: string) => {
    const parsed = periodSchema.safeParse({ from, to });
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
  };

  it("takes real days in order, up to four years", () => {
    expect(errorsOf("2024-04-06", "2025-04-05")).toEqual([]);
    expect(errorsOf("2024-04-06", "2024-04-06")).toEqual([]);
    expect(errorsOf("2022-04-06", "2026-04-05")).toEqual([]);
  });

  it("refuses an end before its start, more than four years, and days that are not days", () => {
    expect(errorsOf("2025-04-05", "2024-04-06")).toEqual([PERIOD_MESSAGES.order]);
    expect(errorsOf("2022-04-06", "2026-04-06")).toEqual([PERIOD_MESSAGES.tooLong]);
    expect(errorsOf("2025-02-30", "2025-04-05")).toEqual([PERIOD_MESSAGES.from]);
    expect(errorsOf("2025-04-06", "06/04/2026")).toEqual([PERIOD_MESSAGES.to]);
    expect(isCalendarDay("2024-02-29")).toBe(true);
    expect(isCalendarDay("2025-02-29")).toBe(false);
  });

  it("is kept in the fix link, so the accountant comes back to the same claim", () => {
    expect(declarationPath("abc", { from: "2024-04-06", to: "2025-04-05" })).toBe("/accounts/gift-aid/declarations/abc?from=2024-04-06&to=2025-04-05");
  });
});

describe("the forms' values", () => {
  it("settings: the ticked kinds, tickets never among them; the reference in capitals", () => {
    const value = settingsSchema.parse({ renew: "on", donation: "on", ticket: "on", charityReference: " ab12345 ", charityName: "Our Association" });
    expect(eligibleKindsOf(value)).toEqual(["renew", "donation"]);
    expect(value.charityReference).toBe("AB12345");
    expect(settingsSchema.safeParse({ charityReference: "AB-12345" }).success).toBe(false);
    expect(eligibleKindsOf(settingsSchema.parse({}))).toEqual([]);
  });

  it("a correction: a title of at most 4, the address's lines trimmed, a UK postcode written as HMRC writes it", () => {
    expect(correctionSchema.safeParse({ title: "Prof.", fullName: "A B", address: "1 High St", postcode: "M1 1AA" }).success).toBe(false);
    const corrected = correctionSchema.parse({ title: "Dr", fullName: "A B", address: " 1 High St \r\n\r\n Town ", postcode: "sw1a1aa" });
    expect(corrected.address).toBe("1 High St\nTown");
    expect(corrected.postcode).toBe("SW1A 1AA");
    expect(correctionSchema.safeParse({ fullName: "A B", address: "1 High St", postcode: "NOT A CODE" }).success).toBe(false);
  });

  it("the question names the count, the total, the Gift Aid and the period", () => {
    expect(markClaimedQuestion({ from: "2024-04-06", to: "2025-04-05", payments: 3, total: 7500, giftAid: 1875, hmrcReference: "" })).toBe(
      "Mark 3 payments, £75.00 (Gift Aid £18.75), for 06-04-2024 to 05-04-2025 as claimed without HMRC's reference yet (you can add it later)? They will not be offered again.",
    );
  });
});
