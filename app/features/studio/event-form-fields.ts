import type { TicketType } from "~/kernel/store/site-settings";
import { TICKET_PATTERNS, TICKET_TYPES } from "~/kernel/store/ticket-kinds";

/**
 * The Upcoming event form's fields, labels, limits and messages (/studio/event). No zod here:
 * the form's component imports this, and the checks (event-form.ts) stay on the server.
 */

export const EVENT_MESSAGES = {
  saved: "Upcoming event saved.",
  invalid: "Please check the fields marked below.",
  date: "Enter a date, like 27/12/2026.",
  time: "Enter a time, like 18:00.",
  lastBookingRequired: "Enter the last day tickets can be booked.",
  lastBookingAfterEvent: "The last booking day cannot be after the event.",
  link: "Enter a full address starting with https://, or a page of this site starting with /, or leave it empty.",
  capacity: "Enter the number of people as a whole number, like 250, or leave it empty for no limit.",
  type: "Choose a ticket type from the list.",
  pattern: "Choose who can be booked from the list.",
  priceIdNeeded: "Enter the Stripe price id for this price.",
  // An editor's page has no prices (event-field-access.ts): these say who sets them.
  pricesByAccountant: "The prices of this ticket type are not complete. An accountant sets the prices: ask one to fill them in, then choose this type.",
  pricesNote: "The prices and their Stripe price ids are set by an accountant.",
} as const;

export const EVENT_LIMITS = { title: 200, description: 20000, venue: 200, buttonText: 60, link: 300, ticketTitle: 200, capacity: 100000 } as const;

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
