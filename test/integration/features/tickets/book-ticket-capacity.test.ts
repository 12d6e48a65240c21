import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { heldSince } from "~/features/tickets/event-capacity";
import { eventDetails } from "~/features/tickets/event-details";
import type { SiteSettings } from "~/kernel/store/site-settings";
import { d1Members } from "~/kernel/store/d1/members.server";
import { d1Tickets } from "~/kernel/store/d1/tickets.server";
import { d1Transactions } from "~/kernel/store/d1/transactions.server";
import { nowSeconds } from "~/kernel/store/ids";
import { DEMO_EVENT_ID, changeEvent, client, withDb } from "../../../support/book-ticket";
import { newMember } from "../../../support/fixtures";
import { formMessage, parseHtml, textOf } from "../../../support/html";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { TIMEOUTS } from "../../../support/time-budget";

/**
 * The upcoming event's capacity and its when and where on /book-ticket, My Account and the
 * ticket e-mail (docs/requirements.md §5.1, §5.5; ADR 43). A private server whose event has
 * 5 places left when it starts (the seeded tickets hold the rest): a party of 6 is refused
 * and books nothing, 1 and then 4 fill it, and then the page says it is full and the
 * booking is refused.
 */

let server: SeededServer;
const { get, post } = client(() => server.url);
const people = {
  single: newMember({ fullName: "Sam Single", membership: "Single", active: true, registrationPaid: true }),
  family: newMember({ fullName: "Fay Family", membership: "Family", active: true, registrationPaid: true }),
  late: newMember({ fullName: "Larry Late", membership: "Single", active: true, registrationPaid: true }),
};
const ids = {} as Record<keyof typeof people, string>;
let settings: SiteSettings;

const ticketsOf = (id: string) => withDb(server, (db) => d1Tickets(db).listByUser(id));
/** Two adults and `parents` parents: a party of 2 + parents. */
const familyParty = (parents: number) => ({
  numberOfAdults: "2",
  adultName1: "Fay Family",
  adultName2: "Fred Family",
  numberOfParents: String(parents),
  ...Object.fromEntries(Array.from({ length: parents }, (_, i) => [`parentName${i + 1}`, `Parent ${i + 1}`])),
  another: "yes",
});

beforeAll(async () => {
  server = await startSeededServer({
    prepare: async (db) => {
      for (const key of Object.keys(people) as Array<keyof typeof people>) ids[key] = (await d1Members(db).register(people[key])).id;
      const row = await db.prepare("SELECT data FROM singletons WHERE name = 'general'").first<{ data: string }>();
      settings = JSON.parse(row!.data) as SiteSettings;
      const held = await d1Tickets(db).countPeopleHoldingPlaces(DEMO_EVENT_ID, heldSince(nowSeconds()));
      await changeEvent(db, { capacity: held + 5 });
    },
  });
});
afterAll(() => server?.stop());

const bookingPage = async (id: string) => parseHtml(await (await get("/book-ticket", id)).text());

describe("an event with a capacity", () => {
  it("the booking page shows when and where, and the places left when fewer than 20", async () => {
    const page = await bookingPage(ids.single);
    const { when, venue } = eventDetails(settings.upcomingEvent);
    expect(when).toMatch(/^\w+day 27 December \d{4}, 6pm$/);
    expect(page.all(".booking-event dt").map(textOf)).toEqual(["When", "Where"]);
    expect(page.all(".booking-event dd").map(textOf)).toEqual([when, venue]);
    expect(page.text(".booking-places")).toBe("5 places left");
    expect(page.one(".booking-submit")?.attribs.disabled).toBeUndefined();
  });

  it("refuses a party bigger than what is left (400, the message), and books nothing", async () => {
    const response = await post("/book-ticket", familyParty(4), ids.family);
    expect(response.status).toBe(400);
    expect(formMessage(await response.text())).toBe("Only 5 places are left for this event.");
    expect(await ticketsOf(ids.family)).toEqual([]);
    expect(await withDb(server, (db) => d1Transactions(db).listByUser(ids.family))).toEqual([]);
  });

  it("books parties while they fit, to the last place; then the page says it is full and booking is refused (403)", async () => {
    expect((await post("/book-ticket", { numberOfAdults: "1", adultName1: "Sam Single" }, ids.single)).status).toBe(303);
    expect((await bookingPage(ids.family)).text(".booking-places")).toBe("4 places left");
    expect((await post("/book-ticket", familyParty(2), ids.family)).status).toBe(303);
    expect(await ticketsOf(ids.family)).toHaveLength(1);

    const page = await bookingPage(ids.late);
    expect(page.text(".booking-closed")).toBe("This event is full.");
    expect(page.one(".booking-places")).toBeNull();
    const button = page.one(".booking-submit");
    expect(button?.attribs.disabled).toBeDefined();
    expect(page.text(".booking-submit")).toBe("Booking Not Available");
    expect(page.one('button[value="update"]')).toBeNull();

    const refused = await post("/book-ticket", { numberOfAdults: "1", adultName1: "Larry Late" }, ids.late);
    expect(refused.status).toBe(403);
    expect(formMessage(await refused.text())).toBe("This event is full.");
    expect(await ticketsOf(ids.late)).toEqual([]);
  });

  it("booking the same party again reuses its unpaid ticket, which already holds its places, even when the event is full", async () => {
    const before = await ticketsOf(ids.single);
    const again = await post("/book-ticket", { numberOfAdults: "1", adultName1: "Sam Single" }, ids.single);
    expect(again.status).toBe(303);
    expect((await ticketsOf(ids.single)).map((t) => t.id)).toEqual(before.map((t) => t.id));
  });

  it("the paid ticket's e-mail and My Account show when and where", async () => {
    const response = await post("/book-ticket", { numberOfAdults: "1", adultName1: "Sam Single" }, ids.single);
    const paid = await post(response.headers.get("Location")!, { intent: "pay" });
    expect(paid.status).toBe(303);
    // The return page settles the ticket and sends its e-mail.
    const back = new URL(paid.headers.get("Location")!, server.url);
    expect((await get(`${back.pathname}${back.search}`)).headers.get("X-Settlement")).toBe("settled");
    const { when, venue } = eventDetails(settings.upcomingEvent);

    const account = parseHtml(await (await get("/mem-account", ids.single)).text());
    expect(account.all(".account-ticket .ticket-event dd").map(textOf)).toEqual([when, venue]);

    const email = await vi.waitFor(
      async () => {
        const row = await withDb(server, (db) =>
          db.prepare("SELECT text FROM outbox WHERE purpose = 'ticket' AND recipients LIKE ?").bind(`%${people.single.email}%`).first<{ text: string }>(),
        );
        if (!row) throw new Error("no ticket e-mail yet");
        return row.text;
      },
      { timeout: TIMEOUTS.poll, interval: 50 },
    );
    expect(email).toContain(`When: ${when}`);
    expect(email).toContain(`Where: ${venue}`);
  });
});
