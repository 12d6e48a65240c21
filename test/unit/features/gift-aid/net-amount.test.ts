import { describe, expect, it } from "vitest";
import { netAmount, refundedAfterClaiming } from "~/features/gift-aid/rules/net-amount";

describe("a payment's amount net of refunds (ADR 74)", () => {
  it("is what was paid less its refunds", () => {
    expect(netAmount({ unitAmount: 2500, qty: 1 })).toBe(2500);
    expect(netAmount({ unitAmount: 2500, qty: 2 }, 1000)).toBe(4000);
  });

  it("a wholly refunded payment is left out", () => {
    expect(netAmount({ unitAmount: 2500, qty: 1 }, 2500)).toBeNull();
  });

  it("a refund after claiming is what the claim overclaimed", () => {
    expect(refundedAfterClaiming(2500, { unitAmount: 2500, qty: 1 }, 0)).toBe(0);
    expect(refundedAfterClaiming(2500, { unitAmount: 2500, qty: 1 }, 1000)).toBe(1000);
    expect(refundedAfterClaiming(2500, { unitAmount: 2500, qty: 1 }, 2500)).toBe(2500);
    // Refunded partly before the claim (claimed on 1500), then the rest after.
    expect(refundedAfterClaiming(1500, { unitAmount: 2500, qty: 1 }, 2500)).toBe(1500);
  });
});
