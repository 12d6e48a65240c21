import type { Ticket } from "../../kernel/store/records";
import type { AppEnv } from "../../kernel/http/env.server";
import { signToken, verifyToken } from "../../kernel/auth/signed-token.server";

/**
 * The signed token a ticket's QR code carries (docs/requirements.md §5.7, §11.4): the ticket id
 * and an HMAC, so a QR cannot be guessed from an id or forged (docs/decisions/0015).
 *
 * - Purpose "ticket": a payment-link token is refused here, and a ticket token there.
 * - Short variant (128-bit MAC): about 62 characters for a 24-character id, which
 *   fits a version-4 QR (33 × 33 modules at error correction M) instead of version 6
 *   (41 × 41) for the full token: bigger modules, an easier scan from a phone screen.
 * - Expiry: the end of 31 January after the ticket's year (UTC). Tickets are for that
 *   year's events, the longest stretch is a December party plus a late January event
 *   of the same season; the door also checks paid/used on every scan, so the expiry only
 *   limits how long an old screenshot stays meaningful. It depends on the ticket alone,
 *   so the same ticket always gets the same QR (the e-mail and My Account match).
 */

export const TICKET_TOKEN_PURPOSE = "ticket";

type TokenEnv = Pick<AppEnv, "LINK_SIGNING_SECRET">;

/** Unix seconds: the last second of 31 January of year + 1 (UTC). */
export function ticketTokenExpiry(year: number): number {
  return Date.UTC(year + 1, 1, 1) / 1000 - 1;
}

/** The QR payload for a ticket. */
export function ticketToken(env: TokenEnv, ticket: Pick<Ticket, "id" | "year">): Promise<string> {
  return signToken(env.LINK_SIGNING_SECRET, TICKET_TOKEN_PURPOSE, { sub: ticket.id, exp: ticketTokenExpiry(ticket.year) }, "short");
}

/** The ticket id a scanned token names, or null when forged, altered, for another purpose, expired or junk. Never throws. */
export async function verifyTicketToken(env: TokenEnv, token: unknown, now: number = Date.now() / 1000): Promise<string | null> {
  const result = await verifyToken(env.LINK_SIGNING_SECRET, TICKET_TOKEN_PURPOSE, token, now, "short");
  return result.ok ? result.sub : null;
}
