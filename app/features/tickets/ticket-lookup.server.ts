import type { AppLoadContext } from "@remix-run/cloudflare";
import type { NewTicket, Ticket } from "~/kernel/store/records";
import { generateTicketCode, normaliseTicketCode } from "./ticket-code";
import { isUniqueViolation } from "~/kernel/store/d1/sql";
import { DuplicateTicketCodeError } from "~/kernel/store/errors";
import { MAX_TOKEN_LENGTH } from "~/kernel/auth/signed-token.server";
import { verifyTicketToken } from "./ticket-token.server";

type LookupContext = { env: Pick<AppLoadContext["env"], "LINK_SIGNING_SECRET">; store: Pick<AppLoadContext["store"], "tickets"> };

/**
 * The door's lookup (/scan-qr-code): `input` is what the camera read (a signed ticket
 * token) or what a steward typed (the ticket code, any case, spaces or dashes).
 * Returns the ticket or null; never throws on junk. A bare ticket id is refused: only
 * the signed token or the code finds a ticket. Paid/used is the caller's to check.
 */
export async function findTicketForDoor(context: LookupContext, input: unknown): Promise<Ticket | null> {
  if (typeof input !== "string") return null;
  const text = input.trim();
  if (!text || text.length > MAX_TOKEN_LENGTH) return null;
  // A token always has two dots; a code never has one.
  if (text.includes(".")) {
    const id = await verifyTicketToken(context.env, text);
    return id ? context.store.tickets.getById(id) : null;
  }
  const code = normaliseTicketCode(text);
  return code ? context.store.tickets.getByCode(code) : null;
}

const MAX_CODE_ATTEMPTS = 5;

/**
 * Creates a ticket with a fresh random code (app/features/tickets/ticket-code.ts), drawing again
 * if the code is already taken (tickets.code is UNIQUE on D1; Cockpit's adapter checks as
 * far as its API allows and throws DuplicateTicketCodeError), like member numbers do.
 * For the booking flow: it never reuses a caller's code.
 */
export async function createTicketWithCode(
  store: Pick<AppLoadContext["store"], "tickets">,
  input: Omit<NewTicket, "code">,
  generate: () => string = generateTicketCode,
): Promise<Ticket> {
  return withFreshCode((code) => store.tickets.create({ ...input, code }), generate);
}

/** The same, only while the event has room for the party (createWithinCapacity): null, nothing written, when it has not. */
export async function createTicketWithinCapacity(
  store: Pick<AppLoadContext["store"], "tickets">,
  input: Omit<NewTicket, "code">,
  limit: { capacity: number; heldSince: number },
  generate: () => string = generateTicketCode,
): Promise<Ticket | null> {
  return withFreshCode((code) => store.tickets.createWithinCapacity({ ...input, code }, limit), generate);
}

async function withFreshCode<T>(create: (code: string) => Promise<T>, generate: () => string): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await create(generate());
    } catch (error) {
      const taken = error instanceof DuplicateTicketCodeError || isUniqueViolation(error, "tickets.code");
      if (taken && attempt < MAX_CODE_ATTEMPTS) continue;
      throw error;
    }
  }
}
