import { describe, expect, it } from "vitest";
import type { AttendeeBand, Membership } from "~/kernel/store/records";
import { TICKET_PATTERNS, TICKET_TYPES, type SiteSettings, type TicketPattern } from "~/kernel/store/site-settings";
import {
  MAX_NAME_LENGTH,
  adultCount,
  ageBand,
  attendeesOf,
  bandsOffered,
  bandsShown,
  bookingOpen,
  countField,
  eventYear,
  nameField,
  partyInputFrom,
  partyLimits,
  prefillParty,
  ticketPrice,
  ukToday,
  validateParty,
  type PartyInput,
} from "~/features/tickets/ticket-rules";
import { demoSettings } from "../../../../seed/demo-content";

const YEAR = 2026;
const settings = demoSettings(YEAR).tickets;
// The demo prices, written out: the expectations below use these numbers, not the settings.
const FAMILY = 2500;
const SINGLE = 1500;
const XMAS_ADULT = 1200;
const XMAS_ABOVE13 = 800;
const XMAS_KIDS = 500;

/** What each pattern offers, by hand (A adults, P parents, 13 above 13, 5 above 5, -5 below 5). */
const OFFERS: Record<TicketPattern, { parent: boolean; above13: boolean; above5: boolean; below5: boolean }> = {
  A: { parent: false, above13: false, above5: false, below5: false },
  "A+P": { parent: true, above13: false, above5: false, below5: false },
  "A+13": { parent: false, above13: true, above5: false, below5: false },
  "A+13+P": { parent: true, above13: true, above5: false, below5: false },
  "A+13+5": { parent: false, above13: true, above5: true, below5: false },
  "A+13+5+P": { parent: true, above13: true, above5: true, below5: false },
  "A+13+5-5": { parent: false, above13: true, above5: true, below5: true },
  "A+13+5-5+P": { parent: true, above13: true, above5: true, below5: true },
};

/** Every group at a different size, so a wrongly counted group changes the sums. */
const FULL = { adult: 2, parent: 3, above13: 4, above5: 5, below5: 1 };

function partyOf(counts: Record<AttendeeBand, number>) {
  const names = Object.fromEntries(
    (Object.keys(counts) as AttendeeBand[]).map((band) => [band, Array.from({ length: counts[band] }, (_, i) => `${band} ${i + 1}`)]),
  ) as Record<AttendeeBand, string[]>;
  return { counts, names };
}

function inputOf(fields: Record<string, string>): PartyInput {
  return partyInputFrom((name) => fields[name] ?? null);
}

describe("patterns", () => {
  for (const pattern of TICKET_PATTERNS) {
    it(`${pattern} offers adults${OFFERS[pattern].parent ? ", parents" : ""}${OFFERS[pattern].above13 ? ", above 13" : ""}${OFFERS[pattern].above5 ? ", above 5" : ""}${OFFERS[pattern].below5 ? ", below 5" : ""}`, () => {
      const o = OFFERS[pattern];
      const expected: AttendeeBand[] = ["adult"];
      if (o.parent) expected.push("parent");
      if (o.above13) expected.push("above13");
      if (o.above5) expected.push("above5");
      if (o.below5) expected.push("below5");
      expect(bandsOffered(pattern)).toEqual(expected);
      expect(bandsShown(pattern, "Family")).toEqual(expected);
      expect(bandsShown(pattern, "Single")).toEqual(["adult"]);
    });
  }
});

describe("price: every pattern × ticket type × membership", () => {
  for (const pattern of TICKET_PATTERNS) {
    for (const type of TICKET_TYPES) {
      for (const membership of ["Family", "Single"] as Membership[]) {
        it(`${type}, ${pattern}, ${membership}`, () => {
          const o = OFFERS[pattern];
          const family = membership === "Family";
          // A Single member books one adult; the form shows no other group.
          const adults = family ? 2 : 1;
          const parents = family && o.parent ? 3 : 0;
          const above13 = family && o.above13 ? 4 : 0;
          const above5 = family && o.above5 ? 5 : 0;
          const below5 = family && o.below5 ? 1 : 0;
          const people = adults + parents + above13 + above5 + below5;

          const result = ticketPrice(partyOf({ ...FULL, adult: adults }), { ...settings, type, pattern }, membership);
          expect(result.counted).toEqual({ adult: adults, parent: parents, above13, above5, below5 });

          if (type === "Christmas") {
            const total = (adults + parents) * XMAS_ADULT + above13 * XMAS_ABOVE13 + above5 * XMAS_KIDS;
            expect(result).toMatchObject({ qty: 1, unitAmount: total, total, free: false });
            const lines = [{ price: "price_demo_xmas_adult", quantity: adults + parents, unitAmount: XMAS_ADULT }];
            if (above13) lines.push({ price: "price_demo_xmas_above13", quantity: above13, unitAmount: XMAS_ABOVE13 });
            if (above5) lines.push({ price: "price_demo_xmas_kids", quantity: above5, unitAmount: XMAS_KIDS });
            expect(result.lineItems).toEqual(lines);
          } else if (type === "Individual") {
            expect(result).toMatchObject({ qty: people, unitAmount: SINGLE, total: people * SINGLE, free: false });
            expect(result.lineItems).toEqual([{ price: "price_demo_ticket_single", quantity: people, unitAmount: SINGLE }]);
          } else {
            const price = family ? FAMILY : SINGLE;
            expect(result).toMatchObject({ qty: 1, unitAmount: price, total: price, free: false });
            expect(result.lineItems).toEqual([{ price: family ? "price_demo_ticket_family" : "price_demo_ticket_single", quantity: 1, unitAmount: price }]);
          }
          expect(result.unitAmount * result.qty).toBe(result.total);
          expect(result.lineItems.reduce((sum, l) => sum + l.unitAmount * l.quantity, 0)).toBe(result.total);
        });
      }
    }
  }

  it("some totals, written out: the demo Family at Christmas, and Individual", () => {
    const demo = partyOf({ adult: 2, parent: 0, above13: 1, above5: 1, below5: 1 });
    expect(ticketPrice(demo, settings, "Family").total).toBe(2 * 1200 + 800 + 500);
    expect(ticketPrice(demo, { ...settings, type: "Individual" }, "Family")).toMatchObject({ qty: 5, total: 7500 });
    expect(ticketPrice(demo, { ...settings, type: "Individual", pattern: "A+13" }, "Family")).toMatchObject({ qty: 3, total: 4500 });
    expect(ticketPrice(demo, { ...settings, type: "Other" }, "Family")).toMatchObject({ qty: 1, total: 2500 });
  });

  it("below 5 only adds nothing at Christmas", () => {
    const withBaby = ticketPrice(partyOf({ adult: 1, parent: 0, above13: 0, above5: 0, below5: 3 }), settings, "Family");
    expect(withBaby).toMatchObject({ qty: 1, total: 1200, counted: { below5: 3 } });
    expect(withBaby.lineItems).toEqual([{ price: "price_demo_xmas_adult", quantity: 1, unitAmount: 1200 }]);
  });

  it("a zero total is free, with no lines to charge", () => {
    const free = { ...settings, christmasAdultPrice: 0, christmasAbove13Price: 0, christmasKidsPrice: 0 };
    expect(ticketPrice(partyOf(FULL), free, "Family")).toMatchObject({ total: 0, free: true, lineItems: [], qty: 1 });
    expect(ticketPrice(partyOf(FULL), { ...settings, type: "Individual", singlePrice: 0 }, "Family")).toMatchObject({ total: 0, free: true, lineItems: [] });
    expect(ticketPrice(partyOf(FULL), { ...settings, type: "Other", familyPrice: 0 }, "Family")).toMatchObject({ total: 0, free: true });
    expect(ticketPrice(partyOf(FULL), { ...settings, type: "Other", familyPrice: 0 }, "Single")).toMatchObject({ total: 1500, free: false });
  });

  it("a zero-priced group is left out of the lines but the rest is charged", () => {
    const result = ticketPrice(partyOf(FULL), { ...settings, christmasAbove13Price: 0 } as SiteSettings["tickets"], "Family");
    expect(result.lineItems.map((l) => l.price)).toEqual(["price_demo_xmas_adult", "price_demo_xmas_kids"]);
    expect(result.total).toBe(5 * 1200 + 5 * 500);
  });
});

describe("age bands, as of the event year", () => {
  const cases: Array<[age: number, band: string | null]> = [
    [20, "above13"],
    [14, "above13"],
    [13, "above5"], // born exactly 13 years before: "over 5 up to 13"
    [6, "above5"],
    [5, "below5"], // born exactly 5 years before: "5 or under"
    [1, "below5"],
    [0, "below5"],
    [-1, null],
  ];
  for (const [age, band] of cases) {
    it(`born ${age} years before the event year: ${band ?? "no group"}`, () => {
      expect(ageBand(YEAR - age, YEAR)).toBe(band);
    });
  }
  it("no group for a year that is not a whole number", () => {
    expect(ageBand(Number.NaN, YEAR)).toBeNull();
    expect(ageBand(2010.5, YEAR)).toBeNull();
  });
  it("the event year is the year of the last booking date", () => {
    expect(eventYear("2026-12-20")).toBe(2026);
  });
});

describe("limits", () => {
  it("Family: adults 1–2, parents 0–4, above 13 and above 5 0–5, below 5 0–3; Single: adults fixed at 1", () => {
    expect(adultCount("Family")).toBe(2);
    expect(adultCount("Single")).toBe(1);
    expect(partyLimits("Family")).toEqual({
      adult: { min: 1, max: 2 },
      parent: { min: 0, max: 4 },
      above13: { min: 0, max: 5 },
      above5: { min: 0, max: 5 },
      below5: { min: 0, max: 3 },
    });
    expect(partyLimits("Single").adult).toEqual({ min: 1, max: 1 });
  });

  const family = { pattern: "A+13+5-5+P" as const, membership: "Family" as const };
  const bounds: Array<[AttendeeBand, number, number]> = [
    ["adult", 1, 2],
    ["parent", 0, 4],
    ["above13", 0, 5],
    ["above5", 0, 5],
    ["below5", 0, 3],
  ];
  for (const [band, min, max] of bounds) {
    it(`${band}: ${min} and ${max} pass, ${min - 1} and ${max + 1} fail`, () => {
      for (const [count, ok] of [
        [min, true],
        [max, true],
        [min - 1, false],
        [max + 1, false],
      ] as const) {
        const fields: Record<string, string> = { numberOfAdults: "1", adultName1: "Arun" };
        fields[countField(band)] = String(count);
        for (let p = 1; p <= Math.max(count, 0); p++) fields[nameField(band, p)] = `Name ${p}`;
        const result = validateParty(inputOf(fields), family);
        expect(result.ok, `${band} ${count}`).toBe(ok);
        if (ok && result.ok) expect(result.party.counts[band]).toBe(count);
        if (!ok && !result.ok) expect(Object.keys(result.errors)).toEqual([countField(band)]);
      }
    });
  }

  it("Single: adults fixed at 1", () => {
    const single = { pattern: "A+13+5-5+P" as const, membership: "Single" as const };
    expect(validateParty(inputOf({ numberOfAdults: "1", adultName1: "Sara" }), single).ok).toBe(true);
    const two = validateParty(inputOf({ numberOfAdults: "2", adultName1: "Sara", adultName2: "Someone" }), single);
    expect(two).toEqual({ ok: false, errors: { numberOfAdults: "Number of adults must be 1." } });
  });
});

describe("validating a party", () => {
  const options = { pattern: "A+13+5-5+P" as const, membership: "Family" as const };

  it("numberOfAdults is required; other missing counts are 0", () => {
    expect(validateParty(inputOf({}), options)).toEqual({ ok: false, errors: { numberOfAdults: "Number of adults is required." } });
    const result = validateParty(inputOf({ numberOfAdults: "1", adultName1: "Arun" }), options);
    expect(result).toEqual({
      ok: true,
      party: {
        counts: { adult: 1, parent: 0, above13: 0, above5: 0, below5: 0 },
        names: { adult: ["Arun"], parent: [], above13: [], above5: [], below5: [] },
      },
    });
  });

  it("every shown name is required, keyed by the form's field names", () => {
    const result = validateParty(
      inputOf({
        numberOfAdults: "2",
        adultName1: "Arun",
        adultName2: "  ",
        numberOfParents: "1",
        numberOfChildrenAbove13: "2",
        above13Child1: "Anna",
        numberOfChildrenBelow5: "1",
      }),
      options,
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        adultName2: "Name of the second adult is required.",
        parentName1: "Name of the first parent is required.",
        above13Child2: "Name of the second child above 13 is required.",
        below5Child1: "Name of the first child below 5 is required.",
      },
    });
  });

  it("names are trimmed; too long names are refused; names beyond the count are dropped", () => {
    const ok = validateParty(
      inputOf({
        numberOfAdults: "1",
        adultName1: "  Arun Joseph  ",
        adultName2: "ignored",
        numberOfChildrenAbove5: "1",
        above5Child1: " Ben ",
        above5Child2: "ignored",
      }),
      options,
    );
    expect(ok.ok && ok.party.names).toEqual({ adult: ["Arun Joseph"], parent: [], above13: [], above5: ["Ben"], below5: [] });
    const long = validateParty(inputOf({ numberOfAdults: "1", adultName1: "x".repeat(MAX_NAME_LENGTH + 1) }), options);
    expect(long).toEqual({ ok: false, errors: { adultName1: `Name of the first adult must be at most ${MAX_NAME_LENGTH} characters.` } });
    expect(validateParty(inputOf({ numberOfAdults: "1", adultName1: "x".repeat(MAX_NAME_LENGTH) }), options).ok).toBe(true);
  });

  it("a count that is not a whole number is refused with the range", () => {
    for (const bad of ["two", "1.5", "-1", "1e1"]) {
      const result = validateParty(inputOf({ numberOfAdults: "1", adultName1: "A", numberOfChildrenBelow5: bad }), options);
      expect(result, bad).toEqual({ ok: false, errors: { numberOfChildrenBelow5: "Number of children below 5 must be from 0 to 3." } });
    }
    expect(validateParty(inputOf({ numberOfAdults: "3" }), options)).toEqual({ ok: false, errors: { numberOfAdults: "Number of adults must be 1 or 2." } });
  });

  it("groups the pattern or membership does not show are ignored, whatever was posted", () => {
    const posted = { numberOfAdults: "1", adultName1: "A", numberOfParents: "9", numberOfChildrenBelow5: "2", below5Child1: "x" };
    const a = validateParty(inputOf(posted), { pattern: "A+13", membership: "Family" });
    expect(a.ok && a.party.counts).toEqual({ adult: 1, parent: 0, above13: 0, above5: 0, below5: 0 });
    const single = validateParty(inputOf(posted), { pattern: "A+13+5-5+P", membership: "Single" });
    expect(single.ok && attendeesOf(single.party)).toEqual([{ band: "adult", position: 1, name: "A" }]);
  });
});

describe("prefilling the form from the member's record", () => {
  // The Family demo member (seed/demo-members.ts): children of 15, 9 and 3 in the event year.
  const family = {
    fullName: "Arun Joseph",
    membership: "Family" as const,
    spouse: { title: "Mrs" as const, name: "Meera Joseph", email: "meera@example.org", mobile: "07700900012" },
    children: [
      { name: "Anna Joseph", birthYear: YEAR - 15 },
      { name: "Ben Joseph", birthYear: YEAR - 9 },
      { name: "Clara Joseph", birthYear: YEAR - 3 },
    ],
  };

  it("every group offered: two adults and one child in each age band", () => {
    expect(prefillParty(family, YEAR, "A+13+5-5+P")).toEqual({
      counts: { adult: 2, parent: 0, above13: 1, above5: 1, below5: 1 },
      names: { adult: ["Arun Joseph", "Meera Joseph"], parent: [], above13: ["Anna Joseph"], above5: ["Ben Joseph"], below5: ["Clara Joseph"] },
    });
  });

  it("groups the pattern does not offer are dropped", () => {
    expect(prefillParty(family, YEAR, "A+13").names).toEqual({
      adult: ["Arun Joseph", "Meera Joseph"],
      parent: [],
      above13: ["Anna Joseph"],
      above5: [],
      below5: [],
    });
    expect(prefillParty(family, YEAR, "A").counts).toEqual({ adult: 2, parent: 0, above13: 0, above5: 0, below5: 0 });
  });

  it("later years move the children on by age (13 is still above 5)", () => {
    // Ages 19, 13, 7.
    expect(prefillParty(family, YEAR + 4, "A+13+5-5+P").counts).toEqual({ adult: 2, parent: 0, above13: 1, above5: 2, below5: 0 });
    // Ages 20, 14, 8.
    expect(prefillParty(family, YEAR + 5, "A+13+5-5+P").counts).toEqual({ adult: 2, parent: 0, above13: 2, above5: 1, below5: 0 });
  });

  it("no more than a group's limit, a Family without a spouse keeps an empty second adult, and the prefill validates once names are filled", () => {
    const many = { ...family, spouse: null, children: Array.from({ length: 5 }, (_, i) => ({ name: `Baby ${i + 1}`, birthYear: YEAR - 1 })) };
    const party = prefillParty(many, YEAR, "A+13+5-5+P");
    expect(party.counts.below5).toBe(3);
    expect(party.names.below5).toEqual(["Baby 1", "Baby 2", "Baby 3"]);
    expect(party.names.adult).toEqual(["Arun Joseph", ""]);
    const fields: Record<string, string> = { numberOfAdults: "2", adultName1: "Arun Joseph", adultName2: "", numberOfChildrenBelow5: "3" };
    party.names.below5.forEach((name, i) => (fields[nameField("below5", i + 1)] = name));
    expect(validateParty(inputOf(fields), { pattern: "A+13+5-5+P", membership: "Family" })).toEqual({
      ok: false,
      errors: { adultName2: "Name of the second adult is required." },
    });
  });

  it("a Single member: one adult, no children", () => {
    const single = { fullName: "Sara Thomas", membership: "Single" as const, spouse: null, children: [{ name: "Kid", birthYear: YEAR - 8 }] };
    expect(prefillParty(single, YEAR, "A+13+5-5+P")).toEqual({
      counts: { adult: 1, parent: 0, above13: 0, above5: 0, below5: 0 },
      names: { adult: ["Sara Thomas"], parent: [], above13: [], above5: [], below5: [] },
    });
  });
});

describe("booking close date, in UK time", () => {
  it("the last day is open, the next day closed", () => {
    expect(bookingOpen("2026-12-20", "2026-12-19")).toBe(true);
    expect(bookingOpen("2026-12-20", "2026-12-20")).toBe(true);
    expect(bookingOpen("2026-12-20", "2026-12-21")).toBe(false);
    expect(bookingOpen("2026-12-20", "2027-01-01")).toBe(false);
    expect(bookingOpen("", "2026-12-01")).toBe(false);
    expect(bookingOpen("20/12/2026", "2026-12-01")).toBe(false);
  });

  it("today turns at UK midnight (GMT in winter, BST in summer)", () => {
    const at = (iso: string) => Date.parse(iso) / 1000;
    expect(ukToday(at("2026-12-20T23:59:59Z"))).toBe("2026-12-20");
    expect(ukToday(at("2026-12-21T00:00:00Z"))).toBe("2026-12-21");
    // 23:30 UTC on 30 June is 00:30 on 1 July in London.
    expect(ukToday(at("2026-06-30T22:59:59Z"))).toBe("2026-06-30");
    expect(ukToday(at("2026-06-30T23:00:00Z"))).toBe("2026-07-01");
    expect(bookingOpen("2026-06-30", ukToday(at("2026-06-30T22:59:59Z")))).toBe(true);
    expect(bookingOpen("2026-06-30", ukToday(at("2026-06-30T23:00:00Z")))).toBe(false);
  });
});

describe("attendees for storing", () => {
  it("band, 1-based position and name, in band order, no more than each count", () => {
    const party = {
      counts: { adult: 2, parent: 1, above13: 0, above5: 1, below5: 0 },
      names: { adult: ["A1", "A2"], parent: ["P1", "extra"], above13: [], above5: ["K1"], below5: [] },
    };
    expect(attendeesOf(party)).toEqual([
      { band: "adult", position: 1, name: "A1" },
      { band: "adult", position: 2, name: "A2" },
      { band: "parent", position: 1, name: "P1" },
      { band: "above5", position: 1, name: "K1" },
    ]);
  });

  it("field names keep the old site's spelling", () => {
    expect([countField("adult"), countField("parent"), countField("above13"), countField("above5"), countField("below5")]).toEqual([
      "numberOfAdults",
      "numberOfParents",
      "numberOfChildrenAbove13",
      "numberOfChildrenAbove5",
      "numberOfChildrenBelow5",
    ]);
    expect([nameField("adult", 2), nameField("parent", 4), nameField("above13", 5), nameField("above5", 1), nameField("below5", 3)]).toEqual([
      "adultName2",
      "parentName4",
      "above13Child5",
      "above5Child1",
      "below5Child3",
    ]);
  });
});
