import { describe, expect, it } from "vitest";
import { TICKET_CODE_ALPHABET, formatTicketCode, generateTicketCode, normaliseTicketCode } from "~/features/tickets/ticket-code";

describe("ticket codes", () => {
  it("uses no look-alike characters", () => {
    expect(TICKET_CODE_ALPHABET).toHaveLength(31);
    for (const c of "01OIL") expect(TICKET_CODE_ALPHABET).not.toContain(c);
  });

  it("generates 8-character codes from the alphabet only, all different", () => {
    const codes = Array.from({ length: 2000 }, () => generateTicketCode());
    for (const code of codes) expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    expect(new Set(codes).size).toBe(codes.length);
    // Every character turns up (a broken mapping would leave some out).
    expect(new Set(codes.join("")).size).toBe(31);
  });

  it("draws again on bytes that would bias the result", () => {
    // 248 and above are drawn again; 0 → "2", 30 → "Z", 31 → "2", 1 → "3" ...
    const bytes = [255, 248, 0, 30, 31, 249, 1, 2, 3, 4, 5];
    let offset = 0;
    const source = (n: number) => {
      const out = Uint8Array.from({ length: n }, (_, i) => bytes[(offset + i) % bytes.length]!);
      offset += n;
      return out;
    };
    expect(generateTicketCode(source)).toBe("2Z234567");
  });

  it("refuses a length outside 8 to 12", () => {
    expect(() => generateTicketCode(undefined, 7)).toThrow();
    expect(() => generateTicketCode(undefined, 13)).toThrow();
    expect(generateTicketCode(undefined, 12)).toHaveLength(12);
  });

  it("normalises what a steward types: case, spaces and dashes", () => {
    expect(normaliseTicketCode("XMAS7K2P")).toBe("XMAS7K2P");
    expect(normaliseTicketCode("xmas-7k2p")).toBe("XMAS7K2P");
    expect(normaliseTicketCode("  xm as 7k 2p ")).toBe("XMAS7K2P");
    expect(normaliseTicketCode("XMAS\u20137K2P")).toBe("XMAS7K2P");
    expect(normaliseTicketCode("abcd efgh jkmn")).toBe("ABCDEFGHJKMN");
  });

  it("refuses anything that cannot be a code, including the left-out look-alikes", () => {
    for (const input of [
      "",
      "   ",
      "XMAS7K2",
      "XMAS7K2PQRSTU",
      "XMAS7K2O",
      "XMAS7K20",
      "XMAS7K2I",
      "XMAS7K21",
      "XMAS7K2L",
      "XMAS.7K2P",
      "XMAS_7K2P",
      "ẌMAS7K2P",
      "x".repeat(41),
      "a1b2c3d4e5f6a1b2c3d4e5f6",
    ]) {
      expect(normaliseTicketCode(input), input).toBeNull();
    }
    for (const input of [null, undefined, 12345678, {}, ["XMAS7K2P"]]) expect(normaliseTicketCode(input)).toBeNull();
  });

  it("formats for reading in groups of four", () => {
    expect(formatTicketCode("XMAS7K2P")).toBe("XMAS-7K2P");
    expect(formatTicketCode("abcdefghjk")).toBe("ABCD-EFGH-JK");
    expect(formatTicketCode("not a code!")).toBe("not a code!");
  });

  it("accepts the seed's and generated codes back", () => {
    for (let i = 0; i < 50; i++) {
      const code = generateTicketCode();
      expect(normaliseTicketCode(formatTicketCode(code).toLowerCase())).toBe(code);
    }
  });
});
