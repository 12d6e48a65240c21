import { describe, expect, it } from "vitest";
import { donationsPeriod, taxYearOf } from "~/features/donations/donations";
import { donationTotals, donationsExportFile, refundedText, type DonationReportRow } from "~/features/donations/donations-report";
import { settlementFor } from "~/features/payments/fees";

describe("the donations report's period", () => {
  it("opens on the UK tax year in progress (6 April to 5 April)", () => {
    expect(taxYearOf("2026-04-05")).toEqual({ from: "2025-04-06", to: "2026-04-05" });
    expect(taxYearOf("2026-04-06")).toEqual({ from: "2026-04-06", to: "2027-04-05" });
    const noon = Date.UTC(2026, 10, 28, 12) / 1000;
    expect(donationsPeriod(new URLSearchParams(), noon)).toEqual({ from: "2026-04-06", to: "2027-04-05" });
  });
  it("takes real days from the query, swapped when backwards; an unreadable one is the default", () => {
    const noon = Date.UTC(2026, 10, 28, 12) / 1000;
    expect(donationsPeriod(new URLSearchParams("from=2026-01-01&to=2026-01-31"), noon)).toEqual({ from: "2026-01-01", to: "2026-01-31" });
    expect(donationsPeriod(new URLSearchParams("from=2026-02-01&to=2026-01-01"), noon)).toEqual({ from: "2026-01-01", to: "2026-02-01" });
    expect(donationsPeriod(new URLSearchParams("from=2026-02-30&to=x"), noon)).toEqual({ from: "2026-04-06", to: "2027-04-05" });
  });
});

const row = (over: Partial<DonationReportRow>): DonationReportRow => ({
  transactionId: "t1",
  day: "2026-11-28",
  name: "Ann Giver",
  email: "ann@example.org",
  personKind: "donor",
  amount: 2500,
  refunded: 0,
  giftAid: true,
  message: "=cmd",
  ...over,
});

describe("the donations report's rows", () => {
  it("totals and refunds", () => {
    expect(donationTotals([row({}), row({ amount: 500, giftAid: false, refunded: 500 })])).toEqual({
      count: 2,
      amount: 3000,
      refunded: 500,
      giftAidAmount: 2500,
    });
    expect(refundedText(row({}))).toBe("No");
    expect(refundedText(row({ refunded: 2500 }))).toBe("Yes, £25.00");
    expect(refundedText(row({ refunded: 500 }))).toBe("£5.00 of it");
  });
  it("the CSV and the sheet have the same columns: money as pounds, the day, Gift Aid yes or no", () => {
    const file = donationsExportFile([row({ refunded: 500 })], { from: "2026-04-06", to: "2027-04-05" }, new Date(Date.UTC(2026, 10, 28, 12)));
    expect(file.filename).toBe("donations-2026-04-06-to-2027-04-05-2026-11-28.csv");
    const csv = file.csv();
    expect(csv.header).toEqual(["Date", "Name", "E-mail", "Giver", "Amount (£)", "Gift Aid", "Message", "Refunded (£)", "Transaction"]);
    expect(csv.records).toEqual([["28-11-2026", "Ann Giver", "ann@example.org", "Visitor", "25.00", "Yes", "=cmd", "5.00", "t1"]]);
    const sheet = file.sheet();
    expect(sheet.rows[0]![4]).toEqual({ kind: "money", value: 25 });
    expect(sheet.rows[0]![0]).toEqual({ kind: "date", value: new Date(Date.UTC(2026, 10, 28)) });
  });
});

describe("a donation's settlement", () => {
  it("changes no member", () => {
    expect(settlementFor({ title: "Donation", paymentType: "donation", year: 2026 })).toBeNull();
  });
});
