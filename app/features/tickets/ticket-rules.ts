import { parts } from "../../kernel/dates/dates";
import { ATTENDEE_BANDS, BAND_LIMITS, type Attendee, type AttendeeBand, type Member, type Membership, type Pence } from "../../kernel/store/records";
import type { SiteSettings, TicketPattern } from "../../kernel/store/site-settings";
import { BAND_NAMES } from "./ticket-bands";

/**
 * The ticket rules (docs/requirements.md §5.2, §5.3, §5.4), pure: no I/O, the
 * dates are passed in. Decisions the old site left open: docs/decisions/0017-ticket-rules.md.
 */

type TicketSettings = SiteSettings["tickets"];

export type BandCounts = Record<AttendeeBand, number>;
export type BandNames = Record<AttendeeBand, string[]>;

/** A booking party: how many in each group, and their names in order. */
export interface Party {
  counts: BandCounts;
  names: BandNames;
}

/** The most characters a name may have. */
export const MAX_NAME_LENGTH = 80;

const PATTERN_PART: Record<string, AttendeeBand> = { A: "adult", P: "parent", "13": "above13", "5": "above5", "-5": "below5" };

/**
 * The groups a pattern offers and counts: A adults, P parents, 13 above 13, 5 above 5,
 * -5 below 5 (docs/requirements.md §5.2). "A+13+5-5+P" reads as A, 13, 5, -5, P. In ATTENDEE_BANDS order.
 */
export function bandsOffered(pattern: TicketPattern): AttendeeBand[] {
  const found = new Set<AttendeeBand>();
  for (const part of pattern.match(/-?[^+-]+/g) ?? []) {
    const band = PATTERN_PART[part];
    if (band) found.add(band);
  }
  found.add("adult");
  return ATTENDEE_BANDS.filter((band) => found.has(band));
}

/**
 * The groups the booking form shows to this member: a Single membership books its one
 * adult only; a Family membership also gets children and parents (docs/requirements.md §5.2), as far as
 * the pattern offers them.
 */
export function bandsShown(pattern: TicketPattern, membership: Membership): AttendeeBand[] {
  return membership === "Family" ? bandsOffered(pattern) : ["adult"];
}

/**
 * A child's group from the year of birth, as of the event year (docs/requirements.md §5.3): over 13
 * (age > 13) above13; over 5 up to 13 (5 < age ≤ 13) above5; 5 or under below5. The age is
 * the event year minus the year of birth, so a child born exactly 13 years before is above5
 * and one born exactly 5 years before is below5. A birth after the event year has no group.
 */
export function ageBand(birthYear: number, eventYear: number): Exclude<AttendeeBand, "adult" | "parent"> | null {
  if (!Number.isInteger(birthYear) || !Number.isInteger(eventYear)) return null;
  const age = eventYear - birthYear;
  if (age < 0) return null;
  if (age > 13) return "above13";
  if (age > 5) return "above5";
  return "below5";
}

/** Family gets 2 adults, otherwise 1 (docs/requirements.md §5.3, §5.4). */
export function adultCount(membership: Membership): number {
  return membership === "Family" ? 2 : 1;
}

/** Count limits per group (docs/requirements.md §5.3); a Single membership cannot change its one adult. */
export function partyLimits(membership: Membership): Record<AttendeeBand, { min: number; max: number }> {
  const adults = membership === "Family" ? BAND_LIMITS.adult : { min: 1, max: 1 };
  return { ...BAND_LIMITS, adult: adults };
}

export function emptyParty(): Party {
  return {
    counts: { adult: 0, parent: 0, above13: 0, above5: 0, below5: 0 },
    names: { adult: [], parent: [], above13: [], above5: [], below5: [] },
  };
}

/** The year the ticket is for: the year of its last booking date. */
export function eventYear(lastBookingDate: string): number {
  return Number(lastBookingDate.slice(0, 4));
}

/**
 * The form's first state from the member's own record: the member (and the spouse of a
 * Family membership) as adults, each child in its age band; groups the form does not show
 * are dropped, and no group holds more than its limit.
 */
export function prefillParty(member: Pick<Member, "fullName" | "membership" | "spouse" | "children">, year: number, pattern: TicketPattern): Party {
  const party = emptyParty();
  const shown = new Set(bandsShown(pattern, member.membership));
  const limits = partyLimits(member.membership);
  party.counts.adult = adultCount(member.membership);
  party.names.adult = [member.fullName, member.membership === "Family" ? (member.spouse?.name ?? "") : ""].slice(0, party.counts.adult);
  for (const child of member.children) {
    const band = ageBand(child.birthYear, year);
    if (!band || !shown.has(band) || party.names[band].length >= limits[band].max) continue;
    party.names[band].push(child.name);
    party.counts[band] = party.names[band].length;
  }
  return party;
}

// ---- Form field names (docs/requirements.md §5.3, §12.2) ---------------------------

const ORDINALS = ["first", "second", "third", "fourth", "fifth"];
/**
 * The label of one person's name field, and the start of its messages: "Name of the
 * second child above 13" (a bare number ran into the group's own: "Child above 13 2 name").
 */
export function attendeeNameLabel(band: AttendeeBand, position: number): string {
  const place = ORDINALS[position - 1] ?? `number ${position}`;
  return `Name of the ${place} ${BAND_NAMES[band].person.toLowerCase()}`;
}

/** numberOfAdults, numberOfParents, numberOfChildrenAbove13 ... */
export function countField(band: AttendeeBand): string {
  return BAND_NAMES[band].countField;
}

/** adultName1, parentName3, above13Child2 ... (position is 1-based). */
export function nameField(band: AttendeeBand, position: number): string {
  return `${BAND_NAMES[band].nameField}${position}`;
}

/** A party as posted: counts and names are whatever arrived (strings, or missing). */
export interface PartyInput {
  counts: Partial<Record<AttendeeBand, string | number | null | undefined>>;
  names: Partial<Record<AttendeeBand, Array<string | null | undefined>>>;
}

/** Reads a posted party by the booking form's field names (docs/requirements.md §12.2), e.g. `partyInputFrom((n) => form.get(n))`. */
export function partyInputFrom(get: (field: string) => unknown): PartyInput {
  const input: PartyInput = { counts: {}, names: {} };
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  for (const band of ATTENDEE_BANDS) {
    input.counts[band] = text(get(countField(band)));
    input.names[band] = Array.from({ length: BAND_LIMITS[band].max }, (_, i) => text(get(nameField(band, i + 1))));
  }
  return input;
}

export type PartyErrors = Record<string, string>;
export type PartyResult = { ok: true; party: Party } | { ok: false; errors: PartyErrors };

function readCount(value: string | number | null | undefined): number | null {
  if (typeof value === "number") return Number.isInteger(value) ? value : null;
  if (typeof value !== "string" || !/^\s*\d{1,2}\s*$/.test(value)) return null;
  return Number(value);
}

function rangeMessage(band: AttendeeBand, min: number, max: number): string {
  if (min === max) return `${BAND_NAMES[band].count} must be ${min}.`;
  if (max - min === 1) return `${BAND_NAMES[band].count} must be ${min} or ${max}.`;
  return `${BAND_NAMES[band].count} must be from ${min} to ${max}.`;
}

/**
 * Checks a posted party (docs/requirements.md §5.3): each shown count within its limits (numberOfAdults is
 * required; a missing count of another group is 0), every shown name required, trimmed, at
 * most MAX_NAME_LENGTH characters. Errors are keyed by the form's field names. Groups the
 * form does not show, and names beyond a count, are dropped from the party it returns.
 */
export function validateParty(input: PartyInput, options: { pattern: TicketPattern; membership: Membership }): PartyResult {
  const errors: PartyErrors = {};
  const party = emptyParty();
  const limits = partyLimits(options.membership);
  for (const band of bandsShown(options.pattern, options.membership)) {
    const raw = input.counts[band];
    const missing = raw === undefined || raw === null || (typeof raw === "string" && raw.trim() === "");
    const { min, max } = limits[band];
    if (missing && band === "adult") {
      errors[countField(band)] = `${BAND_NAMES[band].count} is required.`;
      continue;
    }
    const count = missing ? 0 : readCount(raw);
    if (count === null || count < min || count > max) {
      errors[countField(band)] = rangeMessage(band, min, max);
      continue;
    }
    party.counts[band] = count;
    for (let position = 1; position <= count; position++) {
      const name = (input.names[band]?.[position - 1] ?? "").trim();
      const field = nameField(band, position);
      if (name === "") errors[field] = `${attendeeNameLabel(band, position)} is required.`;
      else if (name.length > MAX_NAME_LENGTH) errors[field] = `${attendeeNameLabel(band, position)} must be at most ${MAX_NAME_LENGTH} characters.`;
      party.names[band].push(name);
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, party };
}

// ---- Price ---------------------------------------------------------------------------

export interface TicketLineItem {
  /** The provider's price id. */
  price: string;
  quantity: number;
  /** The price of one, in pence (not sent to the provider). */
  unitAmount: Pence;
}

export interface TicketPrice {
  /** The people the pattern counts, per group (0 for groups it does not offer). */
  counted: BandCounts;
  /** What the checkout charges: lines with a price above 0 only. */
  lineItems: TicketLineItem[];
  /** transactionAmount and qty of the transaction: total = unitAmount × qty. */
  unitAmount: Pence;
  qty: number;
  total: Pence;
  /** A zero total skips payment (docs/requirements.md §5.2, §5.6). */
  free: boolean;
}

/**
 * The price of a party (docs/requirements.md §5.2), counting only the groups shown for the pattern and
 * membership:
 * - Christmas: adults and parents at the adult price, above 13 at the above-13 price, above 5
 *   at the kids price, below 5 free; one line per priced group, and the transaction is
 *   quantity 1 with the total;
 * - Individual: every counted person at the per-person price, `singlePrice` (ADR 17);
 * - Other: quantity 1 at the family or single price by membership.
 */
export function ticketPrice(party: Pick<Party, "counts">, tickets: TicketSettings, membership: Membership): TicketPrice {
  const counted: BandCounts = { adult: 0, parent: 0, above13: 0, above5: 0, below5: 0 };
  for (const band of bandsShown(tickets.pattern, membership)) counted[band] = party.counts[band];
  const people = ATTENDEE_BANDS.reduce((sum, band) => sum + counted[band], 0);

  let lines: TicketLineItem[];
  if (tickets.type === "Christmas") {
    lines = [
      { price: tickets.christmasAdultPriceId, quantity: counted.adult + counted.parent, unitAmount: tickets.christmasAdultPrice },
      { price: tickets.christmasAbove13PriceId, quantity: counted.above13, unitAmount: tickets.christmasAbove13Price },
      { price: tickets.christmasKidsPriceId, quantity: counted.above5, unitAmount: tickets.christmasKidsPrice },
    ];
  } else if (tickets.type === "Individual") {
    lines = [{ price: tickets.singlePriceId, quantity: people, unitAmount: tickets.singlePrice }];
  } else {
    const family = membership === "Family";
    lines = [{ price: family ? tickets.familyPriceId : tickets.singlePriceId, quantity: 1, unitAmount: family ? tickets.familyPrice : tickets.singlePrice }];
  }
  const lineItems = lines.filter((line) => line.quantity > 0 && line.unitAmount > 0);
  const total = lineItems.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);

  if (tickets.type === "Individual") {
    return { counted, lineItems, unitAmount: tickets.singlePrice, qty: people, total, free: total === 0 };
  }
  return { counted, lineItems, unitAmount: total, qty: 1, total, free: total === 0 };
}

// ---- Booking dates ---------------------------------------------------------------------

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Today's date in Europe/London as YYYY-MM-DD, from Unix seconds. */
export function ukToday(nowSeconds: number): string {
  const { year, month, day } = parts(nowSeconds, { year: "numeric", month: "2-digit", day: "2-digit" });
  return `${year}-${month}-${day}`;
}

/**
 * Booking "closes after UpComingEventTicketLastBookingDate" (docs/requirements.md §5.4): the last day is
 * still open, in UK time. An unreadable date closes booking.
 */
export function bookingOpen(lastBookingDate: string, today: string): boolean {
  if (!ISO_DATE.test(lastBookingDate) || !ISO_DATE.test(today)) return false;
  return today <= lastBookingDate;
}

// ---- Storage ---------------------------------------------------------------------------

/** The named people of a party, in band order, for the ticket record. */
export function attendeesOf(party: Party): Array<Pick<Attendee, "band" | "position" | "name">> {
  return ATTENDEE_BANDS.flatMap((band) => party.names[band].slice(0, party.counts[band]).map((name, i) => ({ band, position: i + 1, name })));
}
