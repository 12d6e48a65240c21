import { describe, expect, it } from "vitest";
import {
  addressText,
  declarationInForce,
  declarationTitle,
  donationAmount,
  donationSchema,
  memberHomeAddress,
  ukPostcode,
} from "~/features/donations/donation";
import { DONATION_MESSAGES as M } from "~/features/donations/donation-form";
import type { GiftAidDeclaration } from "~/kernel/store/records";

describe("the amount of a donation", () => {
  it("takes a preset's pence", () => {
    expect(donationAmount("500", "")).toEqual({ ok: true, pence: 500 });
    expect(donationAmount("2500", "99")).toEqual({ ok: true, pence: 2500 });
  });
  it("takes another amount from £1 to £1,000 in pounds, to the penny", () => {
    expect(donationAmount("other", "12.50")).toEqual({ ok: true, pence: 1250 });
    expect(donationAmount("other", "£1")).toEqual({ ok: true, pence: 100 });
    expect(donationAmount("other", "1,000")).toEqual({ ok: true, pence: 100_000 });
    // Typed without choosing the radio: the amount typed is meant.
    expect(donationAmount("", "15")).toEqual({ ok: true, pence: 1500 });
  });
  it("refuses amounts out of range or not in pounds, with a plain message", () => {
    expect(donationAmount("other", "0.99")).toEqual({ ok: false, field: "otherAmount", message: M.otherRange });
    expect(donationAmount("other", "1000.01")).toEqual({ ok: false, field: "otherAmount", message: M.otherRange });
    expect(donationAmount("other", "20000")).toEqual({ ok: false, field: "otherAmount", message: M.otherRange });
    expect(donationAmount("other", "-5")).toEqual({ ok: false, field: "otherAmount", message: M.otherRange });
    expect(donationAmount("other", "")).toEqual({ ok: false, field: "otherAmount", message: M.otherRange });
    expect(donationAmount("other", "ten")).toEqual({ ok: false, field: "otherAmount", message: M.otherAmount });
    expect(donationAmount("other", "12.505")).toEqual({ ok: false, field: "otherAmount", message: M.otherAmount });
    expect(donationAmount("", "")).toEqual({ ok: false, field: "amount", message: M.amount });
    // A preset that is not one of ours is no amount (a forged radio value).
    expect(donationAmount("1", "")).toEqual({ ok: false, field: "amount", message: M.amount });
  });
});

describe("a UK postcode", () => {
  it("is normalised to capitals with one space", () => {
    expect(ukPostcode("sw1a1aa")).toBe("SW1A 1AA");
    expect(ukPostcode(" m3  3pa ")).toBe("M3 3PA");
    expect(ukPostcode("EC1V 9HX")).toBe("EC1V 9HX");
    expect(ukPostcode("b338th")).toBe("B33 8TH");
    expect(ukPostcode("gir 0aa")).toBe("GIR 0AA");
  });
  it("refuses what is not one", () => {
    for (const bad of ["", "12345", "SW1A", "QQ1 1AA", "SW1A 1A", "M3 3PAA", "ZZ99 9ZZZ"]) expect(ukPostcode(bad), bad).toBeNull();
  });
});

describe("a declaration's name and address", () => {
  it("a member's home address is the address, town and county, blank lines dropped", () => {
    expect(memberHomeAddress({ address: " 12 High Street \n\n Flat 2", city: "Manchester", county: "" })).toBe("12 High Street\nFlat 2\nManchester");
    expect(addressText("a\r\n\r\n b ")).toBe("a\nb");
  });
  it("'Other' or an unknown title is none", () => {
    expect(declarationTitle("Mrs")).toBe("Mrs");
    expect(declarationTitle("Other")).toBe("");
    expect(declarationTitle(null)).toBe("");
  });
});

const declaration = (over: Partial<GiftAidDeclaration>): GiftAidDeclaration => ({
  id: "d",
  personId: "p",
  personKind: "member",
  origin: "sign-up",
  wordingVersion: "v",
  title: "",
  fullName: "Ann Giver",
  address: "1 Road",
  postcode: "M3 3PA",
  givenOn: "2026-01-01",
  createdAt: 0,
  createdBy: "p",
  withdrawnOn: null,
  withdrawnAt: null,
  withdrawnBy: null,
  correctedAt: null,
  correctedBy: null,
  pseudonymisedAt: null,
  ...over,
});

describe("the declaration in force on a day", () => {
  it("is the newest given on or before it and not cancelled before it", () => {
    const old = declaration({ id: "old", givenOn: "2025-01-01" });
    const newer = declaration({ id: "new", givenOn: "2026-03-01" });
    expect(declarationInForce([newer, old], "2026-02-01")?.id).toBe("old");
    expect(declarationInForce([newer, old], "2026-03-01")?.id).toBe("new");
    expect(declarationInForce([newer, old], "2024-12-31")).toBeNull();
  });
  it("a cancelled one covers up to its cancellation day, not after", () => {
    const cancelled = declaration({ withdrawnOn: "2026-06-30" });
    expect(declarationInForce([cancelled], "2026-06-30")?.id).toBe("d");
    expect(declarationInForce([cancelled], "2026-07-01")).toBeNull();
  });
});

describe("the donation form's schema", () => {
  const parse = (who: { visitor: boolean; declarationInForce: boolean }, form: Record<string, string>) => donationSchema(who).safeParse(form);
  const messages = (result: ReturnType<typeof parse>) =>
    result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));

  it("a visitor gives a name and e-mail; ticked, the home address and a UK postcode", () => {
    const result = parse(
      { visitor: true, declarationInForce: false },
      {
        amount: "2500",
        otherAmount: "",
        message: " Keep it up ",
        email: "Ann@Example.org",
        fullName: "Ann Giver",
        giftAid: "on",
        title: "Mrs",
        address: "1 Road\nTown",
        postcode: "m33pa",
      },
    );
    expect(result.success && result.data).toEqual({
      amount: 2500,
      message: "Keep it up",
      email: "ann@example.org",
      fullName: "Ann Giver",
      giftAid: true,
      title: "Mrs",
      address: "1 Road\nTown",
      postcode: "M3 3PA",
    });
  });
  it("says what is missing, field by field", () => {
    const result = parse(
      { visitor: true, declarationInForce: false },
      { amount: "", giftAid: "on", title: "King", postcode: "nope", message: "x".repeat(501) },
    );
    expect(messages(result)).toEqual({
      amount: M.amount,
      email: M.email,
      fullName: M.fullName,
      title: M.title,
      address: M.address,
      postcode: M.postcodeFormat,
      message: M.message,
    });
  });
  it("unticked, no address is asked; a member gives no e-mail; a member's declaration in force asks nothing more", () => {
    expect(parse({ visitor: true, declarationInForce: false }, { amount: "500", email: "a@b.org", fullName: "A B" }).success).toBe(true);
    const member = parse({ visitor: false, declarationInForce: true }, { amount: "other", otherAmount: "7", giftAid: "on", email: "ignored" });
    expect(member.success && member.data).toMatchObject({ amount: 700, email: "", giftAid: true, address: "", postcode: "" });
    expect(messages(parse({ visitor: false, declarationInForce: false }, { amount: "500", giftAid: "on" }))).toEqual({
      fullName: M.fullName,
      address: M.address,
      postcode: M.postcode,
    });
  });
});
