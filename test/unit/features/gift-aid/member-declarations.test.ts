import { describe, expect, it } from "vitest";
import {
  CANCEL_INTENT,
  GIVE_INTENT,
  currentDeclaration,
  declarationPersonOf,
  declarationStatusLabel,
  myDeclarationSchema,
  paperDeclarationSchema,
} from "~/features/gift-aid/declarations/declarations";
import type { GiftAidDeclaration } from "~/kernel/store/records";
import { activityEntry } from "~/kernel/activity/activity";

/** A member's own declarations (docs/requirements.md §14): the name and address given, which is in force, the forms. */
const declaration = (fields: Partial<GiftAidDeclaration>): GiftAidDeclaration => ({
  id: "d1",
  personId: "m1",
  personKind: "member",
  origin: "sign-up",
  wordingVersion: "hmrc-model-2026-11",
  title: "Mrs",
  fullName: "Sara Thomas",
  address: "7 Oxford Road\nManchester",
  postcode: "M1 1AA",
  givenOn: "2026-01-10",
  createdAt: 1_768_000_000,
  createdBy: "m1",
  withdrawnOn: null,
  withdrawnAt: null,
  withdrawnBy: null,
  correctedAt: null,
  correctedBy: null,
  pseudonymisedAt: null,
  ...fields,
});

describe("the name and address a declaration is given under", () => {
  it("are the record's: 'Other' is no title, the address lines joined by new lines, the postcode in capitals", () => {
    const person = declarationPersonOf({
      title: "Other",
      fullName: " Sam Lee ",
      address: "Flat 2, 9 Deansgate",
      city: "Manchester",
      county: "",
      postcode: "m3 4lq",
    });
    expect(person).toEqual({ title: "", fullName: "Sam Lee", address: "Flat 2, 9 Deansgate\nManchester", postcode: "M3 4LQ" });
    expect(declarationPersonOf({ title: "Dr", fullName: "Ada", address: "1 A St", city: "Bury", county: "Lancs", postcode: "BL9 0AA" }).title).toBe("Dr");
  });
});

describe("the declaration in force on My Account", () => {
  it("is the newest not cancelled given on or before today", () => {
    const old = declaration({ id: "old", givenOn: "2025-01-01" });
    const newer = declaration({ id: "newer", givenOn: "2026-02-01", origin: "paper" });
    const future = declaration({ id: "future", givenOn: "2026-12-01" });
    expect(currentDeclaration([old, newer, future], "2026-06-01")?.id).toBe("newer");
    expect(declarationStatusLabel([old, newer], "2026-06-01")).toBe("In force since 01-02-2026 (on a paper form)");
  });

  it("is none once cancelled, even on the day of the cancellation", () => {
    const cancelled = declaration({ withdrawnOn: "2026-06-01" });
    expect(currentDeclaration([cancelled], "2026-06-01")).toBeNull();
    expect(declarationStatusLabel([cancelled], "2026-06-01")).toBe("None");
  });
});

describe("the forms", () => {
  it("give needs the box ticked; cancel needs nothing but is asked first (confirmed)", () => {
    expect(myDeclarationSchema.safeParse({ intent: GIVE_INTENT }).success).toBe(false);
    expect(myDeclarationSchema.safeParse({ intent: GIVE_INTENT, declare: "on" }).success).toBe(true);
    expect(myDeclarationSchema.parse({ intent: CANCEL_INTENT })).toEqual({ intent: CANCEL_INTENT, confirmed: undefined });
    expect(myDeclarationSchema.parse({ intent: CANCEL_INTENT, confirmed: "1" })).toEqual({ intent: CANCEL_INTENT, confirmed: "1" });
    expect(myDeclarationSchema.safeParse({ intent: "delete" }).success).toBe(false);
  });

  it("a paper declaration's date is a real day, not after today", () => {
    const schema = paperDeclarationSchema("2026-11-28");
    expect(schema.safeParse({ givenOn: "2026-11-28", declare: "on" }).success).toBe(true);
    expect(schema.safeParse({ givenOn: "2026-11-29", declare: "on" }).success).toBe(false);
    expect(schema.safeParse({ givenOn: "2026-02-30", declare: "on" }).success).toBe(false);
    expect(schema.safeParse({ givenOn: "2026-01-01" }).success).toBe(false);
  });
});

describe("the activity log's sentences", () => {
  const member = { id: "m1", fullName: "Sara Thomas", memberNumber: 1042 };
  it("say whose declaration, how it was given and from when, about the member", () => {
    const given = activityEntry(
      { id: "a1", fullName: "Jane Treasurer" },
      { kind: "gift-aid-declaration-given", member, how: "on a paper form", givenOn: "2026-03-05" },
      new Date(),
    );
    expect(given.summary).toBe("Jane Treasurer recorded a Gift Aid declaration of member MMA1042 Sara Thomas (on a paper form), in force from 05-03-2026.");
    expect(given.memberId).toBe("m1");
    const cancelled = activityEntry({ id: "m1", fullName: "Sara Thomas" }, { kind: "gift-aid-declaration-cancelled", member, on: "2026-11-28" }, new Date());
    expect(cancelled.summary).toBe("Sara Thomas cancelled the Gift Aid declaration of member MMA1042 Sara Thomas: payments after 28-11-2026 are not claimed.");
    expect(cancelled.memberId).toBe("m1");
  });
});
