import { describe, expect, it } from "vitest";
import { someoneStillToCome, ticketOnMyAccount, ticketUsableUntil, titleWithYear } from "~/features/tickets/my-tickets";
import type { Attendee } from "~/kernel/store/records";

const person = (position: number, admittedAt: number | null): Attendee => ({ band: "adult", position, name: `P${position}`, admittedAt });

describe("which tickets My Account shows", () => {
  it("keeps a paid ticket while someone on it is still to come", () => {
    expect(someoneStillToCome({ paid: true, used: false, attendees: [person(1, null), person(2, null)] })).toBe(true);
    expect(someoneStillToCome({ paid: true, used: true, attendees: [person(1, 100), person(2, null)] })).toBe(true);
    expect(someoneStillToCome({ paid: true, used: true, attendees: [person(1, 100), person(2, 120)] })).toBe(false);
    expect(someoneStillToCome({ paid: false, used: false, attendees: [person(1, null)] })).toBe(false);
  });

  it("hides an old site's used ticket that kept no per-person times", () => {
    expect(someoneStillToCome({ paid: true, used: true, attendees: [person(1, null)] })).toBe(false);
  });

  it("drops a ticket once its event is over (after 31 January of the next year, as its QR)", () => {
    const ticket = { paid: true, used: false, year: 2026, attendees: [person(1, null)] };
    expect(ticketUsableUntil(2026)).toBe(Date.UTC(2027, 1, 1) / 1000 - 1);
    expect(ticketOnMyAccount(ticket, ticketUsableUntil(2026))).toBe(true);
    expect(ticketOnMyAccount(ticket, ticketUsableUntil(2026) + 1)).toBe(false);
  });
});

describe("a ticket's heading", () => {
  it("names the year once", () => {
    expect(titleWithYear("Christmas & New Year Celebration 2026", 2026)).toBe("Christmas & New Year Celebration 2026");
    expect(titleWithYear("Christmas Party", 2026)).toBe("Christmas Party 2026");
    expect(titleWithYear("Party 20265", 2026)).toBe("Party 20265 2026");
  });
});
