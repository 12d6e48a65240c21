import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { activityEntry } from "~/kernel/activity/activity";
import { changesForLog, correctionChanges, correctionPatch, correctionSchema, noticeChanges } from "~/features/office/member-correction";
import { rejectionPatch, rejectionRefusal, rejectionSchema } from "~/features/office/member-rejection";
import type { Member } from "~/kernel/store/records";
import { newMember } from "../../../support/fixtures";

const YEAR = 2026;
const member: Member = { ...newMember({ email: "sara@example.com", fullName: "Sara Thomas" }), id: "m-1", memberNumber: 7, createdAt: 1 };

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

const single = {
  email: "  Sara.New@Example.COM ",
  status: "active",
  registrationPaid: "paid",
  title: "Mrs",
  fullName: "Sara Thomas",
  address: member.address,
  city: member.city,
  postcode: member.postcode,
  mobile: member.mobile,
  membership: "Single",
};

const parse = (values: Record<string, string>) => {
  const data = form(values);
  return parseWithZod(data, { schema: correctionSchema(Object.fromEntries(data), YEAR), disableAutoCoercion: true });
};

describe("an accountant's correction of a member (ADR 0052)", () => {
  it("parses the member's fields plus e-mail (lower-cased), status and registration payment", () => {
    const submission = parse(single);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.email).toBe("sara.new@example.com");
    expect(submission.value.active).toBe(true);
    expect(submission.value.registrationPaid).toBe(true);
    expect(submission.value.details.membership).toBe("Single");
  });

  it("refuses a bad e-mail, an unknown status and a Family without its spouse, with the forms' messages", () => {
    const submission = parse({ ...single, email: "not-an-address", status: "maybe", membership: "Family", childCount: "0" });
    expect(submission.status).toBe("error");
    const errors = submission.reply().error ?? {};
    expect(errors.email).toEqual(["Please enter a valid email"]);
    expect(errors.status).toEqual(["Please choose Active or Suspended"]);
    expect(errors.spouseName).toEqual(["Please enter your spouse's name"]);
  });

  it("lists what changed, before → after, and tells the member only of e-mail and membership changes", () => {
    const submission = parse({
      ...single,
      fullName: "Sara Jones",
      membership: "Family",
      childCount: "1",
      spouseTitle: "Mr",
      spouseName: "Tom Jones",
      spouseEmail: "tom@example.com",
      spouseMobile: "07700900111",
      childName1: "Amy",
      childYear1: "2015",
      childPhotoConcent: "on",
      childPhotoShareConcent: "on",
    });
    if (submission.status !== "success") throw new Error("expected a valid form");
    const after: Member = { ...member, ...correctionPatch(member, submission.value) };
    const changes = correctionChanges(member, after);
    expect(changes.map((c) => c.label)).toEqual([
      "E-mail",
      "Title",
      "Full name",
      "Membership type",
      "Spouse",
      "Children",
      "Child photo consent",
      "Child photo sharing consent",
      "Status",
      "Registration payment",
    ]);
    expect(changes.find((c) => c.label === "Children")).toEqual({ label: "Children", before: "None", after: "Amy (2015)" });
    expect(noticeChanges(changes).map((c) => c.label)).toEqual(["E-mail", "Membership type", "Children", "Status", "Registration payment"]);
    const entry = activityEntry(
      { id: "acc", fullName: "Treasurer" },
      { kind: "member-corrected", member: { id: "m-1", fullName: "Sara Jones", memberNumber: 7 }, ...changesForLog(changes) },
      new Date(0),
    );
    expect(entry.before).toMatchObject({ "Full name": "Sara Thomas", Status: "Suspended" });
    expect(entry.after).toMatchObject({ "Full name": "Sara Jones", Status: "Active" });
    expect(JSON.stringify(entry)).not.toContain(member.passwordHash);
  });

  it("finds nothing changed when the form says what the record has", () => {
    const same: Member = { ...member, email: "sara.new@example.com", title: "Mrs", active: true, registrationPaid: true };
    const submission = parse(single);
    if (submission.status !== "success") throw new Error("expected a valid form");
    expect(correctionChanges(same, { ...same, ...correctionPatch(same, submission.value) })).toEqual([]);
  });
});

describe("rejecting an application (ADR 0052)", () => {
  it("needs a reason", () => {
    expect(rejectionSchema.safeParse({ reason: "   " }).success).toBe(false);
    expect(rejectionSchema.safeParse({ reason: " Not a resident " }).data).toEqual({ reason: "Not a resident" });
  });

  it("rejects applicants only: not a paid member, a deleted one or one already rejected", () => {
    expect(rejectionRefusal(member)).toBeNull();
    expect(rejectionRefusal({ ...member, registrationPaid: true })).toMatch(/not an applicant/);
    expect(rejectionRefusal({ ...member, deleted: true })).toMatch(/is deleted/);
    expect(rejectionRefusal({ ...member, deleted: true, rejected: { reason: "x", at: 1 } })).toMatch(/already rejected/);
  });

  it("keeps the record, deleted and marked rejected with the reason", () => {
    expect(rejectionPatch("Not a resident", 100)).toEqual({ deleted: true, active: false, rejected: { reason: "Not a resident", at: 100 } });
  });
});
