import { describe, expect, it } from "vitest";
import { actionDoneMessage, actionPatch, actionRefusal, confirmationQuestion, rowActionStates } from "~/domain/member-actions";

const ME = "accountant-1";
const base = { id: "m-2", fullName: "Sara Thomas", active: true, role: "member" as const, deleted: false, registrationPaid: true };

describe("row actions of the members tables", () => {
  it("asks the spec's questions (§5), and nothing before sending a payment link", () => {
    expect(confirmationQuestion("delete", "Sara Thomas")).toBe("Are you sure to delete Sara Thomas?");
    expect(confirmationQuestion("restore", "Sara Thomas")).toBe("Are you sure to restore Sara Thomas?");
    expect(confirmationQuestion("grant", "Sara Thomas")).toBe("Are you sure change privilege of Sara Thomas?");
    expect(confirmationQuestion("revoke", "Sara Thomas")).toBe("Are you sure change privilege of Sara Thomas?");
    expect(confirmationQuestion("send-link", "Sara Thomas")).toBeNull();
  });

  it("changes only the one field the spec names", () => {
    expect(actionPatch("delete")).toEqual({ deleted: true });
    expect(actionPatch("restore")).toEqual({ deleted: false });
    expect(actionPatch("grant")).toEqual({ role: "accountant" });
    expect(actionPatch("revoke")).toEqual({ role: "member" });
    expect(actionDoneMessage("delete", "Sara")).toBe("Sara was deleted.");
  });

  it("gives privilege only to active members, and never lets accountants revoke their own", () => {
    expect(actionRefusal("grant", { ...base, active: false }, ME)).toMatch(/only active members/i);
    expect(actionRefusal("grant", base, ME)).toBeNull();
    expect(actionRefusal("grant", { ...base, role: "accountant" }, ME)).toMatch(/already an admin/);
    expect(actionRefusal("revoke", { ...base, role: "accountant" }, ME)).toBeNull();
    expect(actionRefusal("revoke", { ...base, id: ME, role: "accountant" }, ME)).toBe("You cannot revoke your own privilege.");
    expect(actionRefusal("revoke", { ...base, role: "accountant", active: false }, ME)).not.toBeNull();
    expect(actionRefusal("revoke", base, ME)).toMatch(/not an admin/);
  });

  it("deletes and restores only from the right list, and not oneself", () => {
    expect(actionRefusal("delete", base, ME)).toBeNull();
    expect(actionRefusal("delete", { ...base, deleted: true }, ME)).toMatch(/already deleted/);
    expect(actionRefusal("delete", { ...base, id: ME }, ME)).toBe("You cannot delete your own account.");
    expect(actionRefusal("restore", { ...base, deleted: true }, ME)).toBeNull();
    expect(actionRefusal("restore", base, ME)).toMatch(/not deleted/);
  });

  it("sends a payment link only while the registration fee is unpaid and the member is not deleted", () => {
    expect(actionRefusal("send-link", base, ME)).toMatch(/already paid/);
    expect(actionRefusal("send-link", { ...base, registrationPaid: false }, ME)).toBeNull();
    expect(actionRefusal("send-link", { ...base, registrationPaid: false, deleted: true }, ME)).toMatch(/Restore/);
  });

  it("labels the privilege button by the member's role and disables what cannot be done", () => {
    const states = rowActionStates({ ...base, active: false, registrationPaid: false }, ME);
    expect(states.privilege).toMatchObject({ action: "grant", label: "Give admin privilege" });
    expect(states.privilege.refusal).not.toBeNull();
    expect(states.sendLink.refusal).toBeNull();
    const admin = rowActionStates({ ...base, id: ME, role: "accountant" }, ME);
    expect(admin.privilege).toMatchObject({ action: "revoke", label: "Revoke privilege" });
    expect(admin.privilege.refusal).not.toBeNull();
    expect(admin.delete.refusal).not.toBeNull();
  });
});

describe("the value a row button posts", () => {
  it("round-trips an action and a member id, and rejects anything else", async () => {
    const { memberActionValue, parseMemberActionValue } = await import("~/domain/member-action-value");
    expect(parseMemberActionValue(memberActionValue("send-link", "abc123"))).toEqual({ action: "send-link", id: "abc123" });
    for (const junk of [undefined, null, 42, "", "delete", "delete:", ":abc", "explode:abc", `delete:${"x".repeat(200)}`]) {
      expect(parseMemberActionValue(junk)).toBeNull();
    }
  });
});
