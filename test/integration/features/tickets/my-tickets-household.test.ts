import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Ticket } from "~/kernel/store/records";
import { currentYear } from "~/kernel/dates/dates";
import { createD1Store } from "~/kernel/store/d1/index.server";
import { createTicketWithCode } from "~/features/tickets/ticket-lookup.server";
import { DEMO_EVENT_ID, changeTickets } from "../../../support/book-ticket";
import { newMember } from "../../../support/fixtures";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";
import { client } from "../../../support/client";
import type { Element } from "domhandler";
import { pageText, parseHtml, within } from "../../../support/html";

/**
 * docs/requirements.md §5.7: a household's ticket stays on My Tickets, with its QR and code,
 * until everyone on it is admitted (the door admits them in goes), says who is in and when,
 * and leaves once the event is over; its heading names the year once. Private server.
 */

const YEAR = currentYear();
const TITLE = `Christmas & New Year Celebration ${YEAR}`;
const PARTY = [
  { band: "adult" as const, position: 1, name: "Hh Adult One" },
  { band: "adult" as const, position: 2, name: "Hh Adult Two" },
  { band: "above13" as const, position: 1, name: "Hh Teen" },
  { band: "above5" as const, position: 1, name: "Hh Kid One" },
  { band: "above5" as const, position: 2, name: "Hh Kid Two" },
  { band: "below5" as const, position: 1, name: "Hh Baby" },
];
const CODES = { household: "HHHHHHH2", longAgo: "HHOOOOO3" };

let server: SeededServer;
let holder: string;
const tickets = {} as Record<keyof typeof CODES, Ticket>;
const accountant = demoAccount("treasurer").id;

beforeAll(async () => {
  server = await startSeededServer({
    prepare: async (db) => {
      const store = createD1Store(db);
      await changeTickets(db, { title: TITLE, lastBookingDate: `${YEAR}-12-20` });
      holder = (
        await store.members.register(
          newMember({ fullName: "Household Holder", email: "household@example.org", membership: "Family", active: true, registrationPaid: true }),
        )
      ).id;
      for (const key of Object.keys(CODES) as Array<keyof typeof CODES>) {
        const year = key === "longAgo" ? YEAR - 2 : YEAR;
        const title = key === "longAgo" ? "Old Party" : TITLE;
        const ticket = await createTicketWithCode(
          store,
          {
            userId: holder,
            eventId: key === "longAgo" ? null : DEMO_EVENT_ID,
            title,
            email: "household@example.org",
            membership: "Family",
            year,
            price: 6000,
            attendees: PARTY,
          },
          () => CODES[key],
        );
        await store.tickets.markPaid(ticket.id);
        tickets[key] = ticket;
      }
    },
  });
});
afterAll(async () => {
  await server?.stop();
});

const text = (html: string | Element) => pageText(html).trim();

async function myTickets() {
  const response = await client(server).as(holder).get("/mem-account");
  expect(response.status).toBe(200);
  const html = await response.text();
  const items = parseHtml(html).all("li.account-ticket");
  return { html, items };
}

/** The door's SAVE for some of the ticket's people, as the accountant. */
async function admit(code: string, people: typeof PARTY) {
  const response = await client(server)
    .as(accountant)
    .post("/scan-qr-code", [["code", code], ...people.map((p) => ["person", `${p.band}-${p.position}`] as [string, string])]);
  expect(response.status).toBeLessThan(400);
}

describe("My Tickets for a household admitted in goes", () => {
  it("keeps the ticket with its QR and code after 2 of 6 are admitted, says who is in and when, then drops it when the last is in", async () => {
    const before = await myTickets();
    expect(before.items).toHaveLength(1);
    // Item 12: the title already has the year, so it is not repeated.
    expect(within(before.items[0]!).text("h3")).toBe(TITLE);
    expect(text(before.html)).not.toContain(`${YEAR} ${YEAR}`);

    await admit(CODES.household, PARTY.slice(0, 2));
    const during = await myTickets();
    expect(text(during.html)).not.toContain("You have no open tickets!");
    expect(during.items).toHaveLength(1);
    const ticket = during.items[0]!;
    expect(within(ticket).one(`svg[role="img"][aria-label="QR code for ticket HHHH-HHH2, ${TITLE}"]`)).not.toBeNull();
    expect(text(ticket)).toContain("Ticket code HHHH-HHH2");
    expect(text(ticket)).toContain("2 of 6 already in");
    const rows = within(ticket)
      .all("ul.ticket-people > li")
      .map((row) => text(row));
    expect(rows).toHaveLength(6);
    expect(rows.filter((row) => /In at \d\d:\d\d, \d+ \w+/.test(row)).map((row) => row.replace(/ In at.*$/, ""))).toEqual([
      "Hh Adult One Adult",
      "Hh Adult Two Adult",
    ]);
    expect(rows.find((row) => row.startsWith("Hh Teen"))).not.toContain("In at");

    await admit(CODES.household, PARTY.slice(2));
    const after = await myTickets();
    expect(after.items).toHaveLength(0);
    expect(text(after.html)).toContain("You have no open tickets!");
  });

  it("never shows a ticket whose event is over, though nobody on it came", async () => {
    const { html } = await myTickets();
    expect(html).not.toContain("HHOO-OOO3");
    expect(text(html)).not.toContain("Old Party");
  });
});
