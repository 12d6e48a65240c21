import { describe, expect, it } from "vitest";
import { accountingPeriodEnd, declarationsKeptUntil, mayPseudonymiseDeclarations } from "~/features/gift-aid/declarations/retention";

/**
 * How long an erased member's declarations keep their name and address (docs/requirements.md §14,
 * docs/privacy.md): six years after the end of the accounting period (the tax year ending 5 April)
 * of the last claimed payment; at once when nothing was ever claimed.
 */
describe("the accounting period of a day", () => {
  it("ends on the 5 April on or after it", () => {
    expect(accountingPeriodEnd("2026-04-05")).toBe("2026-04-05");
    expect(accountingPeriodEnd("2026-04-06")).toBe("2027-04-05");
    expect(accountingPeriodEnd("2026-01-31")).toBe("2026-04-05");
    expect(accountingPeriodEnd("2026-12-31")).toBe("2027-04-05");
  });
});

describe("the declarations of an erased member", () => {
  it("are pseudonymised at once when none of their payments was ever claimed", () => {
    expect(declarationsKeptUntil([])).toBeNull();
    expect(mayPseudonymiseDeclarations([], "2026-11-28")).toBe(true);
  });

  it("keep the name and address until six years after the tax year of the last claimed payment", () => {
    // The latest claimed payment, 10 May 2026, is in the tax year ending 5 April 2027: kept until 5 April 2033.
    const claimed = ["2025-03-01", "2026-05-10", "2025-12-24"];
    expect(declarationsKeptUntil(claimed)).toBe("2033-04-05");
    expect(mayPseudonymiseDeclarations(claimed, "2026-11-28")).toBe(false);
    expect(mayPseudonymiseDeclarations(claimed, "2033-04-05")).toBe(false);
    expect(mayPseudonymiseDeclarations(claimed, "2033-04-06")).toBe(true);
  });

  it("count a payment on 5 April in the tax year that ends that day", () => {
    expect(declarationsKeptUntil(["2020-04-05"])).toBe("2026-04-05");
    expect(mayPseudonymiseDeclarations(["2020-04-05"], "2026-04-06")).toBe(true);
    expect(mayPseudonymiseDeclarations(["2020-04-06"], "2026-04-06")).toBe(false);
  });
});
