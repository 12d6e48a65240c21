import { describe, expect, it } from "vitest";
import { declarationInForce } from "~/features/gift-aid/rules/declaration-in-force";

const declaration = (id: string, givenOn: string, withdrawnOn: string | null = null, createdAt = 1) => ({ id, givenOn, withdrawnOn, createdAt });

describe("the declaration in force on a day (ADR 74)", () => {
  it("covers payments from the day it was given", () => {
    const list = [declaration("a", "2026-05-01")];
    expect(declarationInForce(list, "2026-04-30")).toBeNull();
    expect(declarationInForce(list, "2026-05-01")?.id).toBe("a");
    expect(declarationInForce(list, "2030-01-01")?.id).toBe("a");
  });

  it("a cancellation stops payments after its day; its day is still covered", () => {
    const list = [declaration("a", "2026-05-01", "2026-06-10")];
    expect(declarationInForce(list, "2026-06-10")?.id).toBe("a");
    expect(declarationInForce(list, "2026-06-11")).toBeNull();
  });

  it("of several, the newest given covers the day (its name and address are the schedule's)", () => {
    const list = [declaration("old", "2024-01-01"), declaration("new", "2026-01-01"), declaration("later", "2027-01-01")];
    expect(declarationInForce(list, "2025-06-01")?.id).toBe("old");
    expect(declarationInForce(list, "2026-06-01")?.id).toBe("new");
    const sameDay = [declaration("first", "2026-01-01", null, 10), declaration("second", "2026-01-01", null, 20)];
    expect(declarationInForce(sameDay, "2026-02-01")?.id).toBe("second");
  });

  it("a cancelled newer one leaves an older one still in force, and none covers a day with none", () => {
    const list = [declaration("old", "2024-01-01"), declaration("new", "2026-01-01", "2026-02-01")];
    expect(declarationInForce(list, "2026-03-01")?.id).toBe("old");
    expect(declarationInForce([], "2026-03-01")).toBeNull();
  });
});
