import { describe, expect, it } from "vitest";
import { applicationSheet, applicationSheetAccess, formatRegistrationDate, isPlausibleRecordId, NOT_GIVEN } from "~/features/membership/application-sheet";
import type { Member } from "~/kernel/store/records";
import { newMember } from "../../../support/fixtures";

// 5 March 2026, 12:00 UTC.
const MARCH_5 = Date.UTC(2026, 2, 5, 12) / 1000;

function member(overrides: Partial<Member> = {}): Member {
  return { ...newMember(), id: "aaaaaaaaaaaaaaaaaaaaaaaa", memberNumber: 7, createdAt: MARCH_5, ...overrides };
}

const family = member({
  title: "Mrs",
  fullName: "Grace Hopper",
  email: "grace@example.com",
  county: "Greater Manchester",
  postcode: "M20 3JA",
  membership: "Family",
  spouse: { title: "Mr", name: "Vincent Hopper", email: "vincent@example.com", mobile: "07700900456" },
  children: [
    { name: "Byron", birthYear: 2015 },
    { name: "Annabella", birthYear: 2019 },
  ],
  consents: { agreeTerms: true, giftAid: false, resident: true, payment: true, childPhoto: true, childPhotoShare: false },
});

const rowsOf = (rows: Array<{ label: string; value: string }>) => Object.fromEntries(rows.map((r) => [r.label, r.value]));

describe("the application sheet's contents", () => {
  it("a Single member: the applicant's details with title and name together, no family section", () => {
    const sheet = applicationSheet(member({ title: "Dr", fullName: "Ada Lovelace", county: "", mobile: "07700900123" }));
    expect(sheet.family).toBeNull();
    expect(sheet.membership).toBe("Single");
    expect(rowsOf(sheet.applicant)).toEqual({
      "Membership type": "Single",
      "Full name": "Dr Ada Lovelace",
      "E-mail": sheet.applicant[2]!.value,
      Mobile: "07700900123",
      Address: "1 Test Street",
      City: "Manchester",
      Postcode: "M1 1AA",
      County: NOT_GIVEN,
    });
    expect(sheet.applicant[2]!.value).toMatch(/@example\.com$/);
  });

  it("a Family member: spouse title, name and e-mail, and the children with their years", () => {
    const sheet = applicationSheet(family);
    expect(rowsOf(sheet.family!.spouse)).toEqual({ "Spouse's title": "Mr", "Spouse's name": "Vincent Hopper", "Spouse's e-mail": "vincent@example.com" });
    expect(sheet.family!.children).toEqual([
      { name: "Byron", year: "2015" },
      { name: "Annabella", year: "2019" },
    ]);
    expect(rowsOf(sheet.applicant)["Full name"]).toBe("Mrs Grace Hopper");
    expect(rowsOf(sheet.applicant).County).toBe("Greater Manchester");
  });

  it("a Family record without spouse details says so rather than showing blanks", () => {
    const sheet = applicationSheet({ ...family, spouse: null, children: [] });
    expect(sheet.family!.spouse.map((r) => r.value)).toEqual([NOT_GIVEN, NOT_GIVEN, NOT_GIVEN]);
    expect(sheet.family!.children).toEqual([]);
  });

  it("a Single member with a pending Family upgrade (spouse saved) still shows no family section", () => {
    expect(applicationSheet({ ...family, membership: "Single" }).family).toBeNull();
  });

  it("ticks and crosses the four declarations, each with a Yes or No in words too", () => {
    const sheet = applicationSheet(family);
    expect(sheet.declarations.map((d) => [d.field, d.mark, d.answer, d.given])).toEqual([
      ["agreeTerms", "✓", "Yes", true],
      ["giftAidConcent", "✗", "No", false],
      ["childPhotoConcent", "✓", "Yes", true],
      ["childPhotoShareConcent", "✗", "No", false],
    ]);
    for (const d of sheet.declarations) expect(d.label.length).toBeGreaterThan(10);
    const all = applicationSheet({ ...family, consents: { ...family.consents, giftAid: true, childPhotoShare: true } });
    expect(all.declarations.every((d) => d.mark === "✓" && d.answer === "Yes")).toBe(true);
  });

  it("shows the member number with its prefix, or Not Generated", () => {
    expect(applicationSheet(member({ memberNumber: 42 })).memberNumber).toBe("MMA42");
    expect(applicationSheet(member({ memberNumber: null })).memberNumber).toBe("Not Generated");
  });

  it("shows the registration date in words, in UK time", () => {
    expect(applicationSheet(family).registered).toBe("5 March 2026");
    // 23:30 UTC on 31 March 2026 is already 1 April in London (BST).
    expect(formatRegistrationDate(Date.UTC(2026, 2, 31, 23, 30) / 1000)).toBe("1 April 2026");
  });

  it("never carries the password hash or reset key", () => {
    const text = JSON.stringify(applicationSheet(member({ resetKey: "SECRETKEY1" })));
    expect(text).not.toContain("pbkdf2");
    expect(text).not.toContain("SECRETKEY1");
  });
});

describe("who may see an application sheet", () => {
  const own = "aaaaaaaaaaaaaaaaaaaaaaaa";
  const other = "bbbbbbbbbbbbbbbbbbbbbbbb";
  it("an accountant may see any member's", () => {
    expect(applicationSheetAccess({ id: own, role: "accountant", active: true }, other)).toBe("accountant");
  });
  it("a member only their own", () => {
    expect(applicationSheetAccess({ id: own, role: "member", active: true }, own)).toBe("self");
    expect(applicationSheetAccess({ id: own, role: "member", active: true }, other)).toBe("none");
  });
  it("nobody else: visitors and inactive applicants (even for their own id or as an accountant)", () => {
    expect(applicationSheetAccess(null, own)).toBe("none");
    expect(applicationSheetAccess({ id: own, role: "member", active: false }, own)).toBe("none");
    expect(applicationSheetAccess({ id: own, role: "accountant", active: false }, other)).toBe("none");
  });
  it("only plain, short ids are looked up", () => {
    expect(isPlausibleRecordId(own)).toBe(true);
    for (const id of ["", "a".repeat(65), "../etc", "a\u0000b", "a b", "a%2Fb", "ä"]) expect(isPlausibleRecordId(id)).toBe(false);
  });
});
