import { describe, expect, it } from "vitest";
import { bookNowText, partyFormState } from "~/features/tickets/ticket-booking";
import { partyInputFrom } from "~/features/tickets/ticket-rules";

const family = { pattern: "A+13+5-5+P", membership: "Family" } as const;
const posted = (fields: Record<string, string>) => partyInputFrom((name) => fields[name] ?? null);

describe("bookNowText", () => {
  it("shows the total in pounds", () => {
    expect(bookNowText(3400)).toBe("Book Now £34.00");
    expect(bookNowText(0)).toBe("Book Now £0.00");
  });
});

describe("partyFormState: the form shown again after a post", () => {
  it("keeps the counts and the names as typed, for every position a group may have", () => {
    const party = partyFormState(posted({ numberOfAdults: "2", adultName1: " Ann ", numberOfChildrenAbove5: "3", above5Child2: "Bo" }), family);
    expect(party.counts).toEqual({ adult: 2, parent: 0, above13: 0, above5: 3, below5: 0 });
    expect(party.names.adult).toEqual([" Ann ", ""]);
    expect(party.names.above5).toEqual(["", "Bo", "", "", ""]);
    expect(party.names.below5).toHaveLength(3);
  });

  it("brings counts within the limits and reads junk as the least", () => {
    const party = partyFormState(posted({ numberOfAdults: "9", numberOfParents: "-1", numberOfChildrenBelow5: "abc", numberOfChildrenAbove13: "" }), family);
    expect(party.counts).toEqual({ adult: 2, parent: 0, above13: 0, above5: 0, below5: 0 });
    expect(partyFormState(posted({}), family).counts.adult).toBe(1);
  });

  it("a Single membership shows one adult only, whatever is posted", () => {
    const party = partyFormState(posted({ numberOfAdults: "2", numberOfParents: "3", parentName1: "X" }), { pattern: "A+13+5-5+P", membership: "Single" });
    expect(party.counts).toEqual({ adult: 1, parent: 0, above13: 0, above5: 0, below5: 0 });
    expect(party.names.parent).toEqual([]);
  });

  it("offers only the pattern's groups", () => {
    const party = partyFormState(posted({ numberOfAdults: "1", numberOfChildrenAbove13: "2", numberOfParents: "2" }), { pattern: "A+P", membership: "Family" });
    expect(party.counts.above13).toBe(0);
    expect(party.counts.parent).toBe(2);
  });

  it("cuts a very long typed name", () => {
    const party = partyFormState(posted({ numberOfAdults: "1", adultName1: "x".repeat(5000) }), family);
    expect(party.names.adult[0]!.length).toBe(160);
  });
});
