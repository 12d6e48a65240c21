import { describe, expect, it } from "vitest";
import { donorDetails } from "~/features/gift-aid/rules/donor-details";

describe("a schedule row's donor columns and problems (ADR 74)", () => {
  it("a good declaration gives every column and no problem", () => {
    expect(donorDetails({ title: "Mrs", fullName: "Anna Smith-Jones", address: "12 High Street\nTown", postcode: "s19 2bd" })).toEqual({
      title: "Mrs",
      firstName: "Anna",
      lastName: "Smith Jones",
      house: "12",
      postcode: "S19 2BD",
      problems: [],
    });
  });

  it("lists every problem in plain English", () => {
    expect(donorDetails({ title: "", fullName: "Cher", address: "Mill Lane", postcode: "12345" }).problems).toEqual([
      "The name needs a first and a last name.",
      "No house name or number can be found in the address.",
      "The postcode is not a valid UK postcode.",
    ]);
  });
});
