import type { TicketType } from "~/kernel/store/site-settings";
import { TICKET_PATTERNS, TICKET_TYPES } from "~/kernel/store/ticket-kinds";

/**
 * The event form's fields, labels, limits and messages (/studio/events/new, /studio/events/:id,
 * docs/requirements.md §7.3). No zod here: the form's component imports this, and the checks
 * (event-form.ts) stay on the server.
 */

export const EVENT_MESSAGES = {
  created: "Event created. Check it, then tick Published to show it on the site.",
  saved: "Event saved.",
  invalid: "Please check the fields marked below.",
  titleRequired: "Enter the event's name.",
  date: "Enter a date, like 27/12/2026.",
  time: "Enter a time, like 18:00.",
  endBeforeStart: "The end time must be after the start time.",
  lastBookingAfterEvent: "The last booking day cannot be after the event.",
  opensAfterLastBooking: "Booking cannot open after its last day.",
  capacity: "Enter a number of people, e.g. 300, or leave it empty for no limit.",
  capacityTooLarge: "The capacity can be at most 100,000 people.",
  type: "Choose a ticket type from the list.",
  pattern: "Choose who can be booked from the list.",
  priceIdNeeded: "Enter the Stripe price id for this price.",
  // An editor's page has no tickets' fields (event-field-access.ts): these say who sets them.
  pricesByAccountant:
    "This change does not fit the event's tickets (their prices, booking days or capacity), which an accountant sets. Ask an accountant to change them first.",
  pricesNote: "The tickets' type, prices, capacity and booking days are set by an accountant.",
} as const;

/** What the list and its buttons say (/studio/events). */
export const EVENTS_LIST_MESSAGES = {
  empty: "No events yet.",
  duplicated: "Next year's copy made. It is not published: check its dates and prices, then publish it.",
  cancelled: "Event cancelled. It is no longer shown or booked.",
  restored: "Event restored.",
  choose: "Please choose an event.",
  gone: "That event is no longer there. The list below is up to date.",
} as const;

export const EVENT_LIMITS = { title: 200, description: 20000, venue: 200, capacity: 100000 } as const;

/** An event's state in the studio's list (docs/requirements.md §7.3). */
export type EventStatus = "Draft" | "Published" | "Cancelled" | "Booking open";

const TICKET_TYPE_LABELS: Readonly<Record<TicketType, string>> = {
  Christmas: "Christmas: prices for adults, children above 13 and children above 5 (under 5 free)",
  Individual: "Individual: one price per person",
  Other: "Other: one price per booking, by membership (Family or Single)",
};

export const TICKET_TYPE_OPTIONS = TICKET_TYPES.map((value) => ({ value, label: TICKET_TYPE_LABELS[value] }));

/** The booking form's groups by pattern: A adults, P parents on a visiting visa, 13 / 5 / -5 children above 13, above 5, below 5. */
export const TICKET_PATTERN_OPTIONS: ReadonlyArray<{ value: string; label: string }> = TICKET_PATTERNS.map((pattern) => ({
  value: pattern,
  label: pattern
    .match(/-?[^+-]+/g)!
    .map((part) => ({ A: "adults", P: "parents", "13": "children above 13", "5": "children above 5", "-5": "children below 5" })[part] ?? part)
    .join(", "),
}));

/** A ticket price field (in pounds) and its Stripe price id field. */
export interface TicketPriceField {
  price: "christmasAdultPrice" | "christmasAbove13Price" | "christmasKidsPrice" | "singlePrice" | "familyPrice";
  priceId: `${TicketPriceField["price"]}Id`;
  label: string;
}

export const TICKET_PRICE_FIELDS: readonly TicketPriceField[] = [
  { price: "christmasAdultPrice", priceId: "christmasAdultPriceId", label: "Christmas: adult or parent" },
  { price: "christmasAbove13Price", priceId: "christmasAbove13PriceId", label: "Christmas: child above 13" },
  { price: "christmasKidsPrice", priceId: "christmasKidsPriceId", label: "Christmas: child above 5" },
  { price: "singlePrice", priceId: "singlePriceId", label: "Individual: per person, or Other: Single membership" },
  { price: "familyPrice", priceId: "familyPriceId", label: "Other: Family membership" },
];

/** The prices each ticket type charges (features/tickets/ticket-rules.ts ticketPrice): only these are required. */
export const PRICES_USED: Readonly<Record<TicketType, ReadonlyArray<TicketPriceField["price"]>>> = {
  Christmas: ["christmasAdultPrice", "christmasAbove13Price", "christmasKidsPrice"],
  Individual: ["singlePrice"],
  Other: ["singlePrice", "familyPrice"],
};
