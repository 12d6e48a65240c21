import { beforeAll, describe, expect, it } from "vitest";
import { UPGRADE_TITLE, settlementFor } from "~/features/payments/fees";
import { newMember, newTicket, newTransaction } from "../../support/fixtures";
import { describeStore } from "../../support/store-adapters";

/**
 * The port's promises for transactions and tickets (port.ts): settle() and markPaid()
 * return true only for the call that made the change; admit() admits each person once
 * whatever the number of concurrent calls. D1 guarantees it with conditional UPDATEs;
 * Cockpit keeps it as far as its API allows (ADR 21): this block runs at Cockpit's real
 * claim pause (150 ms), within which the concurrent calls below all land.
 */
describeStore("transactions and tickets", {}, (t) => {
  let userId: string;

  beforeAll(async () => {
    userId = (await t.store.members.register(newMember())).id;
  });

  describe("transactions", () => {
    it("creates pending transactions and lists a member's history newest first", async () => {
      const a = await t.store.transactions.create(newTransaction(userId, { title: "Older" }));
      expect(a.status).toBe("pending");
      expect(await t.store.transactions.getById(a.id)).toEqual(a);
      await t.store.transactions.settle(a.id, "success", 100);
      const b = await t.store.transactions.create(newTransaction(userId, { title: "Newer" }));
      await t.store.transactions.setCheckoutSession(b.id, "cs_test_123");
      expect((await t.store.transactions.getById(b.id))?.checkoutSessionId).toBe("cs_test_123");
      expect((await t.store.transactions.listByUser(userId, "success")).map((t) => t.title)).toEqual(["Older"]);
      expect((await t.store.transactions.listByUser(userId)).map((t) => t.id)).toContain(b.id);
    });

    it("settles a transaction under 20 concurrent calls: each outcome at most once, and the one it ends with said so", async () => {
      const tx = await t.store.transactions.create(newTransaction(userId));
      const asked = Array.from({ length: 20 }, (_, i) => (i % 2 ? "failed" : "success") as "failed" | "success");
      const results = await Promise.all(asked.map((status, i) => t.store.transactions.settle(tx.id, status, 200 + i)));
      // A success may settle a failed payment too (the card provider may report a late
      // success), so a failure and then a success may both win, by the order the calls arrive
      // in; never two of the same, and the status it ends with is one a call was told it set.
      const won = (status: "failed" | "success") => results.filter((ok, i) => ok && asked[i] === status).length;
      expect(won("success")).toBeLessThanOrEqual(1);
      expect(won("failed")).toBeLessThanOrEqual(1);
      const settled = await t.store.transactions.getById(tx.id);
      expect(settled?.status).not.toBe("pending");
      expect(won(settled!.status as "failed" | "success")).toBe(1);
      expect(await t.store.transactions.settle(tx.id, "success", 999)).toBe(settled?.status === "failed");
    });

    it("settlePaid settles once under 20 concurrent calls and changes the member with it", async () => {
      const member = await t.store.members.register(newMember({ active: false, registrationPaid: false, lastRenewedYear: null }));
      const tx = await t.store.transactions.create(newTransaction(member.id, { paymentType: "registration", title: "Registration", year: 2026 }));
      const change = { memberId: member.id, settlement: { kind: "registration" as const, year: 2026 } };
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => t.store.transactions.settlePaid(tx.id, 500 + i, change)));
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await t.store.transactions.getById(tx.id)).toMatchObject({ status: "success" });
      expect(await t.store.members.getById(member.id)).toMatchObject({ active: true, registrationPaid: true, lastRenewedYear: 2026 });
    });

    it("settlePaid refuses a second transaction for a change the member already has, and writes nothing", async () => {
      const member = await t.store.members.register(newMember({ lastRenewedYear: 2025 }));
      const change = { memberId: member.id, settlement: { kind: "renewal" as const, year: 2026 } };
      const first = await t.store.transactions.create(newTransaction(member.id, { year: 2026 }));
      const second = await t.store.transactions.create(newTransaction(member.id, { year: 2026 }));
      expect(await t.store.transactions.settlePaid(first.id, 600, change)).toBe(true);
      expect(await t.store.transactions.settlePaid(second.id, 601, change)).toBe(false);
      expect(await t.store.transactions.getById(second.id)).toMatchObject({ status: "pending", settledAt: null });
      expect((await t.store.members.getById(member.id))?.lastRenewedYear).toBe(2026);
    });

    // docs/requirements.md §3.5 (ADR 26): an upgrade's family lives with its pending payment and reaches the member when it settles.
    it("keeps an upgrade's family on its transaction and applies it with the membership when paid", async () => {
      const member = await t.store.members.register(newMember({ membership: "Single", spouse: null, children: [] }));
      const consents = { ...member.consents, childPhoto: true, childPhotoShare: true };
      const family = {
        spouse: { title: "Mr" as const, name: "Ravi Menon", email: "ravi@example.org", mobile: "07700900021" },
        children: [{ name: "Asha Menon", birthYear: 2016 }],
        consents,
      };
      const tx = await t.store.transactions.create(
        newTransaction(member.id, { paymentType: "registration", title: UPGRADE_TITLE, membershipType: "Family", familyDetails: family }),
      );
      expect(tx.familyDetails).toEqual(family);
      const stored = await t.store.transactions.getById(tx.id);
      expect(stored).toEqual(tx);
      expect((await t.store.transactions.create(newTransaction(member.id))).familyDetails).toBeNull();
      // Nothing on the member until it is paid.
      expect(await t.store.members.getById(member.id)).toMatchObject({ membership: "Single", spouse: null, children: [] });
      const change = settlementFor(stored!);
      expect(await t.store.transactions.settlePaid(tx.id, 700, { memberId: member.id, settlement: change! })).toBe(true);
      expect(await t.store.members.getById(member.id)).toMatchObject({ membership: "Family", spouse: family.spouse, children: family.children, consents });
    });

    it("lets a payment succeed after a cancel, but never fails a success", async () => {
      const tx = await t.store.transactions.create(newTransaction(userId));
      expect(await t.store.transactions.settle(tx.id, "failed", 300)).toBe(true);
      expect(await t.store.transactions.settle(tx.id, "failed", 301)).toBe(false);
      expect(await t.store.transactions.settle(tx.id, "success", 302)).toBe(true);
      expect(await t.store.transactions.settle(tx.id, "failed", 303)).toBe(false);
      expect(await t.store.transactions.settle(tx.id, "success", 304)).toBe(false);
      expect(await t.store.transactions.getById(tx.id)).toMatchObject({ status: "success", settledAt: 302 });
    });
  });

  describe("the accountant's Reconcile list", () => {
    it("lists every pending transaction oldest first, pages it and keeps the total", async () => {
      const mine = [];
      for (let i = 0; i < 3; i++) mine.push(await t.store.transactions.create(newTransaction(userId, { title: `Pending ${i}` })));
      await t.store.transactions.settle(mine[1]!.id, "success", 400);
      const all = await t.store.transactions.listPending();
      expect(all.rows.every((r) => r.status === "pending")).toBe(true);
      expect(all.total).toBe(all.rows.length);
      const ids = all.rows.map((r) => r.id);
      expect(ids).toContain(mine[0]!.id);
      expect(ids).toContain(mine[2]!.id);
      expect(ids).not.toContain(mine[1]!.id);
      expect(all.rows.map((r) => r.createdAt)).toEqual([...all.rows.map((r) => r.createdAt)].sort((a, b) => a - b));
      const page = await t.store.transactions.listPending({ page: 1, pageSize: 1 });
      expect(page.rows.map((r) => r.id)).toEqual([ids[1]]);
      expect(page.total).toBe(all.total);
      // A bad page size is never "no limit", and a bad page is the first.
      expect((await t.store.transactions.listPending({ pageSize: -5 })).rows.map((r) => r.id)).toEqual([ids[0]]);
      expect((await t.store.transactions.listPending({ page: -3, pageSize: 2 })).rows.map((r) => r.id)).toEqual(ids.slice(0, 2));
    });
  });

  describe("unknown ids", () => {
    it("finds, settles, pays and admits nothing", async () => {
      for (const id of ["nope", "ffffffffffffffffffffffff"]) {
        expect(await t.store.transactions.getById(id), id).toBeNull();
        expect(await t.store.transactions.settle(id, "success", 1), id).toBe(false);
        await expect(t.store.transactions.setCheckoutSession(id, "cs_test_x")).resolves.toBeUndefined();
        expect(await t.store.tickets.getById(id), id).toBeNull();
        expect(await t.store.tickets.markPaid(id), id).toBe(false);
        expect(await t.store.tickets.admit(id, [{ band: "adult", position: 1 }], 1), id).toEqual([]);
      }
      expect(await t.store.tickets.getByCode("ZZZZ2345")).toBeNull();
      expect(await t.store.transactions.listByUser("ffffffffffffffffffffffff")).toEqual([]);
    });
  });

  describe("tickets", () => {
    it("stores a ticket with its attendees and finds it by id and code", async () => {
      const ticket = await t.store.tickets.create(newTicket(userId, { code: " abc2def3 " }));
      expect(ticket.paid).toBe(false);
      expect(ticket.code).toBe("ABC2DEF3");
      expect(await t.store.tickets.getById(ticket.id)).toEqual(ticket);
      expect((await t.store.tickets.getByCode(ticket.code.toLowerCase()))?.id).toBe(ticket.id);
      expect(await t.store.tickets.listOpenByUser(userId)).toEqual([]);
      expect(await t.store.tickets.markPaid(ticket.id)).toBe(true);
      expect(await t.store.tickets.markPaid(ticket.id)).toBe(false);
      expect((await t.store.tickets.listOpenByUser(userId)).map((t) => t.id)).toEqual([ticket.id]);
    });

    // docs/requirements.md §5.7: a household's ticket stays open until the last of them is admitted.
    it("lists a paid ticket as open while someone on it is still to come, and every ticket of a member", async () => {
      const member = await t.store.members.register(newMember());
      const ticket = await t.store.tickets.create(newTicket(member.id));
      const unpaid = await t.store.tickets.create(newTicket(member.id, { title: "Abandoned" }));
      await t.store.tickets.markPaid(ticket.id);
      await t.store.tickets.admit(
        ticket.id,
        [
          { band: "adult", position: 1 },
          { band: "adult", position: 2 },
        ],
        50,
      );
      expect((await t.store.tickets.listOpenByUser(member.id)).map((x) => x.id)).toEqual([ticket.id]);
      expect((await t.store.tickets.listByUser(member.id)).map((x) => x.id).sort()).toEqual([ticket.id, unpaid.id].sort());
      await t.store.tickets.admit(ticket.id, [{ band: "above5", position: 1 }], 60);
      expect(await t.store.tickets.listOpenByUser(member.id)).toEqual([]);
      expect(await t.store.tickets.listByUser("ffffffffffffffffffffffff")).toEqual([]);
    });

    it("admits each person once under 20 concurrent saves, and marks the ticket used", async () => {
      const ticket = await t.store.tickets.create(newTicket(userId));
      const people = [
        { band: "adult" as const, position: 1 },
        { band: "above5" as const, position: 1 },
      ];
      // Unpaid tickets admit nobody.
      expect(await t.store.tickets.admit(ticket.id, people, 10)).toEqual([]);
      await t.store.tickets.markPaid(ticket.id);

      const results = await Promise.all(Array.from({ length: 20 }, () => t.store.tickets.admit(ticket.id, people, 20)));
      expect(results.flat()).toHaveLength(2);
      const after = await t.store.tickets.getById(ticket.id);
      expect(after?.used).toBe(true);
      expect(after?.attendees.filter((a) => a.admittedAt !== null).map((a) => `${a.band}${a.position}`)).toEqual(["adult1", "above51"]);
      // The rest of the household can come later on the same ticket.
      expect(await t.store.tickets.admit(ticket.id, [{ band: "adult", position: 2 }], 30)).toEqual([{ band: "adult", position: 2 }]);
      expect(await t.store.tickets.listOpenByUser(userId)).not.toContainEqual(expect.objectContaining({ id: ticket.id }));
    });
  });
});
