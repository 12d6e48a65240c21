import { describe, expect, it } from "vitest";
import { earliestClaimableDay, lastClaimDay, taxYearEnd, withinClaimWindow } from "~/features/gift-aid/rules/claim-window";

describe("HMRC's claim window: 4 years from the end of the tax year (ADR 74)", () => {
  it("the tax year ends on 5 April", () => {
    expect(taxYearEnd("2026-04-05")).toBe("2026-04-05");
    expect(taxYearEnd("2026-04-06")).toBe("2027-04-05");
    expect(taxYearEnd("2026-12-31")).toBe("2027-04-05");
    expect(taxYearEnd("2027-01-01")).toBe("2027-04-05");
  });

  it("a payment can be claimed until 5 April four years after its tax year ends", () => {
    expect(lastClaimDay("2022-06-01")).toBe("2027-04-05");
    expect(withinClaimWindow("2022-06-01", "2027-04-05")).toBe(true);
    expect(withinClaimWindow("2022-06-01", "2027-04-06")).toBe(false);
    expect(withinClaimWindow("2022-04-05", "2026-04-06")).toBe(false);
  });

  it("the earliest day still claimable is 6 April of the oldest open tax year", () => {
    expect(earliestClaimableDay("2026-11-28")).toBe("2022-04-06");
    expect(withinClaimWindow("2022-04-06", "2026-11-28")).toBe(true);
    expect(withinClaimWindow("2022-04-05", "2026-11-28")).toBe(false);
    expect(earliestClaimableDay("2026-04-05")).toBe("2021-04-06");
    expect(withinClaimWindow("2021-04-06", "2026-04-05")).toBe(true);
  });
});
