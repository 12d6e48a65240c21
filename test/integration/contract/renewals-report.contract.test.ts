import { beforeAll, describe, expect, it } from "vitest";
import type { Transaction } from "~/kernel/store/records";
import { monthPeriods } from "~/features/office/renewals-report";
import { newMember, newTransaction } from "../../support/fixtures";
import { describeStore, QUICK_CLAIM_PAUSE_MS } from "../../support/store-adapters";

/**
 * The subscriptions report's port methods (listSettled, summarizeSettled) over a small
 * fixture, the same on both adapters. settle() is only setup here, so Cockpit's claim
 * pause is short. (The D1 index behind these queries: test/integration/kernel/store/report-indexes.test.ts.)
 */
const at = (month: number, day: number, hour = 12) => Date.UTC(2026, month, day, hour) / 1000;

describeStore("renewals report", { verifyDelayMs: QUICK_CLAIM_PAUSE_MS }, (t) => {
  async function paid(overrides: Partial<Transaction> & { at?: number; status?: "success" | "failed" | "pending" }) {
    const userId = (await t.store.members.register(newMember())).id;
    const { at: when = at(0, 10), status = "success", ...rest } = overrides;
    const tx = await t.store.transactions.create(newTransaction(userId, rest));
    if (status !== "pending") await t.store.transactions.settle(tx.id, status, when);
    return tx;
  }

  beforeAll(async () => {
    await paid({ title: "Renewal B", memberName: "Jan Payer", memberEmail: "Jan.Payer@Example.com", unitAmount: 1000, qty: 1, at: at(0, 15) });
    await paid({ title: "Renewal B", memberName: "Feb Payer", unitAmount: 2000, qty: 1, membershipType: "Family", at: at(1, 3) });
    await paid({ title: "Renewal A", memberName: "Feb Payer 2", unitAmount: 1000, qty: 2, at: at(1, 20) });
    // 23:30 UTC on 31 March is 00:30 BST on 1 April: an April renewal.
    await paid({ title: "Renewal C", memberName: "April Payer", unitAmount: 1000, at: Date.UTC(2026, 2, 31, 23, 30) / 1000 });
    // Not in the 2026 renewals report:
    await paid({ title: "Renewal Z", memberName: "Failed Payer", status: "failed" });
    await paid({ title: "Renewal Z", memberName: "Pending Payer", status: "pending" });
    await paid({ title: "Renewal Z", memberName: "Last Year Payer", year: 2025 });
    await paid({ title: "Registration Z", memberName: "Registration Payer", paymentType: "registration" });
  });

  describe("the search (the subscriptions report's search area)", () => {
    const names = async (search: string) =>
      (await t.store.transactions.listSettled({ year: 2026, paymentType: "renew", search })).rows.map((r) => r.memberName);

    it("finds by the name or e-mail on the transaction, any case, and counts and sums what it finds", async () => {
      expect(await names("feb payer")).toEqual(["Feb Payer 2", "Feb Payer"]);
      expect(await names("APRIL")).toEqual(["April Payer"]);
      expect(await names("jan.payer@EXAMPLE")).toEqual(["Jan Payer"]);
      expect(await names("nobody")).toEqual([]);
      // Not in the year's paid renewals, whatever the search.
      expect(await names("Last Year")).toEqual([]);
      expect(await names("Failed")).toEqual([]);
      const found = await t.store.transactions.summarizeSettled({ year: 2026, paymentType: "renew", search: "feb" }, []);
      expect(found).toEqual({ count: 2, amount: 2000 + 2000, perPeriod: [] });
      const page = await t.store.transactions.listSettled({ year: 2026, paymentType: "renew", search: "payer", page: 0, pageSize: 2 });
      expect(page.total).toBe(4);
      expect(page.rows).toHaveLength(2);
    });

    it("finds by the member's number, with or without MMA", async () => {
      const all = (await t.store.transactions.listSettled({ year: 2026, paymentType: "renew" })).rows;
      const april = all.find((r) => r.memberName === "April Payer")!;
      const number = (await t.store.members.getById(april.userId))!.memberNumber!;
      expect(await names(`MMA${number}`)).toEqual(["April Payer"]);
      expect(await names(`mma ${number}`)).toEqual(["April Payer"]);
      expect((await t.store.transactions.summarizeSettled({ year: 2026, paymentType: "renew", search: `MMA${number}` }, [])).count).toBe(1);
    });
  });

  describe("transactions", () => {
    it("lists the year's paid renewals newest received first (ADR 64), with the total count", async () => {
      const page = await t.store.transactions.listSettled({ year: 2026, paymentType: "renew" });
      expect(page.total).toBe(4);
      expect(page.rows.map((r) => r.memberName)).toEqual(["April Payer", "Feb Payer 2", "Feb Payer", "Jan Payer"]);
      expect(page.rows.every((r) => r.status === "success")).toBe(true);
      const last = await t.store.transactions.listSettled({ year: 2025, paymentType: "renew" });
      expect(last.rows.map((r) => r.memberName)).toEqual(["Last Year Payer"]);
    });

    it("pages (0-based), keeps the total, and never reads a bad page size as 'no limit'", async () => {
      const second = await t.store.transactions.listSettled({ year: 2026, paymentType: "renew", page: 1, pageSize: 3 });
      expect(second.rows.map((r) => r.memberName)).toEqual(["Jan Payer"]);
      expect(second.total).toBe(4);
      expect((await t.store.transactions.listSettled({ year: 2026, paymentType: "renew", page: 0, pageSize: -1 })).rows).toHaveLength(1);
      expect((await t.store.transactions.listSettled({ year: 2026, paymentType: "renew", page: 9, pageSize: 15 })).rows).toEqual([]);
    });

    it("sums unit × qty and counts each UK month", async () => {
      const summary = await t.store.transactions.summarizeSettled({ year: 2026, paymentType: "renew" }, monthPeriods(2026));
      expect(summary.count).toBe(4);
      expect(summary.amount).toBe(1000 + 2000 + 2000 + 1000);
      expect(summary.perPeriod).toEqual([1, 2, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
      const empty = await t.store.transactions.summarizeSettled({ year: 2024, paymentType: "renew" }, monthPeriods(2024));
      expect(empty).toEqual({ count: 0, amount: 0, perPeriod: Array(12).fill(0) });
    });
  });

  describe("running totals per year and pages without a count (ADR 64)", () => {
    it("pageSettled is listSettled's page without the count", async () => {
      for (const page of [0, 1]) {
        const query = { year: 2026, paymentType: "renew" as const, page, pageSize: 3 };
        expect((await t.store.transactions.pageSettled(query)).map((r) => r.id)).toEqual((await t.store.transactions.listSettled(query)).rows.map((r) => r.id));
      }
    });

    it("counts the year's paid renewals by the UK month their money was received", async () => {
      expect(await t.store.transactions.renewalTotals(2026)).toEqual({ count: 4, amount: 6000, perMonth: [1, 2, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0] });
      expect(await t.store.transactions.renewalTotals(2024)).toEqual({ count: 0, amount: 0, perMonth: Array(12).fill(0) });
    });

    it("a cash renewal recorded in November for money received in September counts, lists and sums as September", async () => {
      const userId = (await t.store.members.register(newMember())).id;
      const tx = await t.store.transactions.create({
        ...newTransaction(userId, { year: 2027, memberName: "September Cash Payer", unitAmount: 1500 }),
        method: "cash",
        paidOn: "2027-09-27",
      });
      await t.store.transactions.settle(tx.id, "success", Date.UTC(2027, 10, 26, 12) / 1000);
      const september = Array(12).fill(0);
      september[8] = 1;
      expect(await t.store.transactions.renewalTotals(2027)).toEqual({ count: 1, amount: 1500, perMonth: september });
      expect(await t.store.transactions.recountRenewalTotals(2027)).toEqual({ count: 1, amount: 1500, perMonth: september });
      expect((await t.store.transactions.summarizeSettled({ year: 2027, paymentType: "renew" }, monthPeriods(2027))).perPeriod).toEqual(september);
    });

    it("lists the pending members a page at a time, counted up to a limit where the store reads rows (D1)", async () => {
      const year = 2040;
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) ids.push((await t.store.members.register(newMember({ active: true, registrationPaid: true, lastRenewedYear: year - 1 }))).id);
      const all = await t.store.members.list({ deleted: false, active: true, notRenewedIn: year });
      const first = await t.store.members.listPendingRenewal({ notRenewedIn: year, page: 0, pageSize: 2 }, 1_000_000);
      expect(first.rows.map((m) => m.id)).toEqual(all.rows.slice(0, 2).map((m) => m.id));
      expect(first).toMatchObject({ total: all.total, atLeast: false });
      const second = await t.store.members.listPendingRenewal({ notRenewedIn: year, page: 1, pageSize: 2 }, 1_000_000);
      expect(second.rows.map((m) => m.id)).toEqual(all.rows.slice(2, 4).map((m) => m.id));
      const capped = await t.store.members.listPendingRenewal({ notRenewedIn: year, page: 0, pageSize: 2 }, 3);
      // D1 stops counting at the limit; Cockpit's reads are not D1 rows, and it counts them all.
      expect(capped).toMatchObject(t.kind === "d1" ? { total: 3, atLeast: true } : { total: all.total, atLeast: false });
    });
  });
});
