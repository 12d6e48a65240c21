import { describe, expect, it } from "vitest";
import { netAmount } from "~/features/gift-aid/rules/net-amount";

describe("a payment's amount net of refunds (ADR 74)", () => {
  it("is what was paid less its refunds", () => {
    expect(netAmount({ unitAmount: 2500, qty: 1 })).toBe(2500);
    expect(netAmount({ unitAmount: 2500, qty: 2 }, 1000)).toBe(4000);
  });

  it("a wholly refunded payment is left out", () => {
    expect(netAmount({ unitAmount: 2500, qty: 1 }, 2500)).toBeNull();
  });
});
