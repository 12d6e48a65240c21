import { describe, expect, it } from "vitest";
import {
  admissionMessage,
  doorCard,
  doorEvent,
  doorStatus,
  formatAdmittedAt,
  parsePersonKey,
  personKey,
  selectedForAdmission,
  wrongEventMessage,
} from "~/features/door/door";
import type { Attendee, Ticket } from "~/kernel/store/records";

const person = (band: Attendee["band"], position: number, name: string, admittedAt: number | null = null): Attendee => ({ band, position, name, admittedAt });

// 20 December 2026, 19:42 in London (GMT in winter) = 19:42 UTC.
const EVENING = Date.UTC(2026, 11, 20, 19, 42) / 1000;
// 1 July 2026, 18:05 in London (BST) = 17:05 UTC.
const SUMMER = Date.UTC(2026, 6, 1, 17, 5) / 1000;

const EVENT = doorEvent({ title: "Christmas Party", lastBookingDate: "2026-12-20" });

function ticket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: "t1",
    userId: "u1",
    eventId: null,
    title: "Christmas Party",
    email: "family@example.org",
    membership: "Family",
    year: 2026,
    price: 4250,
    paid: true,
    used: false,
    code: "XMAS7K2P",
    // Stored out of order on purpose: the card lists them in band order.
    attendees: [
      person("below5", 1, "Baby"),
      person("above5", 1, "Kid"),
      person("adult", 2, "Second Adult"),
      person("adult", 1, "First Adult"),
      person("above13", 1, "Teen"),
    ],
    createdAt: 0,
    ...overrides,
  };
}

describe("person keys", () => {
  it("round-trips every band", () => {
    for (const band of ["adult", "parent", "above13", "above5", "below5"] as const) {
      expect(parsePersonKey(personKey({ band, position: 3 }))).toEqual({ band, position: 3 });
    }
  });

  it("refuses junk", () => {
    for (const junk of ["", "adult", "adult-0", "adult-x", "guest-1", "adult-1-2", "ADULT-1", " adult-1", "adult-100", null, 3, {}]) {
      expect(parsePersonKey(junk)).toBeNull();
    }
  });
});

describe("doorStatus", () => {
  it("is FIRST SCAN until someone is admitted, then USED TICKET", () => {
    expect(doorStatus(ticket())).toBe("FIRST SCAN");
    const one = ticket();
    one.attendees[2] = { ...one.attendees[2]!, admittedAt: EVENING };
    expect(doorStatus(one)).toBe("USED TICKET");
  });

  it("is USED TICKET when the ticket is marked used even with nobody recorded", () => {
    expect(doorStatus(ticket({ used: true }))).toBe("USED TICKET");
  });
});

describe("formatAdmittedAt", () => {
  it("shows UK time, winter and summer", () => {
    expect(formatAdmittedAt(EVENING)).toBe("19:42, 20 Dec");
    expect(formatAdmittedAt(SUMMER)).toBe("18:05, 1 Jul");
  });
});

describe("doorCard", () => {
  it("shows the ticket's facts and its people in band order with their types", () => {
    const card = doorCard(ticket(), { lastRenewedYear: 2026 }, 2026, EVENT);
    expect(card).toMatchObject({
      code: "XMAS-7K2P",
      title: "Christmas Party",
      year: 2026,
      wrongEvent: null,
      membershipType: "Family",
      price: "£42.50",
      status: "FIRST SCAN",
      membershipStatus: "Paid",
      waiting: 5,
    });
    expect(card.people.map((p) => [p.key, p.type, p.name, p.admitted])).toEqual([
      ["adult-1", "Adult", "First Adult", false],
      ["adult-2", "Adult", "Second Adult", false],
      ["above13-1", "Child above 13", "Teen", false],
      ["above5-1", "Child above 5", "Kid", false],
      ["below5-1", "Child below 5", "Baby", false],
    ]);
  });

  it("marks admitted people with their time and counts who is still waiting", () => {
    const t = ticket({ used: true });
    t.attendees[3] = { ...t.attendees[3]!, admittedAt: EVENING };
    const card = doorCard(t, { lastRenewedYear: 2026 }, 2026, EVENT);
    expect(card.status).toBe("USED TICKET");
    expect(card.people[0]).toMatchObject({ key: "adult-1", admitted: true, admittedAt: "19:42, 20 Dec" });
    expect(card.people[1]).toMatchObject({ admitted: false, admittedAt: null });
    expect(card.waiting).toBe(4);
  });

  it("says Lapsed when the member has not renewed this year, or the record is gone", () => {
    expect(doorCard(ticket(), { lastRenewedYear: 2025 }, 2026, EVENT).membershipStatus).toBe("Lapsed");
    expect(doorCard(ticket(), { lastRenewedYear: null }, 2026, EVENT).membershipStatus).toBe("Lapsed");
    expect(doorCard(ticket(), null, 2026, EVENT).membershipStatus).toBe("Lapsed");
  });
});

describe("a ticket for another event", () => {
  it("takes the event from the settings: the title, and the year of the last booking date", () => {
    expect(EVENT).toEqual({ title: "Christmas Party", year: 2026 });
  });

  it("accepts this year's ticket of the event, whatever the title's case and spacing", () => {
    expect(wrongEventMessage(ticket(), EVENT)).toBeNull();
    expect(wrongEventMessage(ticket({ title: "  christmas   PARTY " }), EVENT)).toBeNull();
  });

  it("refuses last year's ticket of the same event, and this year's ticket of another event, saying which", () => {
    expect(wrongEventMessage(ticket({ year: 2025 }), EVENT)).toBe("This ticket is for Christmas Party (2025), not Christmas Party (2026). Do not admit.");
    expect(wrongEventMessage(ticket({ title: "Summer Picnic" }), EVENT)).toBe(
      "This ticket is for Summer Picnic (2026), not Christmas Party (2026). Do not admit.",
    );
    expect(wrongEventMessage(ticket({ year: 2027 }), EVENT)).not.toBeNull();
  });

  it("still makes the card, with the ticket's year and the message", () => {
    const card = doorCard(ticket({ year: 2025 }), { lastRenewedYear: 2026 }, 2026, EVENT);
    expect(card).toMatchObject({ title: "Christmas Party", year: 2025, status: "FIRST SCAN", waiting: 5 });
    expect(card.wrongEvent).toBe("This ticket is for Christmas Party (2025), not Christmas Party (2026). Do not admit.");
  });
});

describe("selectedForAdmission", () => {
  it("keeps the ticket's checked people once each, in band order, dropping junk and strangers", () => {
    expect(selectedForAdmission(ticket(), ["below5-1", "adult-1", "adult-1", "parent-1", "adult-9", "junk", 7, null])).toEqual([
      { band: "adult", position: 1 },
      { band: "below5", position: 1 },
    ]);
  });

  it("keeps people already admitted (a stale page): the store admits each once and the toast says so", () => {
    const t = ticket();
    t.attendees[3] = { ...t.attendees[3]!, admittedAt: EVENING };
    expect(selectedForAdmission(t, ["adult-1", "adult-2"])).toHaveLength(2);
  });

  it("is empty when nothing is checked", () => {
    expect(selectedForAdmission(ticket(), [])).toEqual([]);
  });
});

describe("admissionMessage", () => {
  it("counts who this SAVE admitted and who was already in", () => {
    expect(admissionMessage(2, 2)).toEqual({ kind: "success", message: "2 people admitted." });
    expect(admissionMessage(1, 1)).toEqual({ kind: "success", message: "1 person admitted." });
    expect(admissionMessage(3, 1)).toEqual({ kind: "success", message: "1 person admitted. 2 people already admitted." });
    expect(admissionMessage(2, 0)).toEqual({ kind: "info", message: "Nobody admitted: 2 people already admitted." });
  });
});
