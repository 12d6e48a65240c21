import { describe, expect, it } from "vitest";
import { byMemberId, firstNameOf, memberInAudience, type MemberAudience } from "~/features/mailings";
import type { Member } from "~/kernel/store/records";

/** The audiences' one rule (docs/requirements.md §13): the Cockpit store runs it, and D1's SQL says the same. */

const Y = 2026;

function member(overrides: Partial<Member> = {}): Member {
  return {
    id: "m1",
    memberNumber: 1,
    email: "a@example.org",
    passwordHash: "x",
    title: "Mrs",
    fullName: "Sarah Thomas",
    address: "",
    city: "",
    county: "",
    postcode: "",
    mobile: "",
    membership: "Single",
    spouse: null,
    children: [],
    consents: { agreeTerms: true, giftAid: false, resident: true, payment: true, childPhoto: false, childPhotoShare: false },
    role: "member",
    active: true,
    registrationPaid: true,
    lastRenewedYear: Y,
    deleted: false,
    resetKey: null,
    resetKeyExpiresAt: null,
    createdAt: 0,
    updatedAt: 0,
    ...overrides,
  } as Member;
}

const inIt = (audience: MemberAudience, overrides: Partial<Member>) => memberInAudience(member(overrides), audience, Y);

describe("memberInAudience", () => {
  it("active: every active member, of any role, never a deleted or inactive one", () => {
    expect(inIt({ kind: "active" }, {})).toBe(true);
    expect(inIt({ kind: "active" }, { role: "accountant" })).toBe(true);
    expect(inIt({ kind: "active" }, { active: false })).toBe(false);
    expect(inIt({ kind: "active" }, { deleted: true })).toBe(false);
  });

  it("not renewed: active members who have not paid this year, as the pending table (ADR 64)", () => {
    expect(inIt({ kind: "not-renewed" }, { lastRenewedYear: Y - 1 })).toBe(true);
    expect(inIt({ kind: "not-renewed" }, { lastRenewedYear: null })).toBe(true);
    expect(inIt({ kind: "not-renewed" }, { lastRenewedYear: Y })).toBe(false);
    expect(inIt({ kind: "not-renewed" }, { lastRenewedYear: Y - 1, active: false })).toBe(false);
    expect(inIt({ kind: "not-renewed" }, { lastRenewedYear: Y - 1, rejected: { at: 1, reason: "r" } })).toBe(false);
  });

  it("family: active Family members only", () => {
    expect(inIt({ kind: "family" }, { membership: "Family" })).toBe(true);
    expect(inIt({ kind: "family" }, { membership: "Single" })).toBe(false);
    expect(inIt({ kind: "family" }, { membership: "Family", active: false })).toBe(false);
  });

  it("children born: an active member with a child born in one of the years", () => {
    const children = [
      { name: "A", birthYear: 2015 },
      { name: "B", birthYear: 2019 },
    ];
    expect(inIt({ kind: "children-born", years: [2019, 2020] }, { children })).toBe(true);
    expect(inIt({ kind: "children-born", years: [2016] }, { children })).toBe(false);
    expect(inIt({ kind: "children-born", years: [2015] }, { children, active: false })).toBe(false);
    expect(inIt({ kind: "children-born", years: [2015] }, {})).toBe(false);
  });

  it("applicants: not active, registration unpaid, not rejected, not deleted", () => {
    expect(inIt({ kind: "applicants" }, { active: false, registrationPaid: false })).toBe(true);
    expect(inIt({ kind: "applicants" }, { active: false, registrationPaid: true })).toBe(false);
    expect(inIt({ kind: "applicants" }, { active: true, registrationPaid: false })).toBe(false);
    expect(inIt({ kind: "applicants" }, { active: false, registrationPaid: false, rejected: { at: 1, reason: "r" } })).toBe(false);
    expect(inIt({ kind: "applicants" }, { active: false, registrationPaid: false, deleted: true })).toBe(false);
  });
});

describe("firstNameOf and byMemberId", () => {
  it("greets by the first word of the full name", () => {
    expect(firstNameOf("Sarah Thomas")).toBe("Sarah");
    expect(firstNameOf("  Ann   Marie Jones ")).toBe("Ann");
    expect(firstNameOf("")).toBe("");
  });

  it("keeps each member once, in id order", () => {
    const r = (memberId: string) => ({ memberId, email: `${memberId}@example.org`, firstName: memberId });
    expect(byMemberId([r("b"), r("a"), r("b"), r("c")]).map((x) => x.memberId)).toEqual(["a", "b", "c"]);
  });
});
