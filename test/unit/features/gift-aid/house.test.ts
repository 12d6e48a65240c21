import { describe, expect, it } from "vitest";
import { HOUSE_TOO_LONG, NO_HOUSE, houseFromAddress } from "~/features/gift-aid/rules/house";

describe("the house name or number from an address (ADR 74)", () => {
  it("takes the number at the start of the first line", () => {
    expect(houseFromAddress("12 High Street\nTown")).toEqual({ house: "12", problem: null });
    expect(houseFromAddress("12a High Street")).toEqual({ house: "12a", problem: null });
    expect(houseFromAddress("12-14 High Street")).toEqual({ house: "12-14", problem: null });
    expect(houseFromAddress("7, Mill Lane, Town")).toEqual({ house: "7", problem: null });
  });

  it("keeps a flat with its building's number", () => {
    expect(houseFromAddress("Flat 3, 12 High St\nTown")).toEqual({ house: "Flat 3, 12", problem: null });
    expect(houseFromAddress("Flat 3\n12 High St")).toEqual({ house: "Flat 3, 12", problem: null });
    expect(houseFromAddress("Flat 3 12 High St")).toEqual({ house: "Flat 3, 12", problem: null });
    expect(houseFromAddress("Flat 3\nRose Court")).toEqual({ house: "Flat 3", problem: null });
  });

  it("takes a house name from a first line without a number", () => {
    expect(houseFromAddress("Rose Cottage\nMill Lane")).toEqual({ house: "Rose Cottage", problem: null });
    expect(houseFromAddress("The Old Forge, 5 Mill Lane")).toEqual({ house: "The Old Forge", problem: null });
  });

  it("a street without a number, or nothing, is a problem", () => {
    expect(houseFromAddress("Mill Lane\nTown")).toEqual({ house: "", problem: NO_HOUSE });
    expect(houseFromAddress("High St.")).toEqual({ house: "", problem: NO_HOUSE });
    expect(houseFromAddress("")).toEqual({ house: "", problem: NO_HOUSE });
    expect(houseFromAddress(" \n ")).toEqual({ house: "", problem: NO_HOUSE });
  });

  it("a house name over 40 characters is a problem, never cut short", () => {
    expect(houseFromAddress(`${"Long ".repeat(8)}House`)).toEqual({ house: "", problem: HOUSE_TOO_LONG });
    expect(houseFromAddress("The Very Long Named House At The End")).toEqual({ house: "The Very Long Named House At The End", problem: null });
  });
});
