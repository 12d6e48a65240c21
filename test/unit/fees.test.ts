import { describe, expect, it } from "vitest";
import { REGISTRATION_TITLE, RENEWAL_TITLE, UPGRADE_TITLE, registrationCharge, renewalCharge, settlementFor, subscriptionIsFree, upgradeCharge } from "~/domain/fees";
import { currentMonth } from "~/domain/renewal";
import { demoSettings } from "../../seed/demo-content";

const fees = { ...demoSettings(2026).membership, freeSubscriptionAfterMonth: 9 };
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

describe("membership fees", () => {
  for (const month of MONTHS) {
    const free = month > 9;
    it(`registration in month ${month}: ${free ? "registration only, with the registration-only product" : "registration plus the year's subscription"}`, () => {
      const single = registrationCharge(fees, "Single", month);
      const family = registrationCharge(fees, "Family", month);
      expect(subscriptionIsFree(fees, month)).toBe(free);
      expect(single).toMatchObject({
        title: REGISTRATION_TITLE,
        paymentType: "registration",
        registrationFee: 1000,
        subscriptionFee: free ? 0 : 1000,
        total: free ? 1000 : 2000,
        unitAmount: free ? 1000 : 2000,
        qty: 1,
        priceRef: free ? fees.singleOnlyRegProduct : fees.singleRegProduct,
      });
      expect(family).toMatchObject({
        registrationFee: 2000,
        subscriptionFee: free ? 0 : 2000,
        total: free ? 2000 : 4000,
        priceRef: free ? fees.familyOnlyRegProduct : fees.familyRegProduct,
      });
      expect(upgradeCharge(fees, month)).toMatchObject({ title: UPGRADE_TITLE, paymentType: "registration", total: family.total, priceRef: family.priceRef });
    });
  }

  it("renews at the membership's own fee and product, whatever the month", () => {
    expect(renewalCharge(fees, "Single")).toMatchObject({ title: RENEWAL_TITLE, paymentType: "renew", unitAmount: 1000, qty: 1, priceRef: fees.singleRenewProduct });
    expect(renewalCharge(fees, "Family")).toMatchObject({ unitAmount: 2000, priceRef: fees.familyRenewProduct });
  });

  it("never makes the subscription free when the setting is 12, always after month 0", () => {
    expect(MONTHS.some((m) => subscriptionIsFree({ ...fees, freeSubscriptionAfterMonth: 12 }, m))).toBe(false);
    expect(MONTHS.every((m) => subscriptionIsFree({ ...fees, freeSubscriptionAfterMonth: 0 }, m))).toBe(true);
  });

  it("says what a settled payment changes on the member", () => {
    expect(settlementFor({ title: REGISTRATION_TITLE, paymentType: "registration", year: 2026 })).toEqual({ kind: "registration", year: 2026 });
    expect(settlementFor({ title: UPGRADE_TITLE, paymentType: "registration", year: 2026 })).toEqual({ kind: "upgrade" });
    const family = { spouse: null, children: [], consents: { agreeTerms: true, giftAid: true, resident: true, payment: true, childPhoto: false, childPhotoShare: false } };
    expect(settlementFor({ title: UPGRADE_TITLE, paymentType: "registration", year: 2026, familyDetails: family })).toEqual({ kind: "upgrade", family });
    expect(settlementFor({ title: RENEWAL_TITLE, paymentType: "renew", year: 2027 })).toEqual({ kind: "renewal", year: 2027 });
    expect(settlementFor({ title: "Ticket", paymentType: "ticket", year: 2026 })).toBeNull();
  });

  it("reads the month in UK time (23:30 UTC on 30 September is 1 October in London)", () => {
    expect(currentMonth(new Date("2026-09-30T23:30:00Z"))).toBe(10);
    expect(currentMonth(new Date("2026-01-01T00:30:00Z"))).toBe(1);
  });
});
