import { describe, expect, it } from "vitest";
import { numberQueue } from "~/kernel/store/cockpit/members.server";

/** The member-number queue over Cockpit (ADR 33): who holds a number, and what each waiting entry is owed. */
describe("numberQueue", () => {
  const e = (id: string, number: number | null) => ({ id, number });

  it("lets the first entry with a number hold it, and owes the later ones the next free numbers, oldest first", () => {
    const queue = numberQueue([e("a", 1), e("b", 1), e("c", 1), e("d", 2), e("e", 1)]);
    expect(queue.highest).toBe(2);
    expect(Object.fromEntries(queue.holder)).toEqual({ 1: "a", 2: "d" });
    expect(Object.fromEntries(queue.owed)).toEqual({ b: 3, c: 4, e: 5 });
  });

  it("owes the same numbers after an entry took what it was owed (a retry is the newest entry)", () => {
    const before = numberQueue([e("a", 1), e("b", 1), e("c", 1), e("e", 1)]);
    // b gave its entry up and came back as b2 with the number it was owed.
    const after = numberQueue([e("a", 1), e("c", 1), e("e", 1), e("b2", before.owed.get("b")!)]);
    expect(after.holder.get(2)).toBe("b2");
    expect(after.owed.get("c")).toBe(before.owed.get("c"));
    expect(after.owed.get("e")).toBe(before.owed.get("e"));
  });

  it("never owes a number below the one an entry clashes on, so old gaps stay gaps; entries without a number wait for none", () => {
    const queue = numberQueue([e("old", 1), e("legacy", null), e("x", 10), e("y", 10)]);
    expect(queue.owed.get("y")).toBe(11);
    expect(queue.owed.has("legacy")).toBe(false);
    expect(numberQueue([]).highest).toBe(0);
  });
});
