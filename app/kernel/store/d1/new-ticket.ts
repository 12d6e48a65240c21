import type { NewTicket, Ticket } from "../records";
import { newId, nowSeconds } from "../ids";

/** Codes are typed at the door: case and surrounding spaces do not matter. */
export const normaliseCode = (code: string) => code.trim().toUpperCase();

/** A new ticket as the adapter stores it (create, createWithinCapacity): unpaid, unused, nobody admitted yet. */
export function newTicketRecord(input: NewTicket): Ticket {
  return {
    ...input,
    code: normaliseCode(input.code),
    id: newId(),
    paid: false,
    used: false,
    createdAt: nowSeconds(),
    attendees: input.attendees.map((a) => ({ ...a, admittedAt: null })),
  };
}
