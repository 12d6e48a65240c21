import { describe, expect, it } from "vitest";
import { eligibleKinds, giftAidSettingsFromRow } from "~/kernel/store/d1/rows-gift-aid";

/** The Gift Aid settings as stored (docs/requirements.md §14, ADR 74): only kinds that may qualify, once each; tickets never. */
describe("eligible kinds as stored", () => {
  it("keeps the known kinds once each, in their order, and never tickets", () => {
    expect(eligibleKinds('["donation","ticket","renew","renew"]')).toEqual(["renew", "donation"]);
    expect(eligibleKinds('["registration"]')).toEqual(["registration"]);
  });

  it("reads unreadable or missing JSON as no kind", () => {
    expect(eligibleKinds("not json")).toEqual([]);
    expect(eligibleKinds('{"renew":true}')).toEqual([]);
    expect(eligibleKinds(null)).toEqual([]);
  });

  it("stands in the migration's defaults should the one row be missing", () => {
    expect(giftAidSettingsFromRow(null)).toEqual({ eligibleKinds: ["donation"], charityReference: "", charityName: "", updatedAt: null, updatedBy: null });
  });
});
