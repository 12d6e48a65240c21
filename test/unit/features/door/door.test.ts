import { describe, expect, it } from "vitest";
import {
  admissionMessage,
  chosenDoorEvent,
  defaultDoorEvent,
  doorCard,
  doorEvents,
  doorHref,
  doorStatus,
  eventChoiceLabel,
  eventChoices,
  formatAdmittedAt,
  formatDoorDay,
  householdAdmissionMessage,
  householdAtDoor,
  householdHint,
  parsePersonKey,
  personKey,
  selectedForAdmission,
  stillToCome,
  wrongEventMessage,
} from "~/features/door/door";
import { noEvent } from "~/features/tickets";
import { defaultSiteSettings } from "~/kernel/store/site-settings-defaults";
import type { Attendee, EventRecord, Ticket } from "~/kernel/store/records";

const person = (band: Attendee["band"], position: number, name: string, admittedAt: number | null = null): Attendee => ({ band, position, name, admittedAt });

// 20 December 2026, 19:42 in London (GMT in winter) = 19:42 UTC.
const EVENING = Date.UTC(2026, 11, 20, 19, 42) / 1000;
// 1 July 2026, 18:05 in London (BST) = 17:05 UTC.
const SUMMER = Date.UTC(2026, 6, 1, 17, 5) / 1000;

/** An event record: shown, with its tickets' last booking day a week before it. */
function event(id: string, title: string, date: string, overrides: Partial<EventRecord> = {}): EventRecord {
  const base = noEvent(defaultSiteSettings().tickets);
  const lastBookingDate = date || "2026-12-20";
  return { ...base, id, title, date, published: true, tickets: { ...base.tickets, title, lastBookingDate }, ...overrides };
}

const EVENT = event("ev-xmas", "Christmas Party", "2026-12-27");

function ticket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: "t1",
    userId: "u1",
    eventId: "ev-xmas",
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
    const card = doorCard(ticket(), { lastRenewedYear: 2026 }, 2026, EVENT, EVENT);
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
    const card = doorCard(t, { lastRenewedYear: 2026 }, 2026, EVENT, EVENT);
    expect(card.status).toBe("USED TICKET");
    expect(card.people[0]).toMatchObject({ key: "adult-1", admitted: true, admittedAt: "19:42, 20 Dec" });
    expect(card.people[1]).toMatchObject({ admitted: false, admittedAt: null });
    expect(card.waiting).toBe(4);
  });

  it("says Lapsed when the member has not renewed this year, or the record is gone", () => {
    expect(doorCard(ticket(), { lastRenewedYear: 2025 }, 2026, EVENT, EVENT).membershipStatus).toBe("Lapsed");
    expect(doorCard(ticket(), { lastRenewedYear: null }, 2026, EVENT, EVENT).membershipStatus).toBe("Lapsed");
    expect(doorCard(ticket(), null, 2026, EVENT, EVENT).membershipStatus).toBe("Lapsed");
  });
});

describe("the event at the door", () => {
  const PICNIC = event("ev-picnic", "Summer Picnic", "2026-07-04");
  const FAIR = event("ev-fair", "Autumn Fair", "2026-10-10");
  const XMAS = EVENT;
  const DRAFT = event("ev-draft", "Draft Dance", "2026-12-01", { published: false });
  const CANCELLED = event("ev-off", "Called Off", "2026-11-01", { cancelledAt: 1 });
  const UNDATED = event("ev-undated", "Quiz Night", "", { tickets: { ...XMAS.tickets, title: "Quiz Night", lastBookingDate: "2026-11-30" } });
  const ALL = [XMAS, CANCELLED, PICNIC, DRAFT, FAIR];

  it("lists the shown events, those not over soonest first, then the past ones latest first", () => {
    expect(doorEvents(ALL, "2026-10-10").map((e) => e.id)).toEqual(["ev-fair", "ev-xmas", "ev-picnic"]);
    expect(doorEvents(ALL, "2026-12-28").map((e) => e.id)).toEqual(["ev-xmas", "ev-fair", "ev-picnic"]);
    expect(doorEvents([], "2026-10-10")).toEqual([]);
  });

  it("defaults to the shown event dated today, else the next one not over, else the latest", () => {
    expect(defaultDoorEvent(ALL, "2026-10-10")?.id).toBe("ev-fair");
    expect(defaultDoorEvent(ALL, "2026-07-04")?.id).toBe("ev-picnic");
    expect(defaultDoorEvent(ALL, "2026-10-11")?.id).toBe("ev-xmas");
    // The draft (1 December) and the cancelled one (1 November) are never the door's.
    expect(defaultDoorEvent(ALL, "2026-11-01")?.id).toBe("ev-xmas");
    expect(defaultDoorEvent(ALL, "2026-12-01")?.id).toBe("ev-xmas");
    expect(defaultDoorEvent(ALL, "2027-01-05")?.id).toBe("ev-xmas");
    expect(defaultDoorEvent(ALL, "2026-01-01")?.id).toBe("ev-picnic");
    expect(defaultDoorEvent([DRAFT, CANCELLED], "2026-10-10")).toBeNull();
  });

  it("takes the steward's choice among the listed events, else the default", () => {
    expect(chosenDoorEvent(ALL, "ev-picnic", "2026-10-10")?.id).toBe("ev-picnic");
    expect(chosenDoorEvent(ALL, "ev-draft", "2026-10-10")?.id).toBe("ev-fair");
    expect(chosenDoorEvent(ALL, "no-such-event", "2026-10-10")?.id).toBe("ev-fair");
    expect(chosenDoorEvent(ALL, "", "2026-10-10")?.id).toBe("ev-fair");
    expect(chosenDoorEvent(ALL, null, "2026-12-27")?.id).toBe("ev-xmas");
  });

  it("names each event by title and day, or title and year when it has no date", () => {
    expect(eventChoiceLabel(XMAS)).toBe("Christmas Party, 27 December 2026");
    expect(eventChoiceLabel(UNDATED)).toBe("Quiz Night (2026)");
    expect(eventChoices([PICNIC, UNDATED])).toEqual([
      { id: "ev-picnic", label: "Summer Picnic, 4 July 2026" },
      { id: "ev-undated", label: "Quiz Night (2026)" },
    ]);
  });

  it("formats a day as 27 December, with the year when asked, and nothing for junk", () => {
    expect(formatDoorDay("2026-12-27")).toBe("27 December");
    expect(formatDoorDay("2026-07-04", true)).toBe("4 July 2026");
    for (const junk of ["", "2026-13-01", "2026-00-10", "2026-12-32", "27/12/2026"]) expect(formatDoorDay(junk)).toBe("");
  });

  it("keeps the chosen event and the code in the door's address", () => {
    expect(doorHref({})).toBe("/scan-qr-code");
    expect(doorHref({ event: "ev-xmas" })).toBe("/scan-qr-code?event=ev-xmas");
    expect(doorHref({ event: "ev-xmas", code: "XMAS 7K2P&x" })).toBe("/scan-qr-code?event=ev-xmas&code=XMAS+7K2P%26x");
    // After a SAVE the page comes back at the card (ADR 65).
    expect(doorHref({ event: "ev-xmas", code: "XMAS7K2P", anchor: "door-card" })).toBe("/scan-qr-code?event=ev-xmas&code=XMAS7K2P#door-card");
    expect(doorHref({ anchor: "door-card" })).toBe("/scan-qr-code#door-card");
  });
});

describe("a ticket for another event", () => {
  const PICNIC = event("ev-picnic", "Summer Picnic", "2026-07-04");
  const LAST_XMAS = event("ev-xmas-2025", "Christmas Party", "2025-12-27");
  const UNDATED = event("ev-undated", "Quiz Night", "", { tickets: { ...EVENT.tickets, title: "Quiz Night", lastBookingDate: "2026-11-30" } });

  it("accepts a ticket of the chosen event, by its id alone", () => {
    expect(wrongEventMessage(ticket(), EVENT, EVENT)).toBeNull();
    // Its title and year do not matter: the id does.
    expect(wrongEventMessage(ticket({ title: "Renamed", year: 2020 }), EVENT, EVENT)).toBeNull();
  });

  it("refuses a ticket of another event, naming that event and its day", () => {
    expect(wrongEventMessage(ticket({ eventId: "ev-picnic", title: "Summer Picnic" }), PICNIC, EVENT)).toBe(
      "This ticket is for Summer Picnic, 4 July. Do not admit.",
    );
    // The other way round: at the picnic, a Christmas ticket.
    expect(wrongEventMessage(ticket(), EVENT, PICNIC)).toBe("This ticket is for Christmas Party, 27 December. Do not admit.");
  });

  it("gives the year when the ticket's event is of another year (last year's party of the same name)", () => {
    expect(wrongEventMessage(ticket({ eventId: "ev-xmas-2025", year: 2025 }), LAST_XMAS, EVENT)).toBe(
      "This ticket is for Christmas Party, 27 December 2025. Do not admit.",
    );
  });

  it("names an undated event, and a ticket of no event, by title and year", () => {
    expect(wrongEventMessage(ticket({ eventId: "ev-undated", title: "Quiz Night" }), UNDATED, EVENT)).toBe(
      "This ticket is for Quiz Night (2026). Do not admit.",
    );
    expect(wrongEventMessage(ticket({ eventId: null, year: 2025 }), null, EVENT)).toBe("This ticket is for Christmas Party (2025). Do not admit.");
    // A ticket of no event is never the chosen event's, even with the same title and year.
    expect(wrongEventMessage(ticket({ eventId: null }), null, EVENT)).toBe("This ticket is for Christmas Party (2026). Do not admit.");
  });

  it("refuses every ticket when there is no event at the door", () => {
    expect(wrongEventMessage(ticket(), EVENT, null)).toBe("This ticket is for Christmas Party, 27 December 2026. Do not admit.");
  });

  it("still makes the card, with the ticket's year and the message", () => {
    const card = doorCard(ticket({ eventId: "ev-picnic", title: "Summer Picnic" }), { lastRenewedYear: 2026 }, 2026, PICNIC, EVENT);
    expect(card).toMatchObject({ title: "Summer Picnic", year: 2026, status: "FIRST SCAN", waiting: 5 });
    expect(card.wrongEvent).toBe("This ticket is for Summer Picnic, 4 July. Do not admit.");
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

describe("Admit everyone (ADR 65)", () => {
  it("counts the household's people still to come over its tickets with someone still to come", () => {
    const second = ticket({ id: "t2", attendees: [person("adult", 1, "Guest", EVENING), person("above5", 1, "Cousin")] });
    const done = ticket({ id: "t3", attendees: [person("adult", 1, "Early", EVENING)] });
    expect(householdAtDoor([ticket(), second, done])).toEqual({ tickets: 2, waiting: 6 });
    expect(householdAtDoor([])).toEqual({ tickets: 0, waiting: 0 });
  });

  it("asks to admit each ticket's people not yet admitted, in band order", () => {
    const t = ticket();
    t.attendees[3] = { ...t.attendees[3]!, admittedAt: EVENING };
    expect(stillToCome(t)).toEqual([
      { band: "adult", position: 2 },
      { band: "above13", position: 1 },
      { band: "above5", position: 1 },
      { band: "below5", position: 1 },
    ]);
  });

  it("says how many it will admit, and how many it did", () => {
    expect(householdHint({ tickets: 1, waiting: 5 })).toBe("Admits the 5 people still to come on this household's ticket for this event.");
    expect(householdHint({ tickets: 2, waiting: 1 })).toBe("Admits the 1 person still to come on this household's 2 tickets for this event.");
    expect(householdAdmissionMessage(5, 5, 1)).toEqual({ kind: "success", message: "Everyone admitted: 5 people." });
    expect(householdAdmissionMessage(5, 3, 2)).toEqual({ kind: "success", message: "Everyone admitted: 3 people on 2 tickets. 2 people already admitted." });
    expect(householdAdmissionMessage(2, 0, 0)).toEqual({ kind: "info", message: "Nobody admitted: everyone in this household was already in." });
  });

  it("is not offered on a card until the server has read the household", () => {
    expect(doorCard(ticket(), { lastRenewedYear: 2026 }, 2026, EVENT, EVENT).household).toBeNull();
  });
});
