import { describe, expect, it } from "vitest";
import type { AttendeeBand } from "~/kernel/store/records";
import { cockpitTickets } from "~/kernel/store/cockpit/tickets.server";
import { useCockpitRepository } from "../../../../support/cockpit-repository";
import { newTicket } from "../../../../support/fixtures";

/** The tickets repository over a fake Cockpit v1, in this process. */

const USER = "aaaaaaaaaaaaaaaaaaaaaaaa";
const cockpit = useCockpitRepository((client) => cockpitTickets(client, null, { verifyDelayMs: 100 }), "tickets");
const stored = () => cockpit.entries();
const entry = (id: string) => stored().find((e) => e._id === id)!;

describe("tickets over Cockpit", () => {
  it("stores a ticket with flattened names and finds it by id and code; markPaid once; My Tickets", async () => {
    const ticket = await cockpit.repo.create(newTicket(USER, { code: " abc2def3 " }));
    expect(ticket).toMatchObject({ paid: false, used: false, code: "ABC2DEF3", price: 2900 });
    expect(entry(ticket.id)).toMatchObject({
      adultName1: "Adult One",
      adultName2: "Adult Two",
      above5Child1: "Kid One",
      numberOfAdults: 2,
      numberOfChildrenAbove5: 1,
      adult1Status: false,
      ticketPrice: 29,
      code: "ABC2DEF3",
    });
    expect(await cockpit.repo.getById(ticket.id)).toEqual(ticket);
    expect((await cockpit.repo.getByCode("abc2def3 "))?.id).toBe(ticket.id);
    expect(await cockpit.repo.getByCode("ZZZZZZZZ")).toBeNull();
    expect(await cockpit.repo.getById("ffffffffffffffffffffffff")).toBeNull();
    expect(await cockpit.repo.listOpenByUser(USER)).toEqual([]);
    expect(await cockpit.repo.markPaid(ticket.id)).toBe(true);
    expect(entry(ticket.id)).toMatchObject({ paymentStatus: true, status: true });
    expect(await cockpit.repo.markPaid(ticket.id)).toBe(false);
    expect(await cockpit.repo.markPaid("ffffffffffffffffffffffff")).toBe(false);
    // A legacy paid ticket without verificationStatus is open too; a used one is not.
    stored().push({ _id: "bbbbbbbbbbbbbbbbbbbbbbbb", _created: ticket.createdAt + 5, userId: USER, title: "Legacy", paymentStatus: true, adultName1: "L" });
    stored().push({
      _id: "cccccccccccccccccccccccc",
      _created: ticket.createdAt + 9,
      userId: USER,
      title: "Used",
      paymentStatus: true,
      verificationStatus: true,
      adultName1: "U",
    });
    expect((await cockpit.repo.listOpenByUser(USER)).map((t) => t.id)).toEqual(["bbbbbbbbbbbbbbbbbbbbbbbb", ticket.id]);
  });

  it("finds the exact ticket and member's tickets among values PHP's == takes as equal numbers", async () => {
    const a = await cockpit.repo.create(newTicket(USER, { code: "2000" }));
    const b = await cockpit.repo.create(newTicket(USER, { code: "2E3" }));
    expect((await cockpit.repo.getByCode("2e3"))?.id).toBe(b.id);
    expect((await cockpit.repo.getByCode("2000"))?.id).toBe(a.id);
    expect(await cockpit.repo.getByCode("   ")).toBeNull();
    stored().push({ _id: "000000000000000000000100", userId: "0000000000000000000001e2", title: "Other", paymentStatus: true, adultName1: "O" });
    stored().push({ _id: "0000000000000000000001e2", userId: "000000000000000000000100", title: "Mine", paymentStatus: true, adultName1: "M" });
    expect((await cockpit.repo.getById("0000000000000000000001e2"))?.title).toBe("Mine");
    expect((await cockpit.repo.listOpenByUser("000000000000000000000100")).map((t) => t.title)).toEqual(["Mine"]);
    expect(await cockpit.repo.getById("not-an-id")).toBeNull();
  });

  it("marks a ticket paid exactly once under 10 concurrent calls", async () => {
    const ticket = await cockpit.repo.create(newTicket(USER));
    const results = await Promise.all(Array.from({ length: 10 }, () => cockpit.repo.markPaid(ticket.id)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await cockpit.repo.getById(ticket.id))?.paid).toBe(true);
  });

  it("admits each person once under 10 concurrent saves, and marks the ticket used", async () => {
    const ticket = await cockpit.repo.create(newTicket(USER));
    const people: Array<{ band: AttendeeBand; position: number }> = [
      { band: "above5", position: 1 },
      { band: "adult", position: 1 },
      { band: "adult", position: 1 },
    ];
    expect(await cockpit.repo.admit(ticket.id, people, 10)).toEqual([]);
    expect(entry(ticket.id).verificationStatus).toBe(false);
    await cockpit.repo.markPaid(ticket.id);

    const results = await Promise.all(Array.from({ length: 10 }, () => cockpit.repo.admit(ticket.id, people, 20)));
    const admitted = results.flat();
    expect(admitted).toHaveLength(2);
    expect(admitted).toEqual(
      expect.arrayContaining([
        { band: "adult", position: 1 },
        { band: "above5", position: 1 },
      ]),
    );
    expect(entry(ticket.id)).toMatchObject({
      verificationStatus: true,
      adult1Status: true,
      adult1AdmittedAt: 20,
      above5Child1Status: true,
      adult2Status: false,
    });
    const after = await cockpit.repo.getById(ticket.id);
    expect(after?.used).toBe(true);
    expect(after?.attendees.map((a) => a.admittedAt)).toEqual([20, null, 20]);

    expect(
      await cockpit.repo.admit(
        ticket.id,
        [
          { band: "adult", position: 2 },
          { band: "parent", position: 4 },
        ],
        30,
      ),
    ).toEqual([{ band: "adult", position: 2 }]);
    expect(await cockpit.repo.admit(ticket.id, [{ band: "adult", position: 2 }], 40)).toEqual([]);
    expect(await cockpit.repo.admit(ticket.id, [], 40)).toEqual([]);
    expect(await cockpit.repo.admit("ffffffffffffffffffffffff", people, 40)).toEqual([]);
  });

  it("admits each person once when 10 saves arrive a few milliseconds apart, round after round", async () => {
    for (let round = 0; round < 5; round++) {
      const ticket = await cockpit.repo.create(newTicket(USER));
      await cockpit.repo.markPaid(ticket.id);
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          new Promise((resolve) => setTimeout(resolve, i * 3)).then(() =>
            cockpit.repo.admit(
              ticket.id,
              [
                { band: "adult", position: 1 },
                { band: "adult", position: 2 },
              ],
              50 + i,
            ),
          ),
        ),
      );
      expect(results.flat(), `round ${round}`).toHaveLength(2);
    }
  });

  it("reports a year's paid tickets: titles, sums per band, and pages newest first", async () => {
    const make = async (title: string, year: number, paid: boolean, createdAt: number, attendees = newTicket(USER).attendees) => {
      const t = await cockpit.repo.create(newTicket(USER, { title, year, attendees, price: 1000 }));
      if (paid) await cockpit.repo.markPaid(t.id);
      entry(t.id)._created = createdAt;
      return t.id;
    };
    const a = await make("Summer Fair", 2026, true, 1_000);
    const b = await make("Christmas Party", 2026, true, 3_000, [
      { band: "adult", position: 1, name: "X" },
      { band: "parent", position: 1, name: "P" },
      { band: "below5", position: 1, name: "Baby" },
    ]);
    const c = await make("Christmas Party", 2026, true, 2_000);
    await make("Christmas Party", 2026, false, 4_000);
    await make("Old Party", 2025, true, 500);

    expect(await cockpit.repo.listReportTitles(2026)).toEqual(["Christmas Party", "Summer Fair"]);
    expect(await cockpit.repo.listReportTitles(2024)).toEqual([]);
    expect(await cockpit.repo.summarizeReport({ year: 2026 })).toEqual({
      tickets: 3,
      amount: 3000,
      bands: { adult: 5, parent: 1, above13: 0, above5: 2, below5: 1 },
    });
    expect(await cockpit.repo.summarizeReport({ year: 2026, title: "Christmas Party" })).toEqual({
      tickets: 2,
      amount: 2000,
      bands: { adult: 3, parent: 1, above13: 0, above5: 1, below5: 1 },
    });

    const all = await cockpit.repo.listReport({ year: 2026 });
    expect(all.total).toBe(3);
    expect(all.rows.map((t) => t.id)).toEqual([b, c, a]);
    const page = await cockpit.repo.listReport({ year: 2026, page: 1, pageSize: 2 });
    expect(page).toMatchObject({ total: 3 });
    expect(page.rows.map((t) => t.id)).toEqual([a]);
    expect((await cockpit.repo.listReport({ year: 2026, title: "Christmas Party" })).rows.map((t) => t.id)).toEqual([b, c]);
  });
});
