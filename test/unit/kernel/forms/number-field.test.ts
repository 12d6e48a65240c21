import { describe, expect, it } from "vitest";
import { parseWholeNumber } from "~/kernel/forms/number-field";
import { eventFormSchema, EVENT_MESSAGES } from "~/features/studio/event-form";

/** Number fields take numbers and say so (docs/requirements.md §7.3, §7.11). */
describe("parseWholeNumber", () => {
  it("reads digits, with or without thousands commas and spaces around", () => {
    expect(parseWholeNumber("300", { max: 100_000 })).toEqual({ ok: true, value: 300 });
    expect(parseWholeNumber(" 1,000 ", { max: 100_000 })).toEqual({ ok: true, value: 1000 });
    expect(parseWholeNumber("", { max: 10, empty: 0 })).toEqual({ ok: true, value: 0 });
  });

  it("refuses words, fractions, signs and numbers out of range", () => {
    for (const typed of ["300 people", "ten", "3.5", "-2", "1,00", "", "3 or 400"])
      expect(parseWholeNumber(typed, { max: 100_000 })).toEqual({ ok: false, problem: "notANumber" });
    expect(parseWholeNumber("100001", { max: 100_000 })).toEqual({ ok: false, problem: "tooLarge" });
    expect(parseWholeNumber("99999999999999999999", { max: 100_000 })).toEqual({ ok: false, problem: "tooLarge" });
    expect(parseWholeNumber("0", { min: 1, max: 10 })).toEqual({ ok: false, problem: "tooSmall" });
  });
});

describe("the event's capacity", () => {
  const form = (capacity: string) => ({ title: "Quiz", ticketType: "Individual", ticketPattern: "A", capacity });
  const capacityError = (capacity: string) => {
    const result = eventFormSchema.safeParse(form(capacity));
    return result.success ? null : result.error.issues.find((issue) => issue.path[0] === "capacity")?.message;
  };

  it("answers \u201c300 people\u201d with what to type, never a length limit", () => {
    expect(EVENT_MESSAGES.capacity).toMatch(/^Enter a number of people, e\.g\. 300/);
    expect(capacityError("300 people")).toBe(EVENT_MESSAGES.capacity);
    expect(capacityError("a very long answer indeed")).toBe(EVENT_MESSAGES.capacity);
    expect(capacityError("100001")).toBe(EVENT_MESSAGES.capacityTooLarge);
    expect(capacityError("1,000")).toBeUndefined();
  });

  it("refuses a price with words by what a price is, not by its length", () => {
    const result = eventFormSchema.safeParse({ ...form("10"), singlePrice: "twelve pounds fifty per person" });
    expect(result.success).toBe(false);
    const message = result.success ? "" : result.error.issues.find((issue) => issue.path[0] === "singlePrice")?.message;
    expect(message).toMatch(/^Enter an amount in pounds/);
  });
});
