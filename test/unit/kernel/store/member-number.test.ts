import { describe, expect, it } from "vitest";
import { formatMemberNumber, parseMemberNumber } from "~/kernel/store/member-number";

describe("member numbers", () => {
  it("shows the MMA prefix, and nothing for records without a number", () => {
    expect(formatMemberNumber(42)).toBe("MMA42");
    expect(formatMemberNumber(null)).toBeNull();
    expect(formatMemberNumber(0)).toBeNull();
  });
  it("reads numbers typed with or without the prefix", () => {
    expect(parseMemberNumber("MMA42")).toBe(42);
    expect(parseMemberNumber("mma 42")).toBe(42);
    expect(parseMemberNumber(" 0042 ")).toBe(42);
  });
  it("rejects anything else", () => {
    for (const text of ["", "MMA", "42a", "MMA-42", "0", "1e3", "９"]) expect(parseMemberNumber(text)).toBeNull();
  });
});

describe("member number labels", () => {
  it("shows MMA numbers, and 'Not Generated' for records without one", async () => {
    const { memberNumberLabel } = await import("~/kernel/store/member-number");
    expect(memberNumberLabel(7)).toBe("MMA7");
    expect(memberNumberLabel(null)).toBe("Not Generated");
  });
});
