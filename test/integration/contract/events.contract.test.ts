import { beforeAll, describe, expect, it } from "vitest";
import { createTicketWithCode } from "~/features/tickets/ticket-lookup.server";
import type { EventFields } from "~/kernel/store/records";
import { defaultSiteSettings } from "~/kernel/store/site-settings-defaults";
import { newMember, newTicket } from "../../support/fixtures";
import { describeStore } from "../../support/store-adapters";

/**
 * Events as records (ADR 60) over each store: the events themselves are in D1 beside either
 * store; a ticket keeps its event's id (a D1 column, a Cockpit entry field), and the adoption
 * of the settings' event links the tickets of its title and year that have none.
 */

function fields(title: string, date: string, overrides: Partial<EventFields> = {}): EventFields {
  return {
    date,
    startTime: "18:00",
    endTime: "22:00",
    venue: "Mosaic Hall",
    descriptionHtml: "<p>All welcome</p>",
    image: null,
    capacity: 100,
    tickets: { ...defaultSiteSettings().tickets, title, lastBookingDate: date, christmasAdultPrice: 1500, christmasAdultPriceId: "price_adult" },
    bookingOpensOn: "",
    published: true,
    membersOnly: true,
    ...overrides,
  };
}

describeStore("events", {}, (t) => {
  let userId: string;
  beforeAll(async () => {
    userId = (await t.store.members.register(newMember())).id;
  });

  it("creates, reads, lists by date, changes and cancels an event", async () => {
    const summer = await t.store.events.create(fields("Summer Fair", "2031-07-04"));
    const spring = await t.store.events.create(fields("Spring Quiz", "2031-03-01", { published: false }));
    expect(await t.store.events.hasAny()).toBe(true);
    expect(await t.store.events.get(summer.id)).toEqual(summer);
    expect(summer).toMatchObject({ title: "Summer Fair", capacity: 100, cancelledAt: null });
    expect(summer.tickets).toMatchObject({ title: "Summer Fair", christmasAdultPrice: 1500, christmasAdultPriceId: "price_adult" });

    const listed = (await t.store.events.list()).map((e) => e.id);
    expect(listed.indexOf(spring.id)).toBeLessThan(listed.indexOf(summer.id));
    // Upcoming: published and not cancelled only, from the day given.
    expect((await t.store.events.listUpcoming("2031-01-01", 10)).map((e) => e.id)).toContain(summer.id);
    expect((await t.store.events.listUpcoming("2031-01-01", 10)).map((e) => e.id)).not.toContain(spring.id);
    expect((await t.store.events.listUpcoming("2031-07-05", 10)).map((e) => e.id)).not.toContain(summer.id);

    const renamed = await t.store.events.update(summer.id, { ...fields("Summer Fete", "2031-07-05"), venue: "Park" });
    expect(renamed).toMatchObject({ id: summer.id, title: "Summer Fete", date: "2031-07-05", venue: "Park", createdAt: summer.createdAt });
    expect(await t.store.events.get(summer.id)).toEqual(renamed);

    const cancelled = await t.store.events.setCancelled(summer.id, 1_900_000_000);
    expect(cancelled?.cancelledAt).toBe(1_900_000_000);
    expect((await t.store.events.listUpcoming("2031-01-01", 10)).map((e) => e.id)).not.toContain(summer.id);
    expect((await t.store.events.setCancelled(summer.id, null))?.cancelledAt).toBeNull();

    expect(await t.store.events.get("000000000000000000000000")).toBeNull();
    expect(await t.store.events.update("000000000000000000000000", fields("Nothing", "2031-01-01"))).toBeNull();
    expect(await t.store.events.setCancelled("000000000000000000000000", 1)).toBeNull();
  });

  it("a ticket keeps its event's id", async () => {
    const event = await t.store.events.create(fields("Annual Day", "2031-05-01"));
    const ticket = await createTicketWithCode(t.store, newTicket(userId, { eventId: event.id, title: "Annual Day", year: 2031 }));
    expect(ticket.eventId).toBe(event.id);
    expect((await t.store.tickets.getById(ticket.id))?.eventId).toBe(event.id);
    expect((await t.store.tickets.getByCode(ticket.code))?.eventId).toBe(event.id);
    const none = await createTicketWithCode(t.store, newTicket(userId, { eventId: null }));
    expect((await t.store.tickets.getById(none.id))?.eventId).toBeNull();
  });

  describe("linking the tickets of the settings' event", () => {
    it("gives its id to the tickets of its exact title and year that have none, and to no others", async () => {
      const event = await t.store.events.create(fields("Harvest Supper", "2031-10-01"));
      const other = await t.store.events.create(fields("Harvest Supper", "2031-10-02"));
      const make = (title: string, year: number, eventId: string | null) => createTicketWithCode(t.store, newTicket(userId, { title, year, eventId }));
      const matching = [await make("Harvest Supper", 2031, null), await make("Harvest Supper", 2031, null)];
      const lastYear = await make("Harvest Supper", 2030, null);
      const anotherTitle = await make("Harvest supper", 2031, null);
      const linkedElsewhere = await make("Harvest Supper", 2031, other.id);

      expect(await t.store.tickets.linkToEvent(event.id, { title: "Harvest Supper", year: 2031 })).toBe(2);
      for (const ticket of matching) expect((await t.store.tickets.getById(ticket.id))?.eventId).toBe(event.id);
      expect((await t.store.tickets.getById(lastYear.id))?.eventId).toBeNull();
      expect((await t.store.tickets.getById(anotherTitle.id))?.eventId).toBeNull();
      expect((await t.store.tickets.getById(linkedElsewhere.id))?.eventId).toBe(other.id);
      // Again: nothing left to link.
      expect(await t.store.tickets.linkToEvent(event.id, { title: "Harvest Supper", year: 2031 })).toBe(0);
    });
  });
});
