import { ATTENDEE_BANDS, type AttendeeBand } from "../../kernel/store/records";

/**
 * Every name a ticket's five groups go by (docs/requirements.md §5.3, §5.4, §5.8, §6.10), one row per group, so
 * that a page, an e-mail, the door and a report never name a group differently by accident.
 * Where the requirements word a group differently on different screens, each wording is a column.
 */
export interface BandNames {
  /** One person, in the booking form's messages, the door and the ticket e-mail: "Child above 13". */
  person: string;
  /** One person on My Account and in the booking's checkout line: "Above 13". */
  short: string;
  /** The events report's tile and chart bar: "Above 13", "Adults". */
  tile: string;
  /** The events report's Tickets columns, before the place: "Above13 Child 2". */
  column: string;
  /** The booking form's group heading: "Parents on a visiting visa". */
  legend: string;
  /** The start of the booking form's count messages: "Number of parents must be ...". */
  count: string;
  /** The count's form field and Cockpit key: numberOfChildrenAbove13. */
  countField: string;
  /** The names' form fields and Cockpit keys, before the place: above13Child1. */
  nameField: string;
}

export const BAND_NAMES: Readonly<Record<AttendeeBand, BandNames>> = {
  adult: {
    person: "Adult",
    short: "Adult",
    tile: "Adults",
    column: "Adult",
    legend: "Adults",
    count: "Number of adults",
    countField: "numberOfAdults",
    nameField: "adultName",
  },
  parent: {
    person: "Parent",
    short: "Parent",
    tile: "Parents",
    column: "Parent",
    legend: "Parents on a visiting visa",
    count: "Number of parents",
    countField: "numberOfParents",
    nameField: "parentName",
  },
  above13: {
    person: "Child above 13",
    short: "Above 13",
    tile: "Above 13",
    column: "Above13 Child",
    legend: "Children above 13",
    count: "Number of children above 13",
    countField: "numberOfChildrenAbove13",
    nameField: "above13Child",
  },
  above5: {
    person: "Child above 5",
    short: "Above 5",
    tile: "Above 5",
    column: "Above5 Child",
    legend: "Children above 5",
    count: "Number of children above 5",
    countField: "numberOfChildrenAbove5",
    nameField: "above5Child",
  },
  below5: {
    person: "Child below 5",
    short: "Below 5",
    tile: "Below 5",
    column: "Below5 Child",
    legend: "Children below 5",
    count: "Number of children below 5",
    countField: "numberOfChildrenBelow5",
    nameField: "below5Child",
  },
};

type Placed = { band: AttendeeBand; position: number };

/** The attendee order everywhere: by group (ATTENDEE_BANDS: adults first), then by place in the group. */
export function compareAttendees(a: Placed, b: Placed): number {
  return ATTENDEE_BANDS.indexOf(a.band) - ATTENDEE_BANDS.indexOf(b.band) || a.position - b.position;
}

/** A sorted copy, in the attendee order. */
export function sortAttendees<T extends Placed>(attendees: readonly T[]): T[] {
  return [...attendees].sort(compareAttendees);
}
