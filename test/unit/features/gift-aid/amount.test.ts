import { describe, expect, it } from "vitest";
import { giftAidOn, scheduleAmount } from "~/features/gift-aid/rules/amount";

describe("amounts for HMRC's schedule (ADR 74)", () => {
  it("are pounds with two decimals, no £ and no commas", () => {
    expect(scheduleAmount(2500)).toBe("25.00");
    expect(scheduleAmount(5)).toBe("0.05");
    expect(scheduleAmount(123456)).toBe("1234.56");
    expect(scheduleAmount(20000)).toBe("200.00");
  });

  it("Gift Aid due is a quarter, rounded down to the penny", () => {
    expect(giftAidOn(2500)).toBe(625);
    expect(giftAidOn(1001)).toBe(250);
    expect(giftAidOn(0)).toBe(0);
  });
});
