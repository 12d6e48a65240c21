import { render, toPlainText } from "@react-email/components";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import {
  PENDING_COLUMNS,
  PENDING_EXPORT,
  RENEWED_EXPORT,
  RENEWED_COLUMNS,
  chartBars,
  chartSummary,
  chunks,
  monthPeriods,
  pendingMembersQuery,
  pendingRow,
  readRenewalsParams,
  renewalMatches,
  renewedQuery,
  reportTitle,
  countText,
  pagesOf,
  receivedAt,
  renewalFee,
  renewalsSearch,
  renewedRow,
  reportCsvHref,
  reminderSentMessage,
} from "~/features/office/renewals-report";
import { exportCsv } from "~/features/office/export-columns";
import { RenewalReminderEmail, renewalReminderSubject } from "~/features/membership/emails/RenewalReminderEmail";
import { emailService, type BatchTransport } from "~/kernel/email/email.server";
import { demoSettings } from "../../../../seed/demo-content";
import { newMember, newTransaction } from "../../../support/fixtures";
import { memoryOutbox } from "../../../support/memory-outbox";

const YEAR = 2026;
const params = (text: string) => readRenewalsParams(new URLSearchParams(text), YEAR);

describe("subscriptions report: the URL", () => {
  it("defaults to this year, page 1 and 15 rows for both tables", () => {
    expect(params("")).toEqual({ q: "", year: 2026, renewed: { page: 1, size: 15 }, pending: { page: 1, size: 15 } });
  });

  it("accepts this year and the previous one only, and two independent pagers", () => {
    expect(params("year=2025").year).toBe(2025);
    for (const bad of ["2024", "2027", "abc", "2025.5", ""]) expect(params(`year=${bad}`).year).toBe(2026);
    const state = params("rpage=3&rsize=50&ppage=2&psize=500");
    expect(state.renewed).toEqual({ page: 3, size: 50 });
    expect(state.pending).toEqual({ page: 2, size: 500 });
    expect(params("rpage=-1&rsize=20&ppage=x&psize=1000")).toEqual(params(""));
  });

  it("writes short URLs, leaving out defaults, and changes one table without touching the other", () => {
    const state = params("year=2025&rpage=2&psize=100");
    expect(renewalsSearch(params(""), YEAR)).toBe("");
    expect(renewalsSearch(state, YEAR)).toBe("?year=2025&rpage=2&psize=100");
    expect(renewalsSearch(state, YEAR, { pending: { page: 4 } })).toBe("?year=2025&rpage=2&ppage=4&psize=100");
    expect(renewalsSearch(state, YEAR, { renewed: { page: 1, size: 250 } })).toBe("?year=2025&rsize=250&psize=100");
    expect(reportCsvHref("renewed", state, YEAR)).toBe("/mem-renewals/renewed.csv?year=2025");
    expect(reportCsvHref("pending", state, YEAR)).toBe("/mem-renewals/pending.csv");
  });

  it("reads the search area's q like the members table (spaces collapsed, trimmed, 100 characters) and keeps it in every link and CSV", () => {
    expect(params("q=%20%20Ann%20%20%20Lee%20").q).toBe("Ann Lee");
    expect(params(`q=${"x".repeat(150)}`).q).toHaveLength(100);
    const state = params("q=MMA42&year=2025&ppage=2");
    expect(renewalsSearch(state, YEAR)).toBe("?q=MMA42&year=2025&ppage=2");
    expect(renewalsSearch(state, YEAR, { pending: { page: 3 } })).toBe("?q=MMA42&year=2025&ppage=3");
    expect(renewalsSearch(state, YEAR, { q: "" })).toBe("?year=2025&ppage=2");
    expect(reportCsvHref("renewed", state, YEAR)).toBe("/mem-renewals/renewed.csv?q=MMA42&year=2025");
    expect(reportCsvHref("pending", state, YEAR)).toBe("/mem-renewals/pending.csv?q=MMA42");
    expect(reportCsvHref("pending", params("q=a%26b"), YEAR)).toBe("/mem-renewals/pending.csv?q=a%26b");
  });

  it("searches both tables: the members' search for the pending one, name, e-mail or number for the renewed one", () => {
    expect(pendingMembersQuery(YEAR, { page: 1, size: 15 }, "ann")).toEqual({
      deleted: false,
      active: true,
      notRenewedIn: 2026,
      search: "ann",
      page: 0,
      pageSize: 15,
    });
    expect(renewedQuery(params("q=ann&year=2025"))).toEqual({ year: 2025, paymentType: "renew", search: "ann" });
    expect(renewedQuery(params(""))).toEqual({ year: 2026, paymentType: "renew" });
    const renewal = { memberName: "Ann Lee", memberEmail: "ann.lee@example.com", userId: "m1" };
    expect(renewalMatches(renewal, "ANN", new Set())).toBe(true);
    expect(renewalMatches(renewal, "lee@example", new Set())).toBe(true);
    expect(renewalMatches(renewal, "MMA7", new Set(["m1"]))).toBe(true);
    expect(renewalMatches(renewal, "MMA7", new Set(["m2"]))).toBe(false);
    expect(renewalMatches(renewal, "", new Set())).toBe(true);
  });

  it("offers every page of an exact count, and of a count stopped at its limit the pages up to it and one more while the page is full", () => {
    expect(pagesOf({ count: 31, atLeast: false }, { page: 1, size: 15 }, 15)).toBe(3);
    expect(pagesOf({ count: 0, atLeast: false }, { page: 1, size: 15 }, 0)).toBe(1);
    expect(pagesOf({ count: 500, atLeast: true }, { page: 1, size: 15 }, 15)).toBe(34);
    expect(pagesOf({ count: 500, atLeast: true }, { page: 34, size: 15 }, 15)).toBe(35);
    expect(pagesOf({ count: 500, atLeast: true }, { page: 40, size: 15 }, 15)).toBe(41);
    expect(pagesOf({ count: 500, atLeast: true }, { page: 40, size: 15 }, 7)).toBe(40);
  });

  it("titles a table with its count, and while searching with how many of all", () => {
    expect(reportTitle("Pending", 12, 12, false)).toBe("Pending (12)");
    expect(reportTitle("Pending", 3, 120, true)).toBe("Pending (3 of 120)");
    // Counted up to the limit (ADR 64).
    expect(reportTitle("Pending", { count: 500, atLeast: true }, { count: 500, atLeast: true }, false)).toBe("Pending (500 or more)");
    expect(reportTitle("Pending", { count: 3, atLeast: false }, { count: 500, atLeast: true }, true)).toBe("Pending (3 of 500 or more)");
    expect(countText({ count: 12, atLeast: false })).toBe("12");
  });

  it("asks the store for active, not deleted members not renewed this year", () => {
    expect(pendingMembersQuery(YEAR, { page: 2, size: 50 })).toEqual({ deleted: false, active: true, notRenewedIn: 2026, page: 1, pageSize: 50 });
    expect(pendingMembersQuery(YEAR)).toEqual({ deleted: false, active: true, notRenewedIn: 2026 });
  });
});

describe("subscriptions report: rows", () => {
  it("renewed: amount is unit × qty in pounds, the date is the payment day in UK time, description is the title", () => {
    // 23:30 UTC on 31 May 2026 is 00:30 on 1 June in London (BST).
    const paid = Date.UTC(2026, 4, 31, 23, 30) / 1000;
    const transaction = {
      ...newTransaction("u1", {
        title: "Renewal 2026",
        unitAmount: 1000,
        qty: 2,
        priceRef: "price_renew_single",
        memberName: "Ada",
        memberEmail: "ada@example.com",
      }),
      id: "t1",
      status: "success",
      checkoutSessionId: null,
      createdAt: paid - 600,
      settledAt: paid,
    } as const;
    const row = renewedRow(transaction);
    expect(row).toEqual({
      id: "t1",
      name: "Ada",
      membership: "Single",
      amount: "£20.00",
      date: "01-06-2026",
      email: "ada@example.com",
      priceRef: "price_renew_single",
      description: "Renewal 2026",
      year: "2026",
      method: "Card",
    });
    expect(RENEWED_COLUMNS.map((c) => c.header)).toEqual([
      "Name",
      "Membership Type",
      "Amount",
      "Date",
      "Email",
      "payment product reference",
      "Description",
      "Year",
      "Method",
    ]);
    // The download: the same columns, the amount a plain number of pounds under "Amount (£)", then the offline payment's reference.
    const csv = exportCsv({ columns: RENEWED_EXPORT, rows: [transaction] });
    expect(csv.header).toEqual([...RENEWED_COLUMNS.map((c) => (c.header === "Amount" ? "Amount (£)" : c.header)), "Reference"]);
    expect(csv.records[0]).toEqual(["Ada", "Single", "20.00", "01-06-2026", "ada@example.com", "price_renew_single", "Renewal 2026", 2026, "Card", ""]);
    // Offline payments (docs/requirements.md §4.9): the method and the reference.
    const cheque = { ...transaction, method: "cheque" as const, reference: "CHQ 123" };
    expect(renewedRow(cheque).method).toBe("Cheque");
    expect(exportCsv({ columns: RENEWED_EXPORT, rows: [cheque] }).records[0]!.slice(-2)).toEqual(["Cheque", "CHQ 123"]);
  });

  it("renewed: the date is the day the money was received, in the table and both downloads (ADR 64)", () => {
    const enteredInNovember = Date.UTC(2026, 10, 26, 12) / 1000;
    const cash = {
      ...newTransaction("u1", { title: "Renewal 2026", memberName: "Cass" }),
      id: "t2",
      status: "success",
      checkoutSessionId: null,
      createdAt: enteredInNovember,
      settledAt: enteredInNovember,
      method: "cash",
      paidOn: "2026-09-27",
    } as const;
    expect(renewedRow(cash).date).toBe("27-09-2026");
    expect(receivedAt(cash)).toBe(Date.UTC(2026, 8, 27, 12) / 1000);
    expect(exportCsv({ columns: RENEWED_EXPORT, rows: [cash] }).records[0]![3]).toBe("27-09-2026");
  });

  it("pending: the member number, and 'Never' for a member who never renewed", () => {
    const member = {
      ...newMember({ fullName: "Bo", lastRenewedYear: null, mobile: "07700900000" }),
      id: "m1",
      memberNumber: 7,
      createdAt: 1,
      updatedAt: 1,
      passwordChangedAt: null,
    } as never;
    const row = pendingRow(member);
    expect(row.memberId).toBe("MMA7");
    expect(row.lastRenewedYear).toBe("Never");
    const csv = exportCsv({ columns: PENDING_EXPORT, rows: [member] });
    expect(csv.header).toEqual(PENDING_COLUMNS.map((c) => c.header));
    expect(csv.records[0]).toEqual(["MMA7", "Bo", "Single", row.email, "07700900000", "Never"]);
  });
});

describe("subscriptions report: the chart", () => {
  it("cuts the year at midnight on each 1st in London", () => {
    const months = monthPeriods(2026);
    expect(months).toHaveLength(12);
    expect(months[0]!.from).toBe(Date.UTC(2026, 0, 1) / 1000);
    // April starts at 00:00 BST = 23:00 UTC on 31 March.
    expect(months[3]!.from).toBe(Date.UTC(2026, 2, 31, 23) / 1000);
    expect(months[2]!.to).toBe(months[3]!.from);
    expect(months[11]!.to).toBe(Date.UTC(2027, 0, 1) / 1000);
  });

  it("scales bars to the busiest month and says the counts in words", () => {
    const bars = chartBars([0, 2, 4, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(bars.map((b) => b.height)).toEqual([0, 50, 100, 0, 0, 0, 0, 0, 0, 0, 0, 25]);
    expect(chartBars([]).every((b) => b.count === 0 && b.height === 0)).toBe(true);
    expect(chartSummary(2026, bars)).toBe(
      "Renewals paid each month of 2026: Jan 0, Feb 2, Mar 4, Apr 0, May 0, Jun 0, Jul 0, Aug 0, Sep 0, Oct 0, Nov 0, Dec 1.",
    );
  });
});

describe("the renewal reminder", () => {
  const fees = demoSettings(2026).membership;

  it("renders the member's name, this year's fee for the membership, 30 September and the account link", async () => {
    const html = await render(
      createElement(RenewalReminderEmail, {
        fullName: "Ada <b>",
        membership: "Family",
        year: 2026,
        fee: renewalFee("Family", fees),
        accountUrl: "https://mosaic.example/mem-account",
      }),
    );
    const text = toPlainText(html);
    expect(text).toContain("Dear Ada <b>,");
    expect(html).not.toContain("Ada <b>");
    expect(text).toContain(`Family membership, ${"£" + (fees.familyRenewFee / 100).toFixed(2)}`);
    expect(text).toContain("due before 30 September 2026");
    expect(html).toContain('href="https://mosaic.example/mem-account"');
    expect(renewalReminderSubject(2026)).toBe("MMA: your 2026 subscription is due");
    expect(renewalFee("Single", { singleRenewFee: 1000, familyRenewFee: 2000 })).toBe(1000);
    expect(reminderSentMessage(1)).toBe("Renewal reminder sent to 1 member.");
    expect(reminderSentMessage(3)).toBe("Renewal reminder sent to 3 members.");
  });

  it("chunks a list for the batch API", () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunks([], 100)).toEqual([]);
  });
});

describe("sendBatch", () => {
  const message = (i: number) => ({
    to: [`m${i}@example.com`],
    subject: "Due",
    react: createElement(RenewalReminderEmail, { fullName: `M${i}`, membership: "Single", year: 2026, fee: 1000, accountUrl: "https://x.example/mem-account" }),
    purpose: "renewal-reminder",
    memberId: `member-${i}`,
  });

  it("sends 100 a call, records every e-mail and marks it from its call's answer", async () => {
    const { repo, emails } = memoryOutbox();
    const calls: number[] = [];
    let failNext = false;
    const batch: BatchTransport = async (list) => {
      calls.push(list.length);
      if (failNext) throw new Error("rate_limit_exceeded: Too many requests");
      failNext = true;
      return list.map((email) => `id-${email.to[0]}`);
    };
    const service = emailService({
      outbox: repo,
      from: "MMA <no-reply@example.org>",
      transport: async () => "single",
      batchTransport: batch,
      batchPauseMs: 0,
      log: () => {},
    });
    expect(service.delivers).toBe(true);
    const results = await service.sendBatch(Array.from({ length: 150 }, (_, i) => message(i)));
    expect(calls).toEqual([100, 50]);
    expect(results.map((r) => r.to[0])).toEqual(Array.from({ length: 150 }, (_, i) => `m${i}@example.com`));
    const stored = [...emails.values()];
    expect(stored).toHaveLength(150);
    expect(stored.every((e) => e.purpose === "renewal-reminder" && e.html.includes("30 September"))).toBe(true);
    expect(stored.slice(0, 100).every((e) => e.status === "sent" && e.providerId === `id-${e.to[0]}`)).toBe(true);
    expect(stored.slice(100).every((e) => e.status === "failed" && e.error === "rate_limit_exceeded: Too many requests")).toBe(true);
  });

  it("without a provider keeps each e-mail in the outbox, and says it does not deliver", async () => {
    const { repo, emails } = memoryOutbox();
    const service = emailService({ outbox: repo, from: "MMA <no-reply@example.org>" });
    expect(service.delivers).toBe(false);
    await service.sendBatch([message(1), message(2)]);
    expect([...emails.values()].map((e) => e.status)).toEqual(["stored", "stored"]);
  });
});
