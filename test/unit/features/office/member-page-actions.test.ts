import { describe, expect, it } from "vitest";
import { MEMBER_ACTIONS, actionRefusal } from "~/features/office/member-actions";
import {
  findPostAction,
  isApplicant,
  isRoleAction,
  memberPageActions,
  memberPageStatus,
  type MemberPageActions,
  type MemberPageSubject,
} from "~/features/office/member-page-actions";

const ME = "accountant-1";
const active: MemberPageSubject = {
  id: "m-2",
  fullName: "Sara Thomas",
  active: true,
  role: "member",
  deleted: false,
  registrationPaid: true,
  erased: false,
  rejected: false,
};
const applicant: MemberPageSubject = { ...active, active: false, registrationPaid: false };
const keys = (actions: MemberPageActions["money"]) => actions.map((action) => action.key);

describe("the member page's actions, grouped by what they do (docs/requirements.md §6.3.1, ADR 66)", () => {
  it("an active member: Money records a payment; Membership edits; Danger deletes, changes roles and erases", () => {
    const actions = memberPageActions(active, ME);
    expect(keys(actions.money)).toEqual(["record-payment"]);
    expect(keys(actions.membership)).toEqual(["edit"]);
    expect(keys(actions.danger)).toEqual(["delete", "grant", "grant-editor", "grant-steward", "erase"]);
    expect(actions.theirData).toBe(true);
  });

  it("an applicant: approving is 'Approve and send payment link' under Membership, with reject; no role to give", () => {
    const actions = memberPageActions(applicant, ME);
    expect(actions.membership.map((action) => action.label)).toEqual(["Approve and send payment link", "Reject the application", "Edit details"]);
    expect(findPostAction(actions, "send-link")).toMatchObject({ confirm: false });
    expect(keys(actions.money)).toEqual(["record-payment"]);
    expect(keys(actions.danger)).toEqual(["delete", "erase"]);
  });

  it("an active member whose fee is not paid gets 'Send payment link' under Money, not 'Approve'", () => {
    const actions = memberPageActions({ ...active, registrationPaid: false }, ME);
    expect(actions.money.map((action) => action.label)).toEqual(["Record a payment", "Send payment link"]);
    expect(actions.membership.map((action) => action.label)).not.toContain("Approve and send payment link");
  });

  it("a deleted member: Restore (asking first) and nothing else of Money or Membership; Erase stays in Danger", () => {
    const actions = memberPageActions({ ...active, deleted: true }, ME);
    expect(actions.money).toEqual([]);
    expect(keys(actions.membership)).toEqual(["restore"]);
    expect(findPostAction(actions, "restore")).toMatchObject({ confirm: true });
    expect(keys(actions.danger)).toEqual(["erase"]);
  });

  it("an erased member offers nothing at all; a rejected one only their data", () => {
    expect(memberPageActions({ ...active, deleted: true, active: false, erased: true }, ME)).toEqual({
      money: [],
      membership: [],
      danger: [],
      theirData: false,
    });
    expect(memberPageActions({ ...applicant, deleted: true, rejected: true }, ME)).toEqual({ money: [], membership: [], danger: [], theirData: true });
  });

  it("the accountant's own page offers neither delete, nor revoking their role, nor erase", () => {
    const actions = memberPageActions({ ...active, id: ME, role: "accountant" }, ME);
    expect(keys(actions.danger)).toEqual([]);
  });

  it("offers every role action that actionRefusal allows, in Danger, and never one it refuses", () => {
    for (const role of ["member", "editor", "accountant"] as const) {
      const subject = { ...active, role };
      const danger = keys(memberPageActions(subject, ME).danger);
      for (const action of MEMBER_ACTIONS.filter(isRoleAction)) {
        expect(danger.includes(action), `${action} for a ${role}`).toBe(actionRefusal(action, subject, ME) === null);
      }
    }
    expect(MEMBER_ACTIONS.filter(isRoleAction)).toEqual(
      expect.arrayContaining(["grant", "revoke", "grant-editor", "revoke-editor", "grant-steward", "revoke-steward"]),
    );
    expect(isRoleAction("delete") || isRoleAction("restore") || isRoleAction("send-link")).toBe(false);
  });

  it("every Danger post asks first and says what happens, naming the roles before and after", () => {
    const admin = memberPageActions({ ...active, role: "editor" }, ME);
    for (const action of admin.danger) if (action.kind === "post") expect(action.confirm).toBe(true);
    expect(findPostAction(admin, "grant")).toMatchObject({
      label: "Give the Admin role",
      explains: expect.stringContaining("Sara Thomas's role changes from Website editor to Admin."),
    });
    expect(findPostAction(admin, "revoke-editor")).toMatchObject({ label: "Take away the Website editor role" });
    expect(findPostAction(admin, "delete")?.explains).toMatch(/Restore brings it back/);
  });

  it("names the member's standing", () => {
    expect(memberPageStatus(active)).toBe("Active");
    expect(memberPageStatus(applicant)).toBe("Applicant");
    expect(memberPageStatus({ ...active, active: false })).toBe("Not active");
    expect(memberPageStatus({ ...active, deleted: true })).toBe("Deleted");
    expect(memberPageStatus({ ...active, deleted: true, rejected: true })).toBe("Rejected");
    expect(memberPageStatus({ ...active, deleted: true, erased: true })).toBe("Erased");
    expect(isApplicant({ active: false, registrationPaid: false, deleted: true })).toBe(false);
  });
});
