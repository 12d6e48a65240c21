import { describe, expect, it } from "vitest";
import { renewalTotalsDifferences } from "~/features/office/renewal-totals";

/** npm run totals:check's words for a year whose running totals differ from their recount (ADR 64). */
describe("renewal totals differences", () => {
  const months = (...counts: number[]) => [...counts, ...Array(12 - counts.length).fill(0)];

  it("says nothing when the totals equal the recount", () => {
    expect(renewalTotalsDifferences({ count: 2, amount: 3000, perMonth: months(1, 1) }, { count: 2, amount: 3000, perMonth: months(1, 1) })).toEqual([]);
  });

  it("names each figure that differs", () => {
    expect(renewalTotalsDifferences({ count: 3, amount: 3000, perMonth: months(2, 1) }, { count: 2, amount: 2500, perMonth: months(1, 1) })).toEqual([
      "renewals 3, recount 2",
      "amount 3000p, recount 2500p",
      "Jan 2, recount 1",
    ]);
  });
});
