import { currentYear } from "~/kernel/dates/dates";
import type { NewTicket } from "~/kernel/store/records";
import { d1Members } from "~/kernel/store/d1/members.server";
import { d1Tickets } from "~/kernel/store/d1/tickets.server";
import { d1Events } from "~/kernel/store/d1/events.server";
import { d1Refunds } from "~/kernel/store/d1/refunds.server";
import { newEventFields, newMember, newTicket } from "./fixtures";

/**
 * Tickets for the event payments report's HTTP and browser tests (ADR 60): two events
 * this year and one last year, each with its own tickets, used and unused, unpaid ones
 * that never count, and attendees in every band; and tickets with no event (older than
 * events): one titled as this year's Gala, and those of a year with no event at all.
 * Titles are the tests' own, so the demo's tickets never mix in.
 */

export const Y = currentYear();
export const GALA = "Spring Gala Test";
export const FAIR = "Autumn Fair Test";
export const HOSTILE = '=HYPERLINK("https://evil.example","x")';
/** The title of tickets with no event, in a year that has no event. */
export const RAFFLE = "Old Raffle Test";
export const RAFFLE_YEAR = Y - 3;

/** The events' days: the Gala and the Fair this year, last year's Gala. */
export const GALA_DATE = `${Y}-03-14`;
export const FAIR_DATE = `${Y}-09-19`;
export const LAST_GALA_DATE = `${Y - 1}-03-15`;

/** What was refunded of the Fair's one ticket (pence). */
export const FAIR_REFUNDED = 500;

/** The events' ids, known once prepareEventsReport has run. */
export const EVENT_IDS = { gala: "", fair: "", lastGala: "" };

const person = (band: NewTicket["attendees"][number]["band"], position: number, name: string) => ({ band, position, name });

/** The Gala this year: what each ticket holds, and which is used. */
export const GALA_TICKETS = [
  {
    email: "gala-full@example.com",
    price: 12345,
    used: false,
    attendees: [
      person("adult", 1, "Gala Adult One"),
      person("adult", 2, "Gala Adult Two"),
      person("parent", 1, "Gala Parent One"),
      person("parent", 4, "Gala Parent Four"),
      person("above13", 5, "Gala Teen Five"),
      person("above5", 1, "Gala Kid One"),
      person("above5", 2, "Gala Kid Two"),
      person("below5", 3, "Gala Baby Three"),
    ],
  },
  { email: "gala-used@example.com", price: 3000, used: true, attendees: [person("adult", 1, "Gala Used Adult"), person("below5", 1, "Gala Used Baby")] },
  { email: "gala-hostile@example.com", price: 1500, used: false, attendees: [person("adult", 1, HOSTILE)] },
];
/** Filler Gala tickets (one adult, £10 each) so the table has more than one page of 15. */
export const GALA_FILLER = 16;
export const GALA_TOTALS = {
  tickets: GALA_TICKETS.length + GALA_FILLER,
  amount: 12345 + 3000 + 1500 + GALA_FILLER * 1000,
  bands: { adult: 2 + 1 + 1 + GALA_FILLER, parent: 2, above13: 1, above5: 2, below5: 2 },
};

export async function prepareEventsReport(db: D1Database): Promise<void> {
  const members = d1Members(db);
  const tickets = d1Tickets(db);
  const events = d1Events(db);
  EVENT_IDS.gala = (await events.create(newEventFields(GALA, GALA_DATE))).id;
  EVENT_IDS.fair = (await events.create(newEventFields(FAIR, FAIR_DATE))).id;
  EVENT_IDS.lastGala = (await events.create(newEventFields(GALA, LAST_GALA_DATE))).id;
  let n = 0;
  const add = async (overrides: Partial<NewTicket>, state: { paid: boolean; used?: boolean; at: number }) => {
    n += 1;
    const member = await members.register(newMember({ email: overrides.email ?? `events-${n}@example.com` }));
    const code = `EVR${"ABCDEFGHJKMNPQRSTUVWXYZ"[Math.floor(n / 23)]}${"ABCDEFGHJKMNPQRSTUVWXYZ"[n % 23]}`;
    const ticket = await tickets.create(newTicket(member.id, { code, email: member.email, ...overrides }));
    if (state.paid) await tickets.markPaid(ticket.id);
    if (state.used) await tickets.admit(ticket.id, [{ band: "adult", position: 1 }], state.at + 3600);
    await db.prepare("UPDATE tickets SET created_at = ? WHERE id = ?").bind(state.at, ticket.id).run();
    return ticket;
  };
  const day = (d: number) => Date.UTC(Y, 0, 1, 12) / 1000 + d * 86400;
  const gala = { title: GALA, year: Y, eventId: EVENT_IDS.gala };
  // Newest first in the table: the three named tickets come after the filler.
  for (let i = 1; i <= GALA_FILLER; i += 1) {
    await add(
      { ...gala, price: 1000, email: `gala-filler-${i}@example.com`, membership: "Single", attendees: [person("adult", 1, `Filler ${i}`)] },
      { paid: true, at: day(i) },
    );
  }
  for (const [i, t] of GALA_TICKETS.entries()) {
    await add({ ...gala, price: t.price, email: t.email, attendees: t.attendees }, { paid: true, used: t.used, at: day(100 + i) });
  }
  await add({ ...gala, price: 99999, email: "gala-unpaid@example.com" }, { paid: false, at: day(200) });
  const fair = await add(
    { title: FAIR, year: Y, eventId: EVENT_IDS.fair, price: 2500, email: "fair@example.com", attendees: [person("adult", 1, "Fair Adult")] },
    { paid: true, at: day(50) },
  );
  // Part of the Fair's ticket given back (refunds are matched by the event's title and year).
  await d1Refunds(db).create(
    {
      id: "0000000000000000000fa1e5",
      transactionId: "events-report-fair",
      userId: fair.userId,
      paymentType: "ticket",
      year: Y,
      amount: FAIR_REFUNDED,
      reason: "Left early",
      by: "Tom Treasurer",
      at: day(51),
      method: "record",
      providerRefundId: null,
      status: "succeeded",
      ticketId: fair.id,
      event: { id: fair.eventId, title: FAIR, year: Y },
      people: 0,
    },
    2500,
  );
  await add(
    { title: GALA, year: Y - 1, eventId: EVENT_IDS.lastGala, price: 700, email: "gala-last-year@example.com", attendees: [person("adult", 1, "Old Adult")] },
    { paid: true, at: day(-200) },
  );
  // With no event: never in the Gala's figures, though of its title and year.
  await add(
    { title: GALA, year: Y, eventId: null, price: 4400, email: "gala-no-event@example.com", attendees: [person("adult", 1, "No Event Adult")] },
    { paid: true, at: day(60) },
  );
  for (const [i, price] of [800, 1200].entries()) {
    await add(
      { title: RAFFLE, year: RAFFLE_YEAR, eventId: null, price, email: `raffle-${i + 1}@example.com`, attendees: [person("adult", 1, `Raffle ${i + 1}`)] },
      { paid: true, at: day(-1000 + i) },
    );
  }
}
