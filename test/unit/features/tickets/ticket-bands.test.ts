import { describe, expect, it } from "vitest";
import { ATTENDEE_BANDS, type AttendeeBand } from "~/kernel/store/records";
import { BAND_NAMES, compareAttendees, sortAttendees } from "~/features/tickets/ticket-bands";
import { attendeeNameLabel, countField, nameField } from "~/features/tickets/ticket-rules";
import { summaryTiles, TICKET_COLUMNS } from "~/features/office/events-report";
import { BAND_KEYS } from "~/kernel/store/cockpit/shapes-tickets";

describe("the ticket bands' names", () => {
  it("has one row for every band, each naming it in every wording the requirements use", () => {
    expect(Object.keys(BAND_NAMES)).toEqual([...ATTENDEE_BANDS]);
    expect(BAND_NAMES.above13).toEqual({
      person: "Child above 13",
      short: "Above 13",
      tile: "Above 13",
      column: "Above13 Child",
      legend: "Children above 13",
      count: "Number of children above 13",
      countField: "numberOfChildrenAbove13",
      nameField: "above13Child",
    });
    expect(BAND_NAMES.parent.legend).toBe("Parents on a visiting visa");
    expect(BAND_NAMES.adult.tile).toBe("Adults");
  });

  it("is what the form fields, the labels, the report and the Cockpit keys are made from", () => {
    expect(countField("below5")).toBe("numberOfChildrenBelow5");
    expect(nameField("parent", 3)).toBe("parentName3");
    expect(attendeeNameLabel("below5", 2)).toBe("Name of the second child below 5");
    const tiles = summaryTiles({ tickets: 0, amount: 0, bands: { adult: 1, parent: 0, above13: 0, above5: 0, below5: 0 } });
    expect(tiles.map((t) => t.label).slice(0, 5)).toEqual(["Adults", "Parents", "Above 13", "Above 5", "Below 5"]);
    expect(TICKET_COLUMNS.map((c) => c.header)).toContain("Above5 Child 5");
    expect(BAND_KEYS.above5.name(2)).toBe("above5Child2");
    expect(BAND_KEYS.adult.count).toBe("numberOfAdults");
    expect(BAND_KEYS.adult.prefix).toBe("adult");
  });
});

describe("the attendee order", () => {
  const person = (band: AttendeeBand, position: number) => ({ band, position, name: `${band}${position}` });

  it("puts groups in ATTENDEE_BANDS order and, within a group, places in order", () => {
    const shuffled = [person("below5", 1), person("adult", 2), person("above13", 2), person("adult", 1), person("above13", 1), person("parent", 1)];
    expect(sortAttendees(shuffled).map((p) => p.name)).toEqual(["adult1", "adult2", "parent1", "above131", "above132", "below51"]);
  });

  it("leaves its input alone and compares equal people as equal", () => {
    const list = [person("parent", 1), person("adult", 1)];
    sortAttendees(list);
    expect(list.map((p) => p.band)).toEqual(["parent", "adult"]);
    expect(compareAttendees(person("above5", 3), person("above5", 3))).toBe(0);
  });
});
