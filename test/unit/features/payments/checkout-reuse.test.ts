import { describe, expect, it } from "vitest";
import { reusableTicket, reusableTransaction } from "~/features/payments/checkout-reuse";
import type { Ticket, Transaction } from "~/kernel/store/records";
import { paidTicketsFor } from "~/features/tickets/ticket-booking";

const tx = (overrides: Partial<Transaction>): Transaction => ({
  id: "t1",
  userId: "m1",
  title: "Membership Renewal",
  unitAmount: 1000,
  qty: 1,
  year: 2026,
  status: "pending",
  priceRef: "price",
  membershipType: "Single",
  memberName: "A",
  memberEmail: "a@example.org",
  paymentType: "renew",
  ticketId: null,
  checkoutSessionId: "cs_1",
  createdAt: 100,
  settledAt: null,
  familyDetails: null,
  ...overrides,
});
const renewal = { paymentType: "renew" as const, title: "Membership Renewal", year: 2026, total: 1000, ticketId: null };

describe("reusing an open checkout", () => {
  it("takes the newest pending transaction with a session for the same payment", () => {
    expect(reusableTransaction([tx({ id: "old", createdAt: 1 }), tx({ id: "new", createdAt: 2 })], renewal)?.id).toBe("new");
  });

  it("never a settled or failed one, one without a session, another year, amount, type or ticket", () => {
    for (const other of [
      tx({ status: "failed" }),
      tx({ status: "success" }),
      tx({ checkoutSessionId: null }),
      tx({ year: 2025 }),
      tx({ unitAmount: 1200 }),
      tx({ paymentType: "registration" }),
      tx({ ticketId: "k1" }),
    ]) {
      expect(reusableTransaction([other], renewal)).toBeNull();
    }
  });

  it("an upgrade only for the same family", () => {
    const consents = { agreeTerms: true, giftAid: true, resident: true, payment: true, childPhoto: false, childPhotoShare: false };
    const family = { spouse: { title: "Mr" as const, name: "Sam", email: "s@example.org", mobile: "07700900001" }, children: [], consents };
    const upgrade = tx({ title: "Convert to Family", paymentType: "registration", familyDetails: family });
    const wanted = { paymentType: "registration" as const, title: "Convert to Family", year: 2026, total: 1000, ticketId: null };
    expect(reusableTransaction([upgrade], { ...wanted, familyDetails: { ...family } })?.id).toBe("t1");
    expect(reusableTransaction([upgrade], { ...wanted, familyDetails: { ...family, spouse: { ...family.spouse, name: "Alex" } } })).toBeNull();
  });
});

const ticket = (overrides: Partial<Ticket>): Ticket => ({
  id: "k1",
  userId: "m1",
  eventId: "e1",
  title: "Party",
  email: "a@example.org",
  membership: "Family",
  year: 2026,
  price: 2400,
  paid: false,
  used: false,
  code: "ABCD2345",
  attendees: [
    { band: "adult", position: 1, name: "Ann", admittedAt: null },
    { band: "adult", position: 2, name: "Bob", admittedAt: null },
  ],
  createdAt: 1,
  ...overrides,
});
const party = {
  eventId: "e1",
  title: "Party",
  year: 2026,
  price: 2400,
  attendees: [
    { band: "adult" as const, position: 2, name: "Bob" },
    { band: "adult" as const, position: 1, name: " ann " },
  ],
};

describe("booking the same party again", () => {
  it("reuses the unpaid ticket for the same event, party and price", () => {
    expect(reusableTicket([ticket({})], party)?.id).toBe("k1");
  });
  it("never a paid ticket, another event, price or party", () => {
    for (const other of [
      ticket({ paid: true }),
      ticket({ title: "Other" }),
      ticket({ eventId: "e2" }),
      ticket({ price: 1 }),
      ticket({ attendees: [{ band: "adult", position: 1, name: "Ann", admittedAt: null }] }),
    ]) {
      expect(reusableTicket([other], party)).toBeNull();
    }
  });
});

describe("a paid ticket for the event already", () => {
  it("counts the paid tickets of this event (by its id) only", () => {
    const tickets = [
      ticket({ id: "a", paid: true }),
      ticket({ id: "b" }),
      ticket({ id: "c", paid: true, eventId: "e2" }),
      ticket({ id: "d", paid: true, eventId: null }),
    ];
    expect(paidTicketsFor(tickets, "e1").map((t) => t.id)).toEqual(["a"]);
  });
});
