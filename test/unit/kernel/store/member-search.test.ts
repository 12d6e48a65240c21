import { describe, expect, it } from "vitest";
import { cockpitSearchFilter, ftsMatch, looseWords, MAX_SEARCH_WORDS, searchWords, wordStartRegex } from "~/kernel/store/member-search";

describe("members search words (ADR 63)", () => {
  it("cuts a search into lower-case words of letters and digits", () => {
    expect(searchWords("  Sara   THOMAS ")).toEqual(["sara", "thomas"]);
    expect(searchWords("sara.thomas@example.org")).toEqual(["sara", "thomas", "example", "org"]);
    expect(searchWords("M14 5AB")).toEqual(["m14", "5ab"]);
    expect(searchWords("Zoë O'Brien-Smith")).toEqual(["zoë", "o", "brien", "smith"]);
    expect(searchWords("a b c d e f g h i j")).toHaveLength(MAX_SEARCH_WORDS);
  });

  it("never lets FTS5 syntax through: quotes, stars, NEAR, columns and operators are separators", () => {
    expect(searchWords('"')).toEqual([]);
    expect(searchWords("*")).toEqual([]);
    expect(ftsMatch(searchWords('"'))).toBeNull();
    expect(ftsMatch(searchWords("NEAR(sara thomas, 2)"))).toBe('"near"* "sara"* "thomas"* "2"*');
    expect(ftsMatch(searchWords('names: "x" OR y* -z ^w'))).toBe('"names"* "x"* "or"* "y"* "z"* "w"*');
    for (const match of [ftsMatch(searchWords('a"b')), ftsMatch(searchWords("\"'); DROP TABLE members;--"))]) {
      // Every quote opens and closes one word of letters and digits.
      expect(match).toMatch(/^("[\p{L}\p{N}]+"\* ?)+$/u);
    }
  });

  it("asks for a prefix of every word, and an MMA number whole", () => {
    expect(ftsMatch(["sara", "thomas"])).toBe('"sara"* "thomas"*');
    expect(ftsMatch(["mma2"])).toBe('"mma2"');
    expect(looseWords(["mma12345"])).toBeNull();
  });

  it("tries shorter words when the words as typed find nobody: Sarah finds Sara", () => {
    expect(looseWords(["sarah", "thomas"])).toEqual(["sara", "thom"]);
    // Numbers stay whole; words already short give no second try.
    expect(looseWords(["07700900123"])).toBeNull();
    expect(looseWords(["sara", "lee"])).toBeNull();
  });

  it("gives Cockpit one filter: each word begins a word of a household field, or is the member number", () => {
    const filter = cockpitSearchFilter(["sara", "42"]) as { $and: Array<{ $or: Array<Record<string, unknown>> }> };
    expect(filter.$and).toHaveLength(2);
    const fields = filter.$and[0]!.$or.map((part) => Object.keys(part)[0]);
    expect(fields).toEqual(expect.arrayContaining(["fullName", "spouseName", "childName1", "childName5", "email", "mobile", "postcode"]));
    expect(fields).not.toContain("memberId");
    expect(filter.$and[1]!.$or).toContainEqual({ memberId: 42 });
  });

  it("matches a word at the start of a word only, spaced fields whatever their spacing", () => {
    const at = (word: string, text: string, spaced = false) => new RegExp(wordStartRegex(word, spaced), "iu").test(text);
    expect(at("sara", "Sarah Thomas")).toBe(true);
    expect(at("thom", "Sarah Thomas")).toBe(true);
    expect(at("ara", "Sarah Thomas")).toBe(false);
    expect(at("m145ab", "M14 5AB", true)).toBe(true);
    expect(at("07700900123", "07700 900-123", true)).toBe(true);
    expect(wordStartRegex("a.b")).toBe("(^|[^\\p{L}\\p{N}])a\\.b");
  });
});
