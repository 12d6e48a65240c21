import { describe, expect, it } from "vitest";
import { cockpitTransactions } from "~/kernel/store/cockpit/transactions.server";
import { StoreUnavailableError } from "~/kernel/store/errors";
import { useCockpitRepository } from "../../../../support/cockpit-repository";
import { newTransaction } from "../../../../support/fixtures";

/** The transactions repository over a fake Cockpit v1, in this process. */

const USER = "aaaaaaaaaaaaaaaaaaaaaaaa";
const cockpit = useCockpitRepository((client) => cockpitTransactions(client, { verifyDelayMs: 100 }), "membertransactions");
const stored = () => cockpit.entries();

describe("transactions over Cockpit", () => {
  it("creates a pending transaction with the old site's payload and lists a member's history newest first", async () => {
    const a = await cockpit.repo.create(newTransaction(USER, { title: "Older", unitAmount: 1050, qty: 2 }));
    expect(a).toMatchObject({ status: "pending", unitAmount: 1050, qty: 2, checkoutSessionId: null, settledAt: null });
    expect(stored()[0]).toMatchObject({
      userId: USER,
      transactionTitle: "Older",
      transactionAmount: 10.5,
      status: "pending",
      striperef: "price_test",
      paymentType: "renew",
    });
    expect(await cockpit.repo.getById(a.id)).toEqual(a);
    expect(await cockpit.repo.getById("ffffffffffffffffffffffff")).toBeNull();
    expect(await cockpit.repo.settle(a.id, "success", 100)).toBe(true);
    stored()[0]!._created = a.createdAt - 10;

    const b = await cockpit.repo.create(newTransaction(USER, { title: "Newer" }));
    await cockpit.repo.setCheckoutSession(b.id, "cs_test_123");
    expect((await cockpit.repo.getById(b.id))?.checkoutSessionId).toBe("cs_test_123");
    await cockpit.repo.setCheckoutSession("ffffffffffffffffffffffff", "cs_nobody");
    await cockpit.repo.create(newTransaction("bbbbbbbbbbbbbbbbbbbbbbbb", { title: "Someone else" }));

    expect((await cockpit.repo.listByUser(USER, "success")).map((t) => t.title)).toEqual(["Older"]);
    expect((await cockpit.repo.listByUser(USER)).map((t) => t.title)).toEqual(["Newer", "Older"]);
  });

  it("settles exactly once under 10 concurrent calls, and the status that stands is the winner's", async () => {
    const tx = await cockpit.repo.create(newTransaction(USER));
    const calls = Array.from({ length: 10 }, (_, i) => ({ status: i % 2 ? ("failed" as const) : ("success" as const), at: 200 + i }));
    const results = await Promise.all(calls.map((c) => cockpit.repo.settle(tx.id, c.status, c.at)));
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = calls[results.indexOf(true)]!;
    expect(await cockpit.repo.getById(tx.id)).toMatchObject({ status: winner.status, settledAt: winner.at });
    expect(await cockpit.repo.settle(tx.id, "success", 999)).toBe(winner.status === "failed");
  });

  it("settles once when 10 calls arrive a few milliseconds apart (reads and writes interleaved), round after round", async () => {
    for (let round = 0; round < 5; round++) {
      const tx = await cockpit.repo.create(newTransaction(USER));
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => new Promise((resolve) => setTimeout(resolve, i * 3)).then(() => cockpit.repo.settle(tx.id, "success", 500 + i))),
      );
      expect(results.filter(Boolean), `round ${round}`).toHaveLength(1);
    }
  });

  it("lets a payment succeed after a cancel, but never fails a success; unknown ids are not settled", async () => {
    const tx = await cockpit.repo.create(newTransaction(USER));
    expect(await cockpit.repo.settle(tx.id, "failed", 300)).toBe(true);
    expect(await cockpit.repo.settle(tx.id, "failed", 301)).toBe(false);
    expect(await cockpit.repo.settle(tx.id, "success", 302)).toBe(true);
    expect(await cockpit.repo.settle(tx.id, "failed", 303)).toBe(false);
    expect(await cockpit.repo.settle(tx.id, "success", 304)).toBe(false);
    expect(await cockpit.repo.getById(tx.id)).toMatchObject({ status: "success", settledAt: 302 });
    expect(await cockpit.repo.settle("ffffffffffffffffffffffff", "success", 1)).toBe(false);
  });

  it("reads the exact transaction and member's history among ids PHP's == takes as equal numbers", async () => {
    stored().push({ _id: "000000000000000000000100", _created: 1, userId: "0000000000000000000001e2", transactionTitle: "Other", status: "pending" });
    stored().push({ _id: "0000000000000000000001e2", _created: 2, userId: "000000000000000000000100", transactionTitle: "Mine", status: "pending" });
    expect((await cockpit.repo.getById("0000000000000000000001e2"))?.title).toBe("Mine");
    expect((await cockpit.repo.listByUser("000000000000000000000100")).map((t) => t.title)).toEqual(["Mine"]);
    expect(await cockpit.repo.settle("0000000000000000000001e2", "failed", 5)).toBe(true);
    expect((await cockpit.repo.getById("000000000000000000000100"))?.status).toBe("pending");
    expect(await cockpit.repo.settle("not-an-id", "failed", 5)).toBe(false);
  });

  it("lists pending transactions oldest first, with pages and the total", async () => {
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await cockpit.repo.create(newTransaction(USER, { title: `P${i}` })));
    await cockpit.repo.settle(made[2]!.id, "failed", 10);
    stored().forEach((e, i) => (e._created = 1_000 + i));
    const first = await cockpit.repo.listPending({ pageSize: 3 });
    expect(first.total).toBe(4);
    expect(first.rows.map((t) => t.title)).toEqual(["P0", "P1", "P3"]);
    expect((await cockpit.repo.listPending({ page: 1, pageSize: 3 })).rows.map((t) => t.title)).toEqual(["P4"]);
  });

  it("reports a year's paid transactions of one type: newest received first (ADR 64), pages, sums and periods", async () => {
    const day = (d: number) => Date.UTC(2026, 0, d, 12) / 1000;
    const rows = [
      { title: "Renewal A", at: day(1), amount: 1000, qty: 1 },
      { title: "Renewal B", at: day(2), amount: 2000, qty: 2 },
      { title: "Renewal A", at: day(4), amount: 1000, qty: 1 },
      { title: "Renewal B", at: day(5), amount: 500, qty: 1 },
    ];
    const ids: string[] = [];
    for (const r of rows) {
      const tx = await cockpit.repo.create(newTransaction(USER, { title: r.title, unitAmount: r.amount, qty: r.qty, year: 2026, paymentType: "renew" }));
      await cockpit.repo.settle(tx.id, "success", r.at);
      ids.push(tx.id);
    }
    // Not in the report: pending, failed, another year, another type.
    await cockpit.repo.create(newTransaction(USER, { year: 2026 }));
    await cockpit.repo.settle((await cockpit.repo.create(newTransaction(USER, { year: 2026 }))).id, "failed", 1_500);
    await cockpit.repo.settle((await cockpit.repo.create(newTransaction(USER, { year: 2025 }))).id, "success", 1_500);
    await cockpit.repo.settle((await cockpit.repo.create(newTransaction(USER, { year: 2026, paymentType: "registration" }))).id, "success", 1_500);
    // A legacy paid entry without settledAt counts from its creation, with a string year.
    stored().push({
      _id: "cccccccccccccccccccccccc",
      _created: day(3),
      userId: USER,
      transactionTitle: "Renewal A",
      transactionAmount: "10",
      qty: "1",
      year: "2026",
      status: "success",
      paymentType: "renew",
    });

    const query = { year: 2026, paymentType: "renew" as const };
    const all = await cockpit.repo.listSettled(query);
    expect(all.total).toBe(5);
    expect(all.rows.map((t) => t.id)).toEqual([ids[3], ids[2], "cccccccccccccccccccccccc", ids[1], ids[0]]);
    const page = await cockpit.repo.listSettled({ ...query, page: 1, pageSize: 2 });
    expect(page).toMatchObject({ total: 5 });
    expect(page.rows.map((t) => t.id)).toEqual(["cccccccccccccccccccccccc", ids[1]]);

    const summary = await cockpit.repo.summarizeSettled(query, [
      { from: day(1) - 43_200, to: day(2) - 43_200 },
      { from: day(2) - 43_200, to: day(4) - 43_200 },
      { from: day(4) - 43_200, to: day(30) },
    ]);
    expect(summary).toEqual({ count: 5, amount: 1000 + 4000 + 1000 + 500 + 1000, perPeriod: [1, 2, 2] });
    // The running totals count them all in January.
    expect(await cockpit.repo.renewalTotals(2026)).toEqual({ count: 5, amount: 7500, perMonth: [5, ...Array(11).fill(0)] });
  });

  it("turns an outage into StoreUnavailableError", async () => {
    cockpit.fake.down(true);
    try {
      await expect(cockpit.repo.listByUser(USER)).rejects.toBeInstanceOf(StoreUnavailableError);
    } finally {
      cockpit.fake.down(false);
    }
  });
});
