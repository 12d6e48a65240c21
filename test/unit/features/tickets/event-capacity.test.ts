import { describe, expect, it } from "vitest";
import {
  CHECKOUT_HOLD_SECONDS,
  EVENT_FULL_MESSAGE,
  capacityRefusal,
  heldSince,
  holdsPlaces,
  onlyPlacesLeftMessage,
  peopleHoldingPlaces,
  placesLeft,
  placesShown,
} from "~/features/tickets/event-capacity";

const NOW = 1_800_000_000;
const people = (n: number) => Array.from({ length: n }, (_, i) => ({ band: "adult" as const, position: i + 1, name: `P${i}`, admittedAt: null }));

describe("who holds a place", () => {
  it("a paid ticket always; an unpaid one only while its checkout may still be paid (24 hours)", () => {
    expect(CHECKOUT_HOLD_SECONDS).toBe(86_400);
    const since = heldSince(NOW);
    expect(holdsPlaces({ paid: true, createdAt: 0 }, since)).toBe(true);
    expect(holdsPlaces({ paid: false, createdAt: NOW - CHECKOUT_HOLD_SECONDS }, since)).toBe(true);
    expect(holdsPlaces({ paid: false, createdAt: NOW - CHECKOUT_HOLD_SECONDS - 1 }, since)).toBe(false);
  });

  it("counts the people on those tickets, each attendee one place", () => {
    const tickets = [
      { paid: true, createdAt: 0, attendees: people(4) },
      { paid: false, createdAt: NOW - 60, attendees: people(3) },
      { paid: false, createdAt: NOW - 2 * CHECKOUT_HOLD_SECONDS, attendees: people(5) },
    ];
    expect(peopleHoldingPlaces(tickets, heldSince(NOW))).toBe(7);
    expect(peopleHoldingPlaces([], heldSince(NOW))).toBe(0);
  });
});

describe("the capacity rule", () => {
  it("0 is no limit", () => {
    expect(placesLeft(0, 5000)).toBeNull();
    expect(capacityRefusal(0, 5000, 12)).toBeNull();
    expect(placesShown(0, 5000)).toEqual({ full: false, notice: null });
  });

  it("lets a party in while it fits, up to the last place", () => {
    expect(capacityRefusal(100, 96, 4)).toBeNull();
    expect(capacityRefusal(100, 0, 100)).toBeNull();
  });

  it("refuses a party bigger than what is left, saying how many are left", () => {
    expect(capacityRefusal(100, 97, 4)).toBe("Only 3 places are left for this event.");
    expect(capacityRefusal(100, 99, 2)).toBe("Only 1 place is left for this event.");
    expect(onlyPlacesLeftMessage(2)).toBe("Only 2 places are left for this event.");
  });

  it("a full (or over-booked) event refuses everyone", () => {
    expect(capacityRefusal(100, 100, 1)).toBe(EVENT_FULL_MESSAGE);
    expect(capacityRefusal(100, 103, 1)).toBe("This event is full.");
    expect(placesLeft(100, 103)).toBe(0);
  });

  it("the booking page says how many are left only under 20, and full when none", () => {
    expect(placesShown(100, 80)).toEqual({ full: false, notice: null });
    expect(placesShown(100, 81)).toEqual({ full: false, notice: "19 places left" });
    expect(placesShown(100, 99)).toEqual({ full: false, notice: "1 place left" });
    expect(placesShown(100, 100)).toEqual({ full: true, notice: "This event is full." });
    expect(placesShown(10, 0)).toEqual({ full: false, notice: "10 places left" });
  });
});
