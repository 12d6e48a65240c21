import { beforeAll, describe, expect, it } from "vitest";
import { paymentLinkToken } from "~/features/payments/payment-link.server";
import { signToken } from "~/kernel/auth/signed-token.server";
import { isUniqueViolation } from "~/kernel/store/d1/sql";
import { DuplicateTicketCodeError } from "~/kernel/store/errors";
import { createTicketWithCode, findTicketForDoor } from "~/features/tickets/ticket-lookup.server";
import { ticketToken, ticketTokenExpiry } from "~/features/tickets/ticket-token.server";
import type { Ticket } from "~/kernel/store/records";
import { newMember, newTicket } from "../../support/fixtures";
import { describeStore } from "../../support/store-adapters";

/**
 * The door's lookup and ticket creation over each store: signed tokens and typed codes find
 * a ticket, nothing else does; a ticket code names one ticket only.
 */

const env = { LINK_SIGNING_SECRET: "integration-secret-integration-secret-42" };

describeStore("ticket lookup", {}, (t) => {
  const context = {
    env,
    get store() {
      return t.store;
    },
  };
  let userId: string;
  let ticket: Ticket;

  beforeAll(async () => {
    userId = (await t.store.members.register(newMember())).id;
    // This year's ticket, so its token has not expired.
    ticket = await createTicketWithCode(t.store, { ...newTicket(userId), year: new Date().getUTCFullYear() });
  });

  describe("createTicketWithCode", () => {
    it("gives each ticket a fresh 8-character code from the alphabet", async () => {
      expect(ticket.code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
      const more = await Promise.all(Array.from({ length: 10 }, () => createTicketWithCode(t.store, newTicket(userId))));
      expect(new Set([ticket.code, ...more.map((m) => m.code)]).size).toBe(11);
      expect((await t.store.tickets.getByCode(more[0]!.code))?.id).toBe(more[0]!.id);
    });

    it("draws again when the code is taken (UNIQUE), and gives up after 5 draws", async () => {
      const draws = [ticket.code, ticket.code, "RETRY234"];
      const created = await createTicketWithCode(t.store, newTicket(userId), () => draws.shift()!);
      expect(created.code).toBe("RETRY234");
      expect(draws).toEqual([]);
      let calls = 0;
      const error = await createTicketWithCode(t.store, newTicket(userId), () => (calls++, ticket.code)).catch((e: unknown) => e);
      expect(calls).toBe(5);
      // D1's UNIQUE index refuses the code; Cockpit has none, so its adapter checks and says so.
      if (t.kind === "d1") expect(isUniqueViolation(error, "tickets.code")).toBe(true);
      else expect(error).toBeInstanceOf(DuplicateTicketCodeError);
      // No half-made ticket was left behind: the code still names the first ticket only.
      expect((await t.store.tickets.getByCode(ticket.code))?.id).toBe(ticket.id);
    });
  });

  it("never gives two tickets the same code, even when both are created at once", async () => {
    const results = await Promise.allSettled(Array.from({ length: 3 }, () => t.store.tickets.create(newTicket(userId, { code: "SAME2345" }))));
    const made = results.filter((r) => r.status === "fulfilled").map((r) => r.value);
    expect(made).toHaveLength(1);
    expect((await t.store.tickets.getByCode("SAME2345"))?.id).toBe(made[0]!.id);
    // The refused ones left nothing behind.
    if (t.cockpit) expect(await t.cockpit.entries("tickets", { code: "SAME2345" })).toHaveLength(1);
  });

  describe("findTicketForDoor", () => {
    it("finds the ticket from its signed token", async () => {
      const found = await findTicketForDoor(context, await ticketToken(env, ticket));
      expect(found?.id).toBe(ticket.id);
      expect(found?.attendees).toHaveLength(3);
      // A scanner may add a newline or spaces around what it read.
      expect((await findTicketForDoor(context, ` ${await ticketToken(env, ticket)}\n`))?.id).toBe(ticket.id);
    });

    it("finds the ticket from its code typed in lower case with spaces or a dash", async () => {
      const typed = `${ticket.code.slice(0, 4).toLowerCase()} ${ticket.code.slice(4).toLowerCase()}`;
      expect((await findTicketForDoor(context, typed))?.id).toBe(ticket.id);
      expect((await findTicketForDoor(context, `${ticket.code.slice(0, 4)}-${ticket.code.slice(4)}`))?.id).toBe(ticket.id);
    });

    it("refuses an altered or forged token, another purpose's token, a bare id and junk", async () => {
      const token = await ticketToken(env, ticket);
      const [sub, exp, mac] = token.split(".") as [string, string, string];
      const other = await createTicketWithCode(t.store, newTicket(userId));
      const otherSub = Buffer.from(other.id).toString("base64url");
      const refused: unknown[] = [
        `${otherSub}.${exp}.${mac}`, // another (real) ticket's id under this ticket's MAC
        `${sub}.${(Number.parseInt(exp, 36) + 1).toString(36)}.${mac}`, // a longer life
        `${sub}.${exp}.${mac.slice(0, 5)}${mac[5] === "A" ? "B" : "A"}${mac.slice(6)}`, // one MAC character
        await ticketToken({ LINK_SIGNING_SECRET: "someone-elses-secret-someone-elses-secret" }, other), // forged with another key
        await paymentLinkToken(env, ticket.id), // a payment-link token naming the ticket's id
        await signToken(env.LINK_SIGNING_SECRET, "payment-link", { sub: ticket.id, exp: ticketTokenExpiry(ticket.year) }, "short"),
        await ticketToken(env, { id: ticket.id, year: 2000 }), // expired
        ticket.id, // a bare ticket id
        userId,
        ticket.code.replace(/./, "0"), // a code with a character that is not in the alphabet
        "ABCDEFGH", // a well-formed code nobody has
        "",
        "   ",
        "...",
        "a.b.c",
        "x".repeat(100_000),
        "'; DROP TABLE tickets; --",
        null,
        undefined,
        42,
        { id: ticket.id },
      ];
      for (const input of refused) {
        await expect(findTicketForDoor(context, input), String(input).slice(0, 60)).resolves.toBeNull();
      }
      // The tickets are still there (and the other ticket is found by its own token).
      expect((await findTicketForDoor(context, await ticketToken(env, other)))?.id).toBe(other.id);
    });
  });
});
