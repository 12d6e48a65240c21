import fc from "fast-check";
import { beforeAll, expect, it } from "vitest";
import { eventFieldsFromSettings } from "~/features/tickets/event-schedule";
import { createTicketWithCode } from "~/features/tickets/ticket-lookup.server";
import { nowSeconds } from "~/kernel/store/ids";
import type { Attendee, EventTotals, NewTicket, Ticket } from "~/kernel/store/records";
import { defaultSiteSettings } from "~/kernel/store/site-settings-defaults";
import { newMember, newTicket } from "../../support/fixtures";
import { describeStore, QUICK_CLAIM_PAUSE_MS } from "../../support/store-adapters";

/**
 * The running totals (ADR 62) against a full recount, over each store: after any sequence of
 * bookings, expired holds, settlements, refunds and admissions over several events, each
 * event's totals equal what its tickets and refunds add up to, and the capacity's count of
 * places equals the recount's. D1 keeps places in the same batch as each write; beside Cockpit
 * the report's figures are kept in D1 after each Cockpit write and places are counted afresh.
 */

const EVENTS = 3;

type Op =
  | { kind: "book"; event: number; people: number }
  | { kind: "expire"; event: number }
  | { kind: "settle"; ticket: number }
  | { kind: "refund"; ticket: number; part: "some" | "rest"; pending: boolean }
  | { kind: "admit"; ticket: number; people: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("book" as const), event: fc.nat(EVENTS - 1), people: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant("expire" as const), event: fc.nat(EVENTS - 1) }),
  fc.record({ kind: fc.constant("settle" as const), ticket: fc.nat(30) }),
  fc.record({ kind: fc.constant("refund" as const), ticket: fc.nat(30), part: fc.constantFrom("some" as const, "rest" as const), pending: fc.boolean() }),
  fc.record({ kind: fc.constant("admit" as const), ticket: fc.nat(30), people: fc.integer({ min: 1, max: 4 }) }),
);

const party = (people: number): NewTicket["attendees"] =>
  Array.from(
    { length: people },
    (_, i) => ({ band: i < 2 ? "adult" : i === 2 ? "above13" : "below5", position: i < 2 ? i + 1 : 1, name: `Person ${i + 1}` }) as Attendee,
  );

/** The report's figures: everything but places (Cockpit's places are counted afresh, not kept). */
const reportFigures = ({ placesHeld: _places, ...rest }: EventTotals) => rest;

describeStore("event running totals", { verifyDelayMs: QUICK_CLAIM_PAUSE_MS }, (t) => {
  let userId: string;
  let run = 0;
  beforeAll(async () => {
    userId = (await t.store.members.register(newMember())).id;
  });

  it("equal a full recount after any sequence of bookings, expiries, settlements, refunds and admissions", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 18 }), async (ops) => {
        run++;
        const events = await Promise.all(
          Array.from({ length: EVENTS }, (_, i) =>
            t.store.events.create({
              ...eventFieldsFromSettings(defaultSiteSettings()),
              capacity: 0,
              tickets: { ...defaultSiteSettings().tickets, title: `Totals ${run}.${i}`, lastBookingDate: "2031-12-20" },
            }),
          ),
        );
        const tickets: Ticket[] = [];
        const refunded = new Map<string, number>();
        for (const step of ops) {
          if (step.kind === "book") {
            const event = events[step.event]!;
            tickets.push(
              await createTicketWithCode(t.store, {
                ...newTicket(userId, { eventId: event.id, title: event.title, year: 2031, price: step.people * 1000 }),
                attendees: party(step.people),
              }),
            );
          } else if (step.kind === "expire") {
            await t.store.tickets.releaseExpiredHolds(events[step.event]!.id, nowSeconds() + 60);
          } else {
            const ticket = tickets.length > 0 ? tickets[step.ticket % tickets.length]! : null;
            if (!ticket) continue;
            if (step.kind === "settle") await t.store.tickets.markPaid(ticket.id);
            else if (step.kind === "admit") await t.store.tickets.admit(ticket.id, ticket.attendees.slice(0, step.people), nowSeconds());
            else {
              const current = await t.store.tickets.getById(ticket.id);
              const left = ticket.price - (refunded.get(ticket.id) ?? 0);
              if (!current?.paid || left <= 0) continue;
              const amount = step.part === "rest" ? left : Math.max(1, Math.floor(left / 3));
              const created = await t.store.refunds.create(
                {
                  id: `r-${run}-${tickets.indexOf(ticket)}-${refunded.get(ticket.id) ?? 0}`,
                  transactionId: `t-${ticket.id}`,
                  userId,
                  paymentType: "ticket",
                  year: 2031,
                  amount,
                  reason: "Property test",
                  by: "Tom Treasurer",
                  at: nowSeconds(),
                  method: step.pending ? "card" : "record",
                  providerRefundId: null,
                  status: step.pending ? "pending" : "succeeded",
                  ticketId: ticket.id,
                  event: { id: ticket.eventId, title: ticket.title, year: ticket.year },
                  people: ticket.attendees.length,
                },
                ticket.price,
              );
              if (created.kind !== "created") continue;
              refunded.set(ticket.id, (refunded.get(ticket.id) ?? 0) + amount);
              if (step.pending) await t.store.refunds.settle(created.refund.id, { status: "succeeded", providerRefundId: `re_${created.refund.id}` });
            }
          }
        }
        for (const event of events) {
          const [running, recounted] = await Promise.all([t.store.events.totals(event.id), t.store.tickets.recountEventTotals(event.id)]);
          expect(reportFigures(running)).toEqual(reportFigures(recounted));
          // The capacity's count (what a booking is checked against) equals the recount's places.
          expect(await t.store.tickets.countPeopleHoldingPlaces(event.id, 0)).toBe(Math.max(0, recounted.placesHeld));
          if (t.kind === "d1") expect(running.placesHeld).toBe(recounted.placesHeld);
        }
      }),
      { numRuns: 12 },
    );
  });
});
