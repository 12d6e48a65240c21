import { describe, expect, it } from "vitest";
import { newMember, newTicket, newTransaction } from "../../support/fixtures";
import { describeStore, QUICK_CLAIM_PAUSE_MS } from "../../support/store-adapters";

/**
 * Offline payments (docs/requirements.md §4.9, ADR 0054): a transaction keeps how it was paid, its
 * reference and the day the money came, and reads back the same on both stores (on
 * Cockpit as extra fields of the `membertransactions` entry); older records, with none,
 * read as card payments. ticketPaymentMethods gives each paid ticket's method.
 */
describeStore("offline payments", { verifyDelayMs: QUICK_CLAIM_PAUSE_MS }, (t) => {
  const member = async () => (await t.store.members.register(newMember())).id;

  describe("transaction fields", () => {
    it("saves and reads back the method, the reference and the day received, also after settling", async () => {
      const userId = await member();
      const created = await t.store.transactions.create(newTransaction(userId, { method: "cheque", reference: "CHQ 000123", paidOn: "2026-11-20" }));
      expect(created).toMatchObject({ method: "cheque", reference: "CHQ 000123", paidOn: "2026-11-20" });
      expect(await t.store.transactions.getById(created.id)).toMatchObject({ method: "cheque", reference: "CHQ 000123", paidOn: "2026-11-20" });
      expect(await t.store.transactions.settlePaid(created.id, 1_790_000_000, null)).toBe(true);
      const settled = await t.store.transactions.getById(created.id);
      expect(settled).toMatchObject({ status: "success", method: "cheque", reference: "CHQ 000123", paidOn: "2026-11-20" });
      expect((await t.store.transactions.listByUser(userId))[0]).toMatchObject({ method: "cheque", reference: "CHQ 000123" });
    });

    it("reads a transaction made without them as a card payment with no reference or day", async () => {
      const created = await t.store.transactions.create(newTransaction(await member()));
      expect(created).toMatchObject({ method: "card", reference: null, paidOn: null });
      expect(await t.store.transactions.getById(created.id)).toMatchObject({ method: "card", reference: null, paidOn: null });
    });
  });

  describe("ticketPaymentMethods", () => {
    it("gives the method of each ticket's paid transaction, and nothing for a ticket without one", async () => {
      const userId = await member();
      const cash = await t.store.tickets.create(newTicket(userId));
      const card = await t.store.tickets.create(newTicket(userId));
      const unpaid = await t.store.tickets.create(newTicket(userId));
      const cashTx = await t.store.transactions.create(
        newTransaction(userId, { paymentType: "ticket", ticketId: cash.id, method: "cash", paidOn: "2026-11-24" }),
      );
      const cardTx = await t.store.transactions.create(newTransaction(userId, { paymentType: "ticket", ticketId: card.id }));
      // A pending one does not count: the ticket is not paid by it.
      await t.store.transactions.create(newTransaction(userId, { paymentType: "ticket", ticketId: unpaid.id, method: "cash" }));
      await t.store.transactions.settlePaid(cashTx.id, 1_790_000_000, null);
      await t.store.transactions.settlePaid(cardTx.id, 1_790_000_000, null);
      expect(await t.store.transactions.ticketPaymentMethods([cash.id, card.id, unpaid.id])).toEqual({ [cash.id]: "cash", [card.id]: "card" });
      expect(await t.store.transactions.ticketPaymentMethods([])).toEqual({});
    });
  });
});
