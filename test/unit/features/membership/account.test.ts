import { describe, expect, it } from "vitest";
import { formatDateTime } from "~/features/membership/account";
import { contentTypeFor, documentDisposition, inlineDisposition } from "~/features/site/document-file";
import { formatAmountTimesQty, formatPence } from "~/kernel/values/money";
import { UPGRADE_NEEDS_RENEWAL_MESSAGE, canUpgradeToFamily, membershipChangeError, nextRenewalYear, renewalPaid } from "~/features/membership/renewal";
import { currentYear } from "~/kernel/dates/dates";

const at = (iso: string) => Date.parse(iso) / 1000;

describe("renewal rules", () => {
  it("the next renewal is the last renewed year plus one", () => {
    expect(nextRenewalYear(2026)).toBe(2027);
    expect(nextRenewalYear(null)).toBeNull();
  });
  it("this year is paid only when the last renewed year is this year", () => {
    expect(renewalPaid(2026, 2026)).toBe(true);
    expect(renewalPaid(2025, 2026)).toBe(false);
    expect(renewalPaid(null, 2026)).toBe(false);
  });
  it("a Single member may upgrade only with this year paid; a Family member has nothing to upgrade", () => {
    expect(canUpgradeToFamily({ membership: "Single", lastRenewedYear: 2026 }, 2026)).toBe(true);
    expect(canUpgradeToFamily({ membership: "Single", lastRenewedYear: 2025 }, 2026)).toBe(false);
    expect(canUpgradeToFamily({ membership: "Family", lastRenewedYear: 2026 }, 2026)).toBe(false);
  });
  it("names the required error for an upgrade before this year is paid", () => {
    expect(membershipChangeError({ membership: "Single", lastRenewedYear: 2025 }, "Family", 2026)).toBe(UPGRADE_NEEDS_RENEWAL_MESSAGE);
    expect(UPGRADE_NEEDS_RENEWAL_MESSAGE).toBe("Please pay your subscription before adding family!");
    expect(membershipChangeError({ membership: "Single", lastRenewedYear: 2026 }, "Family", 2026)).toBeNull();
    expect(membershipChangeError({ membership: "Single", lastRenewedYear: 2025 }, "Single", 2026)).toBeNull();
    expect(membershipChangeError({ membership: "Family", lastRenewedYear: 2026 }, "Single", 2026)).not.toBeNull();
  });
  it("the current year is London's: 00:30 on New Year's Day in London is already the new year", () => {
    expect(currentYear(new Date("2026-12-31T23:59:00Z"))).toBe(2026);
    expect(currentYear(new Date("2027-01-01T00:30:00Z"))).toBe(2027);
  });
});

describe("money", () => {
  it("shows pence as pounds with two decimals", () => {
    expect(formatPence(2000)).toBe("£20.00");
    expect(formatPence(1050)).toBe("£10.50");
    expect(formatPence(0)).toBe("£0.00");
    expect(formatPence(123456)).toBe("£1,234.56");
    expect(formatPence(Number.NaN)).toBe("£0.00");
  });
  it("shows a transaction as unit price times quantity", () => {
    expect(formatAmountTimesQty(2000, 1)).toBe("£20.00 × 1");
    expect(formatAmountTimesQty(750, 3)).toBe("£7.50 × 3");
  });
});

describe("date display (day-month-year hour:minute, UK time)", () => {
  it("uses GMT in winter and BST in summer, with a 24-hour clock", () => {
    expect(formatDateTime(at("2026-01-05T09:07:00Z"))).toBe("05-01-2026 09:07");
    expect(formatDateTime(at("2026-07-05T09:07:00Z"))).toBe("05-07-2026 10:07");
    expect(formatDateTime(at("2026-03-01T23:30:00Z"))).toBe("01-03-2026 23:30");
    expect(formatDateTime(at("2026-06-30T23:30:00Z"))).toBe("01-07-2026 00:30");
  });
});

describe("document files", () => {
  it("types a file by its extension", () => {
    expect(contentTypeFor("/documents/constitution.pdf")).toBe("application/pdf");
    expect(contentTypeFor("/storage/uploads/Report.PDF")).toBe("application/pdf");
    expect(contentTypeFor("/documents/notes")).toBe("application/octet-stream");
  });
  it("names it inline with a safe file name", () => {
    expect(inlineDisposition("/documents/constitution.pdf")).toBe('inline; filename="constitution.pdf"');
    expect(inlineDisposition('/x/a "b";c.pdf')).toBe('inline; filename="a__b__c.pdf"');
  });
  it("shows PDFs and photos in the tab, and makes every other file a download", () => {
    expect(documentDisposition("/documents/constitution.pdf", "application/pdf")).toBe('inline; filename="constitution.pdf"');
    expect(documentDisposition("/documents/scan.jpg", "image/jpeg")).toBe('inline; filename="scan.jpg"');
    expect(documentDisposition("/documents/plan.PNG", "image/png")).toBe('inline; filename="plan.PNG"');
    for (const [file, type] of [
      ["/documents/report.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
      ["/documents/budget.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
      ["/documents/notes.txt", "text/plain; charset=utf-8"],
      ["/documents/page.html", "text/html"],
      ["/documents/logo.svg", "image/svg+xml"],
      ["/documents/unknown", "application/octet-stream"],
    ]) {
      expect(documentDisposition(file!, type!), type).toBe(`attachment; filename="${file!.split("/").pop()}"`);
    }
    // The type decides, whatever the name says; its case and parameters do not matter.
    expect(documentDisposition("/documents/fake.pdf", "text/html")).toBe('attachment; filename="fake.pdf"');
    expect(documentDisposition("/documents/a.pdf", "Application/PDF; x=1")).toBe('inline; filename="a.pdf"');
  });
});
