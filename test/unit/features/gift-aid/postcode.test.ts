import { describe, expect, it } from "vitest";
import { isUkPostcode, normalisePostcode } from "~/features/gift-aid/rules/postcode";

describe("UK postcodes for HMRC's schedule (ADR 74)", () => {
  it("writes capitals with one space before the last three characters", () => {
    expect(normalisePostcode("s19 2bd")).toBe("S19 2BD");
    expect(normalisePostcode("S192BD")).toBe("S19 2BD");
    expect(normalisePostcode("  sw1a   1aa ")).toBe("SW1A 1AA");
    expect(normalisePostcode("m1 1ae")).toBe("M1 1AE");
  });

  it("accepts every shape of UK postcode", () => {
    for (const code of ["M1 1AE", "B33 8TH", "CR2 6XH", "DN55 1PT", "W1A 0AX", "EC1A 1BB", "GIR 0AA", "s19 2bd"]) expect(isUkPostcode(code), code).toBe(true);
  });

  it("refuses what is not a UK postcode", () => {
    for (const code of ["", "12345", "SW1A", "SW1A 1A", "Q1 1AA1", "AB1 1CI", "75008", "S19 2B D X"]) expect(isUkPostcode(code), code).toBe(false);
  });
});
