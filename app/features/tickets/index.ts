/**
 * The tickets feature's public entry for its pure rules and types: what other features and the kernels may
 * use of it (ADR 58). Anything not exported from index.ts, components.ts or index.server.ts is the
 * feature's own; lint refuses a reach past them.
 */
export { bookingFormSchema } from "./booking-form";
export {
  blankEventFields,
  bookableEvents,
  byEventDate,
  eventBookable,
  eventFieldsFromSettings,
  eventOver,
  eventRecordYear,
  eventShown,
  nextYearsFields,
  noEvent,
  upcomingThenPast,
} from "./event-schedule";
export { CHECKOUT_HOLD_SECONDS, heldSince, peopleHoldingPlaces } from "./event-capacity";
export { countEventTotals, totalsDifferences } from "./event-totals";
export type { RefundForTotals } from "./event-totals";
export { eventDetails, formatEventDate, ticketEventDetails } from "./event-details";
export type { EventDetails } from "./event-details";
export { someoneStillToCome, ticketOnMyAccount, titleWithYear } from "./my-tickets";
export { BAND_NAMES, compareAttendees, sortAttendees } from "./ticket-bands";
export { ANOTHER_TICKET_FIELD, ANOTHER_TICKET_LABEL, BOOKING_INVALID_MESSAGE, partyFormState } from "./ticket-booking";
export { formatTicketCode } from "./ticket-code";
export { bookingOpen, eventYear, partyInputFrom, ticketPrice, ukToday } from "./ticket-rules";
export type { BandCounts } from "./ticket-rules";
