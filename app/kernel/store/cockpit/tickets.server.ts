import { ATTENDEE_BANDS, type AttendeeBand, type Ticket } from "../records";
import { addToTotals } from "../d1/event-totals.server";
import { someoneStillToCome } from "../../../features/tickets";
import { sortAttendees } from "../../../features/tickets";
import { DuplicateTicketCodeError } from "../errors";
import type { TicketReportQuery, TicketsRepository } from "../port";
import { cockpitPage, DEFAULT_VERIFY_DELAY_MS, isNotFound, MAX_SCAN, newClaim, pageOf, pause, type BestEffortOptions } from "./best-effort.server";
import { findById } from "./by-id.server";
import type { CockpitClient } from "./client.server";
import { cockpitTicketCapacity } from "./tickets-capacity.server";
import { newTicketToCockpit, normaliseTicketCode, personKeys, ticketFromCockpit, TICKETS } from "./shapes-tickets";

type Person = { band: AttendeeBand; position: number };

/**
 * The report's filter (docs/requirements.md §6.10): one event's paid tickets (by id, ADR 60),
 * or a year's, of one title when given. Tickets with no event lack the field, which
 * Cockpit cannot filter on: `noEvent` is applied in the worker (reportTickets).
 */
function reportFilter(query: TicketReportQuery): Record<string, unknown> {
  if ("eventId" in query) return { eventId: query.eventId, paymentStatus: true };
  return query.title === undefined ? { year: query.year, paymentStatus: true } : { year: query.year, paymentStatus: true, title: query.title };
}

/** Filters compare loosely (PHP ==): keep the exact event, year and title, and only tickets with no event when asked. */
function inReport(query: TicketReportQuery) {
  return (t: Ticket) =>
    "eventId" in query
      ? t.eventId === query.eventId
      : t.year === query.year && (query.title === undefined || t.title === query.title) && (!query.noEvent || t.eventId === null);
}

const newestFirst = (a: Ticket, b: Ticket) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * Tickets over Cockpit's `tickets`. markPaid() and admit() cannot be conditional writes:
 * they read, decide in the worker, write with a claim, wait for concurrent writers and
 * re-read, and count only what their claim still holds (ADR 21).
 */
export function cockpitTickets(client: CockpitClient, db: D1Database | null, options: BestEffortOptions = {}): TicketsRepository {
  /** The event's running totals in D1 beside Cockpit (ADR 62); `db` null: a test of the Cockpit requests alone. */
  const addTicketTotals = async (ticket: Ticket, change: { paid?: true; admitted?: number }) => {
    if (!db || ticket.eventId === null) return;
    const bands = Object.fromEntries(ATTENDEE_BANDS.map((band) => [band, ticket.attendees.filter((a) => a.band === band).length]));
    const statement = addToTotals(db, ticket.eventId, change.paid ? { ticketsPaid: 1, amountPaid: ticket.price, bands } : { admitted: change.admitted ?? 0 });
    if (statement) await statement.run();
  };
  const verifyDelayMs = options.verifyDelayMs ?? DEFAULT_VERIFY_DELAY_MS;
  /** The entries holding exactly this code: PHP's == takes codes such as "2E345678" and "3E456789" as equal numbers. */
  const entriesWithCode = async (code: string) => {
    const wanted = normaliseTicketCode(code);
    const { entries } = await client.find(TICKETS, { filter: { code: wanted } });
    return entries.filter((e) => e.code === wanted);
  };
  const byId = async (id: string) => {
    const entry = await findById(client, TICKETS, id);
    return entry ? ticketFromCockpit(entry) : null;
  };

  const repository: TicketsRepository = {
    async create(input) {
      // Cockpit has no unique index: refuse a code already taken, and after the save give
      // the code up when an earlier entry (natural order is insertion order) holds it too.
      const fields = newTicketToCockpit(input);
      const code = String(fields.code);
      if ((await entriesWithCode(code)).length > 0) throw new DuplicateTicketCodeError();
      const created = await client.save(TICKETS, fields);
      const holders = await entriesWithCode(code);
      if (holders.length > 0 && holders[0]!._id !== created._id) {
        await client.remove(TICKETS, { _id: created._id });
        throw new DuplicateTicketCodeError();
      }
      return ticketFromCockpit(created);
    },

    getById: byId,

    async holders(eventId) {
      // A mailing's audience (ADR 73): every paid ticket of the event, its holder once each (deleted members are left out by the caller, which reads them).
      const { entries } = await client.find(TICKETS, {
        filter: { eventId, paymentStatus: true },
        fields: { userId: 1, eventId: 1, paymentStatus: 1 },
        limit: MAX_SCAN,
      });
      const ids = new Set(
        entries
          .map(ticketFromCockpit)
          .filter((t) => t.eventId === eventId && t.paid)
          .map((t) => t.userId),
      );
      return [...ids].filter(Boolean).sort();
    },

    async getByCode(code) {
      const wanted = normaliseTicketCode(code);
      if (!wanted) return null;
      const entry = (await entriesWithCode(wanted))[0];
      return entry ? ticketFromCockpit(entry) : null;
    },

    async listOpenByUser(userId) {
      const { entries } = await client.find(TICKETS, { filter: { userId, paymentStatus: true }, sort: { _created: -1, _id: -1 } });
      // Filters compare loosely (PHP ==): keep the exact member's only. Who is still to
      // come is read from the per-person statuses, in the worker (a legacy entry may lack them).
      return entries.map(ticketFromCockpit).filter((t) => t.userId === userId && someoneStillToCome(t));
    },

    async listByUser(userId) {
      const { entries } = await client.find(TICKETS, { filter: { userId }, sort: { _created: -1, _id: -1 } });
      return entries.map(ticketFromCockpit).filter((t) => t.userId === userId);
    },

    async markPaid(id) {
      const before = await byId(id);
      if (!before || before.paid) return false;
      const claim = newClaim();
      try {
        // `status` too: the old site's success pages set both.
        await client.save(TICKETS, { _id: id, paymentStatus: true, status: true, paidClaim: claim });
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
      await pause(verifyDelayMs);
      const after = await findById(client, TICKETS, id);
      const paidByThisCall = after?.paidClaim === claim;
      // The call that paid it adds it to its event's totals in D1 (ADR 62): once, as the claim is.
      if (paidByThisCall) await addTicketTotals(before, { paid: true });
      return paidByThisCall;
    },

    async admit(id, people, at) {
      if (people.length === 0) return [];
      const ticket = await byId(id);
      if (!ticket || !ticket.paid) return [];
      // Each named, not yet admitted person once, however often the call names them.
      const wanted = new Set(people.map((p) => `${p.band}:${p.position}`));
      const candidates: Person[] = ticket.attendees
        .filter((a) => a.admittedAt === null && wanted.has(`${a.band}:${a.position}`))
        .map((a) => ({ band: a.band, position: a.position }));
      const claim = newClaim();
      const fields: Record<string, unknown> = { _id: id, verificationStatus: true };
      for (const person of candidates) {
        const keys = personKeys(person.band, person.position);
        fields[keys.status] = true;
        fields[keys.admittedAt] = at;
        fields[keys.claim] = claim;
      }
      try {
        await client.save(TICKETS, fields);
      } catch (error) {
        if (isNotFound(error)) return [];
        throw error;
      }
      if (candidates.length === 0) return [];
      await pause(verifyDelayMs);
      const after = await findById(client, TICKETS, id);
      if (!after) return [];
      const admitted = candidates.filter((p) => after[personKeys(p.band, p.position).claim] === claim);
      await addTicketTotals(ticket, { admitted: admitted.length });
      return sortAttendees(admitted);
    },

    async listReportYears() {
      const { entries } = await client.find(TICKETS, { filter: { paymentStatus: true }, fields: { year: 1 }, limit: MAX_SCAN });
      const years = new Set(entries.map((e) => ticketFromCockpit(e).year).filter((year) => year > 0));
      return [...years].sort((a, b) => b - a);
    },

    async listReportTitles(year, options = {}) {
      const query = { year, noEvent: options.noEvent };
      const { entries } = await client.find(TICKETS, { filter: reportFilter(query), fields: { title: 1, year: 1, eventId: 1 }, limit: MAX_SCAN });
      const titles = new Set(
        entries
          .map(ticketFromCockpit)
          .filter(inReport(query))
          .map((t) => t.title),
      );
      return [...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    },

    async summarizeReport(query) {
      const { entries } = await client.find(TICKETS, { filter: reportFilter(query), limit: MAX_SCAN });
      const tickets = entries.map(ticketFromCockpit).filter(inReport(query));
      const bands = Object.fromEntries(ATTENDEE_BANDS.map((band) => [band, 0])) as Record<AttendeeBand, number>;
      for (const ticket of tickets) for (const a of ticket.attendees) bands[a.band]++;
      return { tickets: tickets.length, amount: tickets.reduce((sum, t) => sum + t.price, 0), bands };
    },

    async listReport(query) {
      if ("eventId" in query || !query.noEvent) {
        const result = await client.find(TICKETS, { filter: reportFilter(query), sort: { _created: -1, _id: -1 }, ...cockpitPage(query) });
        return { rows: result.entries.map(ticketFromCockpit).filter(inReport(query)), total: result.total };
      }
      // Tickets with no event: read the year's (and title's), keep those, sort and page in the worker.
      const { entries } = await client.find(TICKETS, { filter: reportFilter(query), limit: MAX_SCAN });
      const tickets = entries.map(ticketFromCockpit).filter(inReport(query)).sort(newestFirst);
      return { rows: pageOf(tickets, query), total: tickets.length };
    },

    async linkToEvent(eventId, event) {
      const { entries } = await client.find(TICKETS, { filter: { title: event.title, year: event.year }, limit: MAX_SCAN });
      // Filters compare loosely (PHP ==): only this exact title and year, and only tickets with no event yet.
      const unlinked = entries.map(ticketFromCockpit).filter((t) => t.eventId === null && t.title === event.title && t.year === event.year);
      for (const ticket of unlinked) await client.save(TICKETS, { _id: ticket.id, eventId });
      return unlinked.length;
    },

    ...cockpitTicketCapacity(client, db, (input) => repository.create(input)),
  };
  return repository;
}
