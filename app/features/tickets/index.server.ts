/**
 * The tickets feature's public entry for its server code: what other features and the kernels may
 * use of it (ADR 58). Anything not exported from index.ts, components.ts or index.server.ts is the
 * feature's own; lint refuses a reach past them.
 */
export { qrSvg } from "./qr.server";
export { bookingOptions, bookingRefusal, loadBooking, reserveTicket, ticketCharge } from "./ticket-booking.server";
export { adoptSettingsEvent, allEvents, checkEventTotals, loadBookableEvents, resolveBookingEvent } from "./events.server";
export type { BookingAnswer, BookingValues } from "./ticket-booking.server";
export { findTicketForDoor } from "./ticket-lookup.server";
export { onTicketPaid } from "./ticket-paid.server";
export { ticketToken } from "./ticket-token.server";
