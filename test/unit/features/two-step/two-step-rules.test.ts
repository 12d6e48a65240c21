import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import { isStaff, mustSetUpFirst } from "~/kernel/auth/staff-two-step";
import { TWO_STEP_MESSAGES, codeSchema, resetRefusal, resetSchema, secondStepSchema } from "~/features/two-step/two-step";
import { ROLES } from "~/kernel/store/records";
import { activityEntry, activitySentence } from "~/kernel/activity/activity";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("who must set up two-step first", () => {
  it("staff are accountants and editors; stewards and members are not", () => {
    expect(ROLES.filter(isStaff)).toEqual(["editor", "accountant"]);
  });

  it("staff with the setting on and no second step this session, only", () => {
    for (const role of ROLES) {
      expect(mustSetUpFirst({ role, settingOn: true, secondStepDone: false })).toBe(role === "editor" || role === "accountant");
      expect(mustSetUpFirst({ role, settingOn: false, secondStepDone: false })).toBe(false);
      expect(mustSetUpFirst({ role, settingOn: true, secondStepDone: true })).toBe(false);
    }
  });
});

describe("resets", () => {
  it("nobody resets their own", () => {
    expect(resetRefusal("a", "a")).toBe(TWO_STEP_MESSAGES.notYourOwn);
    expect(resetRefusal("a", "b")).toBeNull();
  });

  it("need a reason, trimmed and at most 500 characters; the Yes is `confirmed=1`", () => {
    expect(parseWithZod(form({ reason: "  " }), { schema: resetSchema }).reply().error).toEqual({ reason: [TWO_STEP_MESSAGES.reasonMissing] });
    expect(parseWithZod(form({ reason: "x".repeat(501) }), { schema: resetSchema }).reply().error).toEqual({ reason: [TWO_STEP_MESSAGES.reasonTooLong] });
    const ok = parseWithZod(form({ reason: " Lost phone ", confirmed: "1" }), { schema: resetSchema });
    expect(ok.status === "success" && ok.value).toEqual({ reason: "Lost phone", confirmed: "1" });
    const unconfirmed = parseWithZod(form({ reason: "Lost phone", confirmed: "yes" }), { schema: resetSchema });
    expect(unconfirmed.status === "success" && unconfirmed.value.confirmed).toBeUndefined();
  });
});

describe("code forms", () => {
  it("say what to enter when the code is empty", () => {
    expect(parseWithZod(form({ code: "" }), { schema: codeSchema }).reply().error).toEqual({ code: [TWO_STEP_MESSAGES.codeMissing] });
    expect(parseWithZod(form({ code: " " }), { schema: secondStepSchema }).reply().error).toEqual({ code: [TWO_STEP_MESSAGES.secondStepCodeMissing] });
  });

  it("keep the code as typed (trimmed) for the service to judge, and where to go after", () => {
    const parsed = parseWithZod(form({ code: " 123 456 ", redirectTo: "/accounts" }), { schema: secondStepSchema });
    expect(parsed.status === "success" && parsed.value).toEqual({ code: "123 456", redirectTo: "/accounts" });
  });
});

describe("the activity log's entries", () => {
  const member = { id: "m1", fullName: "Tess Treasurer", memberNumber: 7 };
  const actor = { id: "a2", fullName: "Alan Auditor" };

  it("a reset names the member, keeps the reason and is filed under the member's id", () => {
    const entry = activityEntry(actor, { kind: "two-step-reset", member, reason: "Lost her phone" }, new Date("2026-11-28T12:00:00Z"));
    expect(entry).toMatchObject({ kind: "two-step-reset", memberId: "m1", subjectId: "m1", actorId: "a2" });
    expect(entry.summary).toBe("Alan Auditor reset the two-step verification of member MMA7 Tess Treasurer. Reason: Lost her phone");
  });

  it("turning it on or off is the member's own", () => {
    expect(activitySentence("Tess Treasurer", { kind: "own-two-step-on", member })).toBe(
      "Tess Treasurer turned on two-step verification for their own account.",
    );
    expect(activitySentence("Tess Treasurer", { kind: "own-two-step-off", member })).toBe(
      "Tess Treasurer turned off two-step verification for their own account.",
    );
  });
});
