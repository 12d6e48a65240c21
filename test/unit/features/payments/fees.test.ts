import { describe, expect, it } from "vitest";
import {
  FEE_LABELS,
  REGISTRATION_TITLE,
  RENEWAL_TITLE,
  UPGRADE_TITLE,
  registrationCharge,
  registrationFeeLines,
  renewalCharge,
  settlementFor,
  subscriptionIsFree,
  upgradeCharge,
} from "~/features/payments/fees";
import { currentMonth } from "~/kernel/dates/dates";
import { demoSettings } from "../../../../seed/demo-content";

const fees = { ...demoSettings(2026).membership, freeSubscriptionAfterMonth: 9 };
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);
/** Noon UTC on the 15th: the same month in London whatever the season. */
const midMonth = (month: number) => new Date(Date.UTC(2026, month - 1, 15, 12));

describe("membership fees", () => {
  for (const month of MONTHS) {
    const free = month > 9;
    it(`registration in month ${month}: ${free ? "registration only, with the registration-only product" : "registration plus the year's subscription"}`, () => {
      const single = registrationCharge(registrationFeeLines(fees, "Single", midMonth(month)));
      const family = registrationCharge(registrationFeeLines(fees, "Family", midMonth(month)));
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
    expect(renewalCharge(fees, "Single")).toMatchObject({
      title: RENEWAL_TITLE,
      paymentType: "renew",
      unitAmount: 1000,
      qty: 1,
      priceRef: fees.singleRenewProduct,
    });
    expect(renewalCharge(fees, "Family")).toMatchObject({ unitAmount: 2000, priceRef: fees.familyRenewProduct });
  });

  it("never makes the subscription free when the setting is 12, always after month 0", () => {
    expect(MONTHS.some((m) => subscriptionIsFree({ ...fees, freeSubscriptionAfterMonth: 12 }, m))).toBe(false);
    expect(MONTHS.every((m) => subscriptionIsFree({ ...fees, freeSubscriptionAfterMonth: 0 }, m))).toBe(true);
  });

  it("says what a settled payment changes on the member", () => {
    expect(settlementFor({ title: REGISTRATION_TITLE, paymentType: "registration", year: 2026 })).toEqual({ kind: "registration", year: 2026 });
    expect(settlementFor({ title: UPGRADE_TITLE, paymentType: "registration", year: 2026 })).toEqual({ kind: "upgrade" });
    const family = {
      spouse: null,
      children: [],
      consents: { agreeTerms: true, giftAid: true, resident: true, payment: true, childPhoto: false, childPhotoShare: false },
    };
    expect(settlementFor({ title: UPGRADE_TITLE, paymentType: "registration", year: 2026, familyDetails: family })).toEqual({ kind: "upgrade", family });
    expect(settlementFor({ title: RENEWAL_TITLE, paymentType: "renew", year: 2027 })).toEqual({ kind: "renewal", year: 2027 });
    expect(settlementFor({ title: "Ticket", paymentType: "ticket", year: 2026 })).toBeNull();
  });

  it("reads the month in UK time (23:30 UTC on 30 September is 1 October in London)", () => {
    expect(currentMonth(new Date("2026-09-30T23:30:00Z"))).toBe(10);
    expect(currentMonth(new Date("2026-01-01T00:30:00Z"))).toBe(1);
  });
});

describe("registrationFeeLines: what the approval e-mail states, /payment-reg-fee shows and the checkout charges", () => {
  const lines = (membership: "Single" | "Family", iso: string) => registrationFeeLines(fees, membership, new Date(iso));

  it("up to freeSubscriptionAfterMonth (September): registration plus the year's subscription, with the registration product", () => {
    expect(lines("Single", "2026-09-15T12:00:00Z")).toEqual({
      membership: "Single",
      lines: [
        { label: FEE_LABELS.registration, pence: 1000 },
        { label: FEE_LABELS.subscription, pence: 1000 },
      ],
      total: 2000,
      subscriptionFree: false,
      priceRef: fees.singleRegProduct,
    });
    expect(lines("Family", "2026-09-15T12:00:00Z")).toEqual({
      membership: "Family",
      lines: [
        { label: "Registration", pence: 2000 },
        { label: "1 Year subscription", pence: 2000 },
      ],
      total: 4000,
      subscriptionFree: false,
      priceRef: fees.familyRegProduct,
    });
  });

  it("after it (October): the subscription line is £0, the total is the registration fee, with the registration-only product", () => {
    expect(lines("Single", "2026-10-15T12:00:00Z")).toEqual({
      membership: "Single",
      lines: [
        { label: "Registration", pence: 1000 },
        { label: "1 Year subscription", pence: 0 },
      ],
      total: 1000,
      subscriptionFree: true,
      priceRef: fees.singleOnlyRegProduct,
    });
    expect(lines("Family", "2026-10-15T12:00:00Z")).toEqual({
      membership: "Family",
      lines: [
        { label: "Registration", pence: 2000 },
        { label: "1 Year subscription", pence: 0 },
      ],
      total: 2000,
      subscriptionFree: true,
      priceRef: fees.familyOnlyRegProduct,
    });
  });

  it("turns at midnight in London, not UTC: 22:59 UTC on 30 September is still September, 23:00 UTC is 1 October", () => {
    for (const membership of ["Single", "Family"] as const) {
      expect(lines(membership, "2026-09-30T22:59:59Z").subscriptionFree).toBe(false);
      expect(lines(membership, "2026-09-30T23:00:00Z").subscriptionFree).toBe(true);
    }
    expect(lines("Family", "2026-09-30T22:59:59Z").total).toBe(4000);
    expect(lines("Family", "2026-09-30T23:00:00Z").total).toBe(2000);
    // And the year's end: December is free, 1 January (00:00 London = UTC in winter) is not.
    expect(lines("Single", "2026-12-31T23:59:59Z").total).toBe(1000);
    expect(lines("Single", "2027-01-01T00:00:00Z").total).toBe(2000);
  });

  it("the lines always add up to the total, and the checkout charges exactly that total with that price", () => {
    for (const membership of ["Single", "Family"] as const) {
      for (const month of MONTHS) {
        for (const after of [0, 9, 12]) {
          const feeLines = registrationFeeLines({ ...fees, freeSubscriptionAfterMonth: after }, membership, midMonth(month));
          expect(feeLines.lines.reduce((sum, line) => sum + line.pence, 0)).toBe(feeLines.total);
          const charge = registrationCharge(feeLines);
          expect(charge).toMatchObject({ priceRef: feeLines.priceRef, unitAmount: feeLines.total, qty: 1, total: feeLines.total });
        }
      }
    }
  });

  it("takes the amounts from the settings, not constants", () => {
    const custom = { ...fees, singleRegFee: 1234, singleRenewFee: 567, familyRegFee: 3000, familyRenewFee: 2500 };
    expect(registrationFeeLines(custom, "Single", midMonth(3)).lines.map((l) => l.pence)).toEqual([1234, 567]);
    expect(registrationFeeLines(custom, "Family", midMonth(3)).total).toBe(5500);
    expect(registrationFeeLines(custom, "Family", midMonth(11)).total).toBe(3000);
  });
});
