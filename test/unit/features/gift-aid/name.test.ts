import { describe, expect, it } from "vitest";
import { scheduleTitle, splitName, withoutHyphens } from "~/features/gift-aid/rules/name";

describe("a donor's name for HMRC's schedule (ADR 74)", () => {
  it("splits a full name into first and last, taking the record's title", () => {
    expect(splitName("John Smith", "Mr")).toEqual({ title: "Mr", firstName: "John", lastName: "Smith", problems: [] });
  });

  it("keeps middle names with the first name", () => {
    expect(splitName("Mary Ann Jones", "Mrs")).toMatchObject({ firstName: "Mary Ann", lastName: "Jones" });
  });

  it("takes a title written in the name when the record has none or says Other", () => {
    expect(splitName("Mr John Smith", "")).toMatchObject({ title: "Mr", firstName: "John", lastName: "Smith", problems: [] });
    expect(splitName("Rev. Anne Hale", "Other")).toMatchObject({ title: "Rev", firstName: "Anne", lastName: "Hale" });
    expect(splitName("Professor Ada Byron", "")).toMatchObject({ title: "Prof", firstName: "Ada", lastName: "Byron" });
  });

  it("the record's title wins, and the same title in the name is not a first name", () => {
    expect(splitName("Mr John Smith", "Dr")).toMatchObject({ title: "Dr", firstName: "John", lastName: "Smith" });
    expect(splitName("Dr Jane Roe", "Dr")).toMatchObject({ title: "Dr", firstName: "Jane", lastName: "Roe" });
  });

  it("writes a double-barrelled last name with a space, as HMRC asks, and hyphens in first names too", () => {
    expect(splitName("Anna Smith-Jones", "Miss")).toMatchObject({ firstName: "Anna", lastName: "Smith Jones", problems: [] });
    expect(splitName("Jean-Paul Martin", "")).toMatchObject({ firstName: "Jean Paul", lastName: "Martin" });
    expect(withoutHyphens("House-Martin")).toBe("House Martin");
  });

  it("keeps particles with the last name", () => {
    expect(splitName("Pieter van der Berg", "")).toMatchObject({ firstName: "Pieter", lastName: "van der Berg" });
  });

  it("a single name is a problem: it needs a first and a last name", () => {
    const single = splitName("Madonna", "");
    expect(single.problems).toEqual(["The name needs a first and a last name."]);
    expect(splitName("Mr Smith", "").problems).toEqual(["The name needs a first and a last name."]);
  });

  it("a title over 4 characters and names over 35 are problems", () => {
    expect(splitName("Horatio Nelson", "Admiral").problems).toEqual(["The title “Admiral” is longer than HMRC's 4 characters."]);
    const long = "A".repeat(36);
    expect(splitName(`${long} ${long}`, "").problems).toEqual([
      "The first name is longer than HMRC's 35 characters.",
      "The last name is longer than HMRC's 35 characters.",
    ]);
    expect(splitName(`${"B".repeat(35)} ${"C".repeat(35)}`, "").problems).toEqual([]);
  });

  it("Other and blank titles are left blank; known long titles are shortened", () => {
    expect(scheduleTitle("Other")).toBe("");
    expect(scheduleTitle(" ")).toBe("");
    expect(scheduleTitle("Reverend")).toBe("Rev");
    expect(scheduleTitle("Miss")).toBe("Miss");
  });
});
