import { describe, expect, it } from "vitest";
import type { NewRefund } from "~/features/payments/refunds";
import { describeStore } from "../../support/store-adapters";

/**
 * Refunds through the port (docs/requirements.md §4.10, ADR 0055): kept in D1 on both stores. Never more than
 * was paid, whatever the order or number of posts; the same id is the same refund; a
 * provider's refund id is recorded once; a ticket refunded in full frees its people.
 */
let n = 0;
const id = () => (++n).toString(16).padStart(24, "0");
const refund = (over: Partial<NewRefund> = {}): NewRefund => ({
  id: id(),
  transactionId: "t-contract-1",
  userId: "u-contract-1",
  paymentType: "renew",
  year: 2031,
  amount: 1000,
  reason: "Paid twice",
  by: "Tom Treasurer",
  at: 1_800_000_000,
  method: "card",
  providerRefundId: null,
  status: "pending",
  ticketId: null,
  event: null,
  people: 0,
  ...over,
});

describeStore("refunds", {}, (t) => {
  it("records a refund within what was paid, and reads it back", async () => {
    const first = refund();
    const created = await t.store.refunds.create(first, 3000);
    expect(created).toEqual({ kind: "created", refund: { ...first, completes: false, membershipDecision: null } });
    expect(await t.store.refunds.get(first.id)).toEqual({ ...first, completes: false, membershipDecision: null });
    expect(await t.store.refunds.get("ffffffffffffffffffffffff")).toBeNull();
  });

  it("the same id again is the same refund: nothing more is written", async () => {
    const again = refund({ transactionId: "t-contract-2" });
    await t.store.refunds.create(again, 3000);
    const twice = await t.store.refunds.create({ ...again, amount: 2000 }, 3000);
    expect(twice.kind).toBe("exists");
    expect(await t.store.refunds.listByTransaction("t-contract-2")).toHaveLength(1);
  });

  it("never more than was paid: the refund that would exceed is refused; the one that reaches it completes", async () => {
    const over = await t.store.refunds.create(refund({ amount: 2001 }), 3000);
    expect(over).toEqual({ kind: "over" });
    const rest = await t.store.refunds.create(refund({ amount: 2000 }), 3000);
    expect(rest.kind === "created" && rest.refund.completes).toBe(true);
    expect(await t.store.refunds.create(refund({ amount: 1 }), 3000)).toEqual({ kind: "over" });
    expect((await t.store.refunds.listByTransaction("t-contract-1")).map((r) => r.amount)).toEqual([1000, 2000]);
  });

  it("ten posts of £10 at once for a £10 payment: only one of them is recorded", async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => t.store.refunds.create(refund({ transactionId: "t-contract-3", amount: 1000 }), 1000)));
    expect(results.filter((r) => r.kind === "created")).toHaveLength(1);
    expect(await t.store.refunds.listByTransaction("t-contract-3")).toHaveLength(1);
  });

  it("a failed refund no longer counts against what was paid; only a pending one settles", async () => {
    const [a] = await Promise.all([t.store.refunds.create(refund({ transactionId: "t-contract-4", amount: 1000 }), 1000)]);
    const first = a.kind === "created" ? a.refund : null;
    expect(await t.store.refunds.settle(first!.id, { status: "failed", providerRefundId: null })).toBe(true);
    expect(await t.store.refunds.settle(first!.id, { status: "succeeded", providerRefundId: "re_x" })).toBe(false);
    const retry = await t.store.refunds.create(refund({ transactionId: "t-contract-4", amount: 1000 }), 1000);
    expect(retry.kind).toBe("created");
  });

  it("finds a refund by the provider's id, and records that id once", async () => {
    const mine = refund({ transactionId: "t-contract-5", userId: "u-contract-5" });
    await t.store.refunds.create(mine, 5000);
    expect(await t.store.refunds.settle(mine.id, { status: "succeeded", providerRefundId: "re_contract_5" })).toBe(true);
    expect(await t.store.refunds.findByProviderId("re_contract_5")).toMatchObject({ id: mine.id, status: "succeeded" });
    expect(await t.store.refunds.findByProviderId("re_nobody")).toBeNull();
    // A webhook delivery racing with another one: the second record of the same Stripe refund is not written.
    const dup = await t.store.refunds.create(refund({ transactionId: "t-contract-5", providerRefundId: "re_contract_5", status: "succeeded" }), 5000);
    expect(dup.kind).toBe("over");
    expect(await t.store.refunds.listByUser("u-contract-5")).toHaveLength(1);
  });

  it("sums a year's done refunds of one payment type (the reports' net totals)", async () => {
    const sum = (year: number) => t.store.refunds.sumRefunded({ year, paymentType: "registration" });
    const before = await sum(2032);
    await t.store.refunds.create(refund({ transactionId: "t-contract-8", paymentType: "registration", year: 2032, amount: 700, status: "succeeded" }), 5000);
    await t.store.refunds.create(refund({ transactionId: "t-contract-8", paymentType: "registration", year: 2032, amount: 100, status: "pending" }), 5000);
    await t.store.refunds.create(refund({ transactionId: "t-contract-9", paymentType: "ticket", year: 2032, amount: 900, status: "succeeded" }), 5000);
    expect((await sum(2032)) - before).toBe(700);
    expect(await sum(2033)).toBe(0);
  });

  it("sums one event's done ticket refunds (the events report's net Total Amount)", async () => {
    const ticketRefund = (n: number, title: string, amount: number) =>
      refund({
        transactionId: `t-contract-ev${n}`,
        ticketId: `k-contract-ev${n}`,
        paymentType: "ticket",
        year: 2034,
        event: { id: null, title, year: 2034 },
        amount,
        status: "succeeded",
      });
    await t.store.refunds.create(ticketRefund(1, "Summer Picnic", 1500), 5000);
    await t.store.refunds.create(ticketRefund(2, "Christmas Party", 2500), 5000);
    const sum = (eventTitle?: string) => t.store.refunds.sumRefunded({ year: 2034, paymentType: "ticket", ...(eventTitle ? { eventTitle } : {}) });
    expect(await sum()).toBe(4000);
    expect(await sum("Summer Picnic")).toBe(1500);
    expect(await sum("Christmas Party")).toBe(2500);
    expect(await sum("Diwali Night")).toBe(0);
  });

  it("totals the done refunds of each payment or ticket asked for (the downloads' Refunded column)", async () => {
    await t.store.refunds.create(refund({ transactionId: "t-contract-10", amount: 300, status: "succeeded" }), 5000);
    await t.store.refunds.create(refund({ transactionId: "t-contract-10", amount: 200, status: "succeeded" }), 5000);
    await t.store.refunds.create(refund({ transactionId: "t-contract-11", amount: 400, status: "pending" }), 5000);
    await t.store.refunds.create(
      refund({ transactionId: "t-contract-12", ticketId: "k-contract-12", paymentType: "ticket", amount: 900, status: "succeeded" }),
      5000,
    );
    expect(await t.store.refunds.refundedBy("transaction", ["t-contract-10", "t-contract-11", "t-contract-12", "t-nobody"])).toEqual({
      "t-contract-10": 500,
      "t-contract-12": 900,
    });
    expect(await t.store.refunds.refundedBy("ticket", ["k-contract-12", "k-nobody"])).toEqual({ "k-contract-12": 900 });
    // More ids than D1 binds in one statement.
    const many = Array.from({ length: 150 }, (_, i) => `t-many-${i}`);
    expect(await t.store.refunds.refundedBy("transaction", [...many, "t-contract-10"])).toEqual({ "t-contract-10": 500 });
    expect(await t.store.refunds.refundedBy("ticket", [])).toEqual({});
  });

  it("keeps the accountant's answer about the membership", async () => {
    const mine = refund({ transactionId: "t-contract-6" });
    await t.store.refunds.create(mine, 5000);
    await t.store.refunds.setMembershipDecision(mine.id, "undone");
    expect((await t.store.refunds.get(mine.id))?.membershipDecision).toBe("undone");
  });

  describe("tickets", () => {
    const event = { id: "ev-contract-party", title: "Contract Party", year: 2031 };
    it("a ticket refunded in part is not refunded; in full (and done) it is, and its people are freed", async () => {
      const ticket = (over: Partial<NewRefund>) => refund({ transactionId: "t-contract-7", ticketId: "k-contract-7", event, people: 3, ...over });
      await t.store.refunds.create(ticket({ amount: 500, status: "succeeded" }), 2000);
      expect(await t.store.refunds.isTicketRefunded("k-contract-7")).toBe(false);
      expect(await t.store.refunds.countPeopleFreed(event.id)).toBe(0);
      const rest = await t.store.refunds.create(ticket({ amount: 1500 }), 2000);
      // Still pending at the card provider: not refunded yet.
      expect(await t.store.refunds.isTicketRefunded("k-contract-7")).toBe(false);
      await t.store.refunds.settle(rest.kind === "created" ? rest.refund.id : "", { status: "succeeded", providerRefundId: "re_contract_7" });
      expect(await t.store.refunds.isTicketRefunded("k-contract-7")).toBe(true);
      expect(await t.store.refunds.countPeopleFreed(event.id)).toBe(3);
      expect(await t.store.refunds.countPeopleFreed("ev-contract-other")).toBe(0);
      expect(await t.store.refunds.isTicketRefunded("k-other")).toBe(false);
    });
  });
});
