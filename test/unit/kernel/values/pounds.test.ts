import { describe, expect, it } from "vitest";
import { MAX_PENCE, parsePounds, penceToPounds, POUNDS_MESSAGES } from "~/kernel/values/pounds";

describe("parsePounds: fees typed in pounds, kept in pence", () => {
  it("reads whole pounds, one or two figures of pence, a £ sign and thousands commas", () => {
    expect(parsePounds("25")).toEqual({ ok: true, pence: 2500 });
    expect(parsePounds("25.00")).toEqual({ ok: true, pence: 2500 });
    expect(parsePounds("25.5")).toEqual({ ok: true, pence: 2550 });
    expect(parsePounds("25.05")).toEqual({ ok: true, pence: 2505 });
    expect(parsePounds(" £ 0.99 ")).toEqual({ ok: true, pence: 99 });
    expect(parsePounds("0")).toEqual({ ok: true, pence: 0 });
    expect(parsePounds("1,025.10")).toEqual({ ok: true, pence: 102510 });
    expect(parsePounds("25.")).toEqual({ ok: true, pence: 2500 });
  });

  it("never loses a penny to floating point", () => {
    for (const pounds of ["0.07", "0.29", "1.15", "4.35", "19.99", "8205.05"]) {
      const parsed = parsePounds(pounds);
      expect(parsed.ok && penceToPounds(parsed.pence), pounds).toBe(pounds);
    }
  });

  it("refuses pence, negatives, other text, three decimals and absurd amounts, each with its message", () => {
    expect(parsePounds("25.5p")).toEqual({ ok: false, message: POUNDS_MESSAGES.notPounds });
    expect(parsePounds("25p")).toEqual({ ok: false, message: POUNDS_MESSAGES.notPounds });
    expect(parsePounds("twenty")).toEqual({ ok: false, message: POUNDS_MESSAGES.notPounds });
    expect(parsePounds("1,00")).toEqual({ ok: false, message: POUNDS_MESSAGES.notPounds });
    expect(parsePounds("2e3")).toEqual({ ok: false, message: POUNDS_MESSAGES.notPounds });
    expect(parsePounds("-3")).toEqual({ ok: false, message: POUNDS_MESSAGES.negative });
    expect(parsePounds("-0.01")).toEqual({ ok: false, message: POUNDS_MESSAGES.negative });
    expect(parsePounds("25.505")).toEqual({ ok: false, message: POUNDS_MESSAGES.tooManyDecimals });
    expect(parsePounds("10000.01")).toEqual({ ok: false, message: POUNDS_MESSAGES.tooLarge });
    expect(parsePounds("10000")).toEqual({ ok: true, pence: MAX_PENCE });
    expect(parsePounds("")).toEqual({ ok: false, message: POUNDS_MESSAGES.required });
    expect(parsePounds(undefined)).toEqual({ ok: false, message: POUNDS_MESSAGES.required });
  });
});

describe("penceToPounds: how a fee field shows what is stored", () => {
  it("always has two figures of pence", () => {
    expect(penceToPounds(2500)).toBe("25.00");
    expect(penceToPounds(2550)).toBe("25.50");
    expect(penceToPounds(5)).toBe("0.05");
    expect(penceToPounds(0)).toBe("0.00");
    expect(penceToPounds(123456)).toBe("1234.56");
  });
});
